"""A session's set-up: ``init`` (a new session's files) and ``drafts`` (which files are the
session's drafts, ``[drafts]`` in ``ars-docs.toml``). Issue 40."""
