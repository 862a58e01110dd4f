"""The snapshot index's file format, defined once for its writer and its reader.

An index is one SQLite file (``docs/lookup-index.md`` says why SQLite):

* ``meta(key, value)`` — what the index is and how it was built, each value JSON:
  ``format`` (``FORMAT``), ``format_version``, ``built_at``, ``ars_docs_version``,
  ``sqlite_version``, ``inputs`` (name, sha256, bytes, records, skipped per file),
  ``skipped`` (count and the first ``SKIPPED_SHOWN`` ``file:line: reason``),
  ``records`` (count per service) and ``replaced`` (records a later line replaced).
* ``works(id, key, service, record)`` — one row per record, ``record`` the compact
  JSON of ``index_codec``; ``key`` (``service:doi`` or ``service:openalex id``) makes a
  later line of the same work replace an earlier one.
* ``ids(kind, value, work)`` — every identifier of every record: ``doi`` (lower
  case), ``arxiv`` (lower case), ``pmid``, ``pmcid`` (``PMC…``), ``openalex``
  (``W…``), ``isbn`` (ISBN-13).
* ``titles(title, names)`` — an FTS5 table without content, rowid = ``works.id``:
  the folded words of every title and subtitle, and of every author's and
  editor's name.
* ``words(term, docs)`` — in how many records' titles each word occurs. FTS5
  counts this anew, by reading the word's whole list, whenever it ranks; a
  search picks its words from this table instead, the rarest first, so that
  ranking reads short lists only (``docs/lookup-index.md``, "Searching").

``PRAGMA application_id`` and ``user_version`` carry the format too, so ``file``
and a quick check recognise an index before any table is read.
"""

from __future__ import annotations

__all__ = [
    "APPLICATION_ID",
    "COUNT_WORDS",
    "FORMAT",
    "FORMAT_VERSION",
    "SCHEMA",
    "SKIPPED_SHOWN",
    "TOKENIZER",
]

FORMAT = "ars-docs-snapshot-index"
FORMAT_VERSION = 1
#: "ARSI" as a big-endian 32-bit number: SQLite's slot for "which program's file is this".
APPLICATION_ID = 0x41525349
#: How many skipped lines the index (and the build report) keeps word for word.
SKIPPED_SHOWN = 20
#: The text is folded before it is indexed (``fold.py``), so the tokenizer only splits.
TOKENIZER = "unicode61 remove_diacritics 0"

SCHEMA = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
    "CREATE TABLE works ("
    " id INTEGER PRIMARY KEY, key TEXT UNIQUE, service TEXT NOT NULL, record TEXT NOT NULL)",
    "CREATE TABLE ids ("
    " kind TEXT NOT NULL, value TEXT NOT NULL, work INTEGER NOT NULL,"
    " PRIMARY KEY (kind, value, work)) WITHOUT ROWID",
    f"CREATE VIRTUAL TABLE titles USING fts5(title, names, content='', tokenize='{TOKENIZER}')",
    "CREATE TABLE words (term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID",
)
#: Run once every record is in: fills ``words`` from FTS5's own counts.
COUNT_WORDS = (
    "CREATE VIRTUAL TABLE temp.vocabulary USING fts5vocab(main, titles, col)",
    "INSERT INTO words(term, docs) SELECT term, doc FROM temp.vocabulary WHERE col = 'title'",
    "DROP TABLE temp.vocabulary",
)
