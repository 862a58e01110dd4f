"""The command groups: one module per group of commands, each registering its parsers and
handlers (parse, call one command, print); ``cli/main.py`` imports only the group asked for."""
