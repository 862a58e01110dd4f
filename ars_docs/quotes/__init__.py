"""Quotations match their sources (issue 28).

``find`` reads the quotations a draft attaches to its citation markers,
``text`` gives an acquired original's text by page (cached by content hash),
``match`` compares one quotation with that text, ``check`` joins them for a
draft and a passport, ``accept`` records a reviewed exception in the passport.
Offline and deterministic: no network, no model.
"""
