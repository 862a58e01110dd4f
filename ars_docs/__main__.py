"""``python -m ars_docs`` runs the CLI."""

from ars_docs.cli.main import main

main()
