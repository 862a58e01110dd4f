"""Evidence about the cited work itself: does it exist, is it what the passport says,
was it retracted (``ars-docs lookup``, issue 21).

The trust chain of the spec (§3.1, §3.3) rests on the passport's entries; this
room checks those entries against the scholarly registries (Crossref, the DOI
system, OpenAlex, Semantic Scholar, arXiv, Europe PMC) or against a local
snapshot index, and records what it found in the entry (``lookup:``), where
the draft pipeline reads it (``session/lookup_record.py``).

Its sub-rooms: ``entry/`` checks one entry (the query, the registries' records,
the comparison, the verdict), ``batch/`` runs over a passport (set-up, the
response cache, progress, the report, writing records back), ``registries/``
reads each service's answers, ``index/`` is the offline snapshot index.
Identifiers and folds come from ``works/``.
"""
