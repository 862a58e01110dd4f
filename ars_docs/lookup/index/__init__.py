"""The offline snapshot index of ``lookup --offline``: its format, build and reader."""
