"""``python -m ars_docs`` runs the CLI."""

from .cli import main

main()
