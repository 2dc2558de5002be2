"""Card-data rules shared by every game."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .datafile import DataError, Strict, entries, entry_name, read_yaml, rule_cite, unique, validate
from .texts import Say
from .userinput import oversized, shown

#: The most copies of one card an inline deck may list (kit bound: every game's deck rules allow at
#: most a handful of one name; a larger count is refused before those rules add it up).
MAX_COPIES = 1_000

PROVENANCE = "a card is either invented (demo: true) or real (source: where its facts come from)"


def check_provenance(card: Any) -> None:
    """Invented card data says so (``demo: true``); real card facts cite where they come from.
    Raised inside a pydantic validator, so the error names the file, the card and the field."""
    if not getattr(card, "demo", False) and not getattr(card, "source", None):
        raise ValueError(PROVENANCE)


class CardData(Strict):
    """Base of every game's card definitions: validated, frozen, and shared by every state and
    clone (a clone copies the cards in play, never the definitions they point to)."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> CardData:
        return self


class Name(Strict):
    """A card's (or character's) name: English, and the Chinese and Japanese forms where known."""

    en: str
    zh: str | None = None
    ja: str | None = None


#: What a deck check reports: (what is wrong, the clause it breaks, the field). What is wrong is a
#: sentence of the game's texts.yaml (``deck.*`` keys) with its data, so it reads in either language.
DeckProblem = tuple[Say, str, str]


def over_copies(counts: Mapping[str, int], cards: Mapping[str, Any], most: int) -> list[tuple[int, str]]:
    """The names with more than ``most`` copies in ``counts`` (card id -> copies; cards of one name
    count together, as every game's "at most N of a name" rule says), as (copies, a card id of that
    name: its name is read in the reader's language), by name."""
    by_name: dict[str, int] = {}
    one_of: dict[str, str] = {}
    for cid, n in counts.items():
        name = cards[cid].name.en
        by_name[name] = by_name.get(name, 0) + n
        one_of.setdefault(name, cid)
    return [(n, one_of[name]) for name, n in sorted(by_name.items()) if n > most]


def resolve_deck(game: Any, spec: Any, source: str, model: type[Strict],
                 problems: Callable[[Any], list[DeckProblem]]) -> Any:
    """A deck for a seat: an id from the game's decks.yaml, or a deck given inline as a mapping,
    validated by ``model`` and then checked by the game's deck-building rules (``problems``);
    the first problem is a DataError naming the rule, the deck and the field."""
    if isinstance(spec, str):
        if spec not in game.decks:
            raise ValueError(f"unknown deck {shown(spec)} (known: {', '.join(game.decks)})")
        return game.decks[spec]
    if isinstance(spec, dict):
        # No deck rule lets a name in more than a few times: a count beyond MAX_COPIES is refused
        # here, before the game's rules sum or format it (issue 33: counts of 5,000 digits).
        big = oversized(spec, MAX_COPIES, max_items=5_000, max_text=200)
        if big is not None:
            raise DataError.bilingual(source, f"an inline deck holds {big[1]}", f"直接写出的卡组中有{big[2]}",
                                      entry=entry_name(spec, 0, "deck"), field=big[0] or None)
        deck = validate(model, spec, source, entry_name(spec, 0, "deck"))
        _refuse_first(problems(deck), source, deck)
        return deck
    raise ValueError(f"a deck is a deck id or a mapping, got {shown(spec)}")


def load_decks(path: Any, model: type[Strict], problems: Callable[[Any], list[DeckProblem]]) -> dict[str, Any]:
    """A game's ``decks.yaml``: every deck validated by ``model`` and checked by the game's
    deck-building rules, so a demo deck that breaks a rule is refused when the game loads."""
    data = read_yaml(path)
    decks = [validate(model, it, path, entry_name(it, i, "deck"))
             for i, it in enumerate(entries(data, "decks", path, "deck"))]
    unique((d.id for d in decks), path, "deck")
    for d in decks:
        _refuse_first(problems(d), path, d)
    return {d.id: d for d in decks}


def _refuse_first(found: list[DeckProblem], source: Any, deck: Any) -> None:
    if found:
        says, clause, fld = found[0]
        raise DataError(source, f"{says.render()}{rule_cite(clause)}", entry=f"deck '{deck.id}'", field=fld,
                        says=says, clause=clause)
