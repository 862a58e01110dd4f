"""TrustView: the join of the corpus and the human-read log (§3.1, §3.6).

Trust is computed, never read from the draft: the facts for a slug come from
the corpus entry (read conservatively by ``ars_docs.session.corpus``) and from the
read log, where only an *active full-text* mark makes ``human_read_source``
true. What ``ars-docs lookup`` recorded about the work (``lookup_record``) is
laid over the matrix's status (``provenance.with_lookup``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ars_docs.session.attest.records import Attestations, attestations_beside, load_attestations
from ars_docs.session.corpus import Corpus, CorpusEntry
from ars_docs.session.lookup_record import NEVER_CHECKED, LookupFacts, lookup_facts
from ars_docs.session.provenance import Status, TrustFacts, classify, with_lookup
from ars_docs.session.readlog import ReadLog, ReadMark, empty_read_log


@dataclass(frozen=True)
class TrustView:
    corpus: Corpus
    read_log: ReadLog
    _lookups: dict[str, LookupFacts] = field(default_factory=dict, compare=False, repr=False)
    _attested: list[Attestations] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def of(cls, corpus: Corpus, read_log: ReadLog | None = None) -> TrustView:
        return cls(corpus, read_log if read_log is not None else empty_read_log())

    def entry(self, slug: str) -> CorpusEntry | None:
        return self.corpus.get(slug)

    def facts(self, slug: str) -> TrustFacts | None:
        """The three matrix facts for ``slug``; ``None`` when it is not in the corpus."""
        entry = self.corpus.get(slug)
        if entry is None:
            return None
        return TrustFacts(
            source_acquired=entry.source_acquired,
            source_verified_against_original=entry.source_verified_against_original,
            human_read_source=self.read_log.human_read(slug),
        )

    def lookup(self, slug: str) -> LookupFacts:
        """What ``ars-docs lookup`` recorded about the work (``NEVER_CHECKED`` if nothing)."""
        found = self._lookups.get(slug)
        if found is None:
            entry = self.corpus.get(slug)
            found = lookup_facts(entry.data) if entry is not None else NEVER_CHECKED
            self._lookups[slug] = found
        return found

    def status(self, slug: str) -> Status:
        found = self.lookup(slug)
        return with_lookup(classify(self.facts(slug)), found.blocking, found.retraction)

    def attestations(self) -> Attestations:
        """How the session's marks and verifications were made (issue 40): the
        attestations log beside the read log, read on first use (none without a file)."""
        if not self._attested:
            self._attested.append(load_attestations(attestations_beside(self.read_log.path)))
        return self._attested[0]

    def held(self, slug: str) -> str:
        """ "original held on paper at …" when a person recorded that, else ``""``."""
        return self.corpus.held.get(slug, "")

    def partial_read(self, slug: str) -> ReadMark | None:
        """An active mark that does not count as reading the full text, if any."""
        return self.read_log.partial(slug)
