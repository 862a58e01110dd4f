"""The command line: ``main.py`` parses and dispatches; one module per
command group registers its subcommands and imports its heavy dependencies
only inside the handler that needs them. Nothing else imports this package."""
