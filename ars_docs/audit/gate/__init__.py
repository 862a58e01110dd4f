"""``audit gate`` and ``audit ack``: the stage-transition gate (spec §5); ``main.run_gate``.

Imports ``audit.model`` and ``audit.rows``. ``inventory.json`` (package data)
is the §5.6 failure state inventory ``inventory`` reads.
"""
