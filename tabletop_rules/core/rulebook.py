"""Rule clauses and glossary terms, loaded from ``rules.yaml`` / ``glossary.yaml``.

Clauses are written in the project's own words; ``source`` says which rule-book section each
one paraphrases, ``decision`` marks the ones that settle a gap the rule book leaves open.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from .datafile import DataError, Strict, entries, entry_name, read_yaml, unique, validate
from .schema import field_validator


class Text(Strict):
    en: str
    zh: str | None = None

    @field_validator("en")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must not be empty")
        return v


class Clause(Strict):
    id: str
    title: Text
    text: Text
    source: str
    terms: tuple[str, ...] = ()
    decision: bool = False
    decides: bool = False      # one registered rule check decides it (core/checks.py; conformance test)

    def cite(self, lang: str = "en") -> str:
        title = (self.title.zh if lang == "zh" and self.title.zh else self.title.en)
        return f"{self.id} {title}"


class Variants(Strict):
    """Words a text must not use for a term: known drifts (another word, another script)."""
    zh: tuple[str, ...] = ()
    en: tuple[str, ...] = ()


class Term(Strict):
    id: str
    zh: str                    # Simplified, as every Chinese screen shows it
    zh_book: str | None = None # the rule book's own form where it differs (e.g. Traditional); glossary column only
    ja: str | None = None
    en: str
    source_en: str
    note: str = ""
    note_zh: str = ""          # the note in Chinese (our words); empty: the Chinese reader sees none
    variants: Variants = Variants()   # issue 34: a text that uses one of these instead of zh / en fails the term test
    keep_en: bool = False      # a name kept in English on Chinese screens too (a title, a keyword the book keeps)


class RuleBook:
    """The clauses of one game, by id, in file order."""

    def __init__(self, clauses: list[Clause], documents: dict[str, str] | None = None):
        self.clauses = clauses
        self.documents = documents or {}
        self._by_id = {c.id: c for c in clauses}

    def clause(self, cid: str) -> Clause:
        try:
            return self._by_id[cid]
        except KeyError:
            raise KeyError(f"no clause {cid!r} in this rule book") from None

    def __contains__(self, cid: str) -> bool:
        return cid in self._by_id

    def __iter__(self) -> Iterator[Clause]:
        return iter(self.clauses)

    def __len__(self) -> int:
        return len(self.clauses)


class Glossary(list[Term]):
    """A list of Term with lookups; search matches zh, ja and en."""

    def term(self, tid: str) -> Term:
        found = self.get(tid)
        if found is None:
            raise KeyError(f"no glossary term {tid!r}")
        return found

    def get(self, tid: str) -> Term | None:
        """The term with this id, or None."""
        index = self.__dict__.get("_index")
        if index is None or len(index) != len(self):
            index = self.__dict__["_index"] = {t.id: t for t in self}
        return index.get(tid)

    def search(self, text: str) -> list[Term]:
        q = text.strip().lower()
        if not q:
            return list(self)
        return [t for t in self if any(q in (s or "").lower() for s in (t.id, t.zh, t.ja, t.en, t.note, t.note_zh))]


def load_glossary(path: Path) -> Glossary:
    data = read_yaml(path)
    items = entries(data, "terms", path, "term")
    terms = Glossary(validate(Term, it, path, entry_name(it, i, "term")) for i, it in enumerate(items))
    unique((t.id for t in terms), path, "term")
    return terms


def load_rulebook(path: Path, glossary: Glossary | None = None) -> RuleBook:
    data = read_yaml(path)
    items = entries(data, "clauses", path, "clause")
    clauses = [validate(Clause, it, path, entry_name(it, i, "clause")) for i, it in enumerate(items)]
    unique((c.id for c in clauses), path, "clause")
    if glossary is not None:
        known = {t.id for t in glossary}
        for c in clauses:
            for t in c.terms:
                if t not in known:
                    raise DataError(path, f"unknown glossary term {t!r}", entry=f"clause '{c.id}'", field="terms")
    docs = data.get("documents") or {}
    if not isinstance(docs, dict):
        raise DataError(path, "expected a mapping of document keys to titles", field="documents")
    return RuleBook(clauses, {str(k): str(v) for k, v in docs.items()})
