"""The checking of one passport entry: what lookup asks (``query``), what the
registries answer (``record``, ``answers``), how the two are compared field by
field (``compare``, ``names``), and the verdict made from that (``check``,
``decide``, ``caveats``, ``verdict``)."""
