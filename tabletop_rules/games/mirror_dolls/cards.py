"""Mirror-doll card data: dolls (with forms), spells and mirror cards; demo decks; deck-building checks.

Abilities are data: each ``do`` / ``static`` entry names an effect registered in ``effects.py``
(``{op: damage, n: 3, kind: normal}``); an unknown name or parameter is a DataError naming the file,
the card and the field. Lasting effects (auras, discounts) may only appear in ongoing casts and
mirror cards, one-off effects only in casts.
"""
from __future__ import annotations

from collections import Counter
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from ...core.cards import CardData, DeckProblem, Name, check_provenance, load_decks, over_copies
from ...core.cards import resolve_deck as core_resolve_deck
from ...core.datafile import DataError, Strict, entries, entry_name, read_yaml, unique, validate
from ...core.game import Catalogue
from ...core.schema import Field, model_validator
from ...core.texts import Texts
from . import effects  # noqa: F401  (registers the effects the card data names)
from .book import BOOK


class Cost(Strict):
    order: Annotated[int, Field(ge=0)] = 0
    chaos: Annotated[int, Field(ge=0)] = 0
    overflow: Annotated[int, Field(ge=0, le=1)] = 0


class Cast(Strict):
    """A spell's or a doll's cast: its cost, what it targets, how long it lasts, what it does."""
    cost: Cost = Cost()
    target: Literal["none", "enemy_doll", "own_doll", "any_doll"] = "none"
    duration: Annotated[int, Field(ge=1)] | None = None
    do: tuple[dict[str, Any], ...]


class Form(Strict):
    attack: Annotated[int, Field(ge=0)]
    hp: Annotated[int, Field(ge=1)]
    shield: Annotated[int, Field(ge=0)] = 0
    damage: Literal["normal", "armour_break", "true_damage"] = "normal"
    cast: Cast | None = None


class CardDef(CardData):
    id: str
    type: Literal["doll", "spell", "mirror"]
    name: Name
    cost: Annotated[int, Field(ge=0)] | None = None
    forms: dict[str, Form] = {}
    spell: Cast | None = None
    static: tuple[dict[str, Any], ...] = ()
    text: Name | None = None
    demo: bool = False
    source: str | None = None

    @model_validator(mode="after")
    def _check(self):
        bad = [f for f in self.forms if f not in ("real", "mirror", "critical")]
        if bad:
            raise ValueError(f"unknown form {bad[0]!r} (forms: real, mirror, critical)")
        if self.type == "doll":
            if self.cost is None or not self.forms:
                raise ValueError("a doll needs 'cost' and at least one form in 'forms'")
            if self.spell or self.static:
                raise ValueError("a doll has no 'spell' or 'static' (its casts belong to its forms)")
        elif self.type == "spell":
            if self.spell is None or self.forms or self.static:
                raise ValueError("a spell needs 'spell' and has no 'forms' or 'static'")
        else:
            if not self.static or self.forms or self.spell:
                raise ValueError("a mirror card needs 'static' and has no 'forms' or 'spell'")
        check_provenance(self)
        return self

    @cached_property
    def first_form(self) -> str:
        """The form a doll takes when its side has none of its forms (MD-7.7)."""
        return next(f for f in ("real", "mirror", "critical") if f in self.forms)

    @cached_property
    def lasting_static(self) -> dict[str, tuple[dict[str, Any], ...]]:
        """A mirror card's static effects by op (effects.lasting, board's auras), worked out once."""
        out: dict[str, list[dict[str, Any]]] = {}
        for call in self.static:
            out.setdefault(call["op"], []).append(call)
        return {op: tuple(calls) for op, calls in out.items()}


class Deck(Strict):
    id: str
    name: Name
    dolls: dict[str, int]
    spells: dict[str, int]
    mirrors: tuple[str, ...]
    demo: bool = False
    source: str | None = None
    note: Name | None = None


class Tables(NamedTuple):
    fillers: dict[str, str]


def _check_calls(card: CardDef, file) -> None:
    """Every effect a card names exists, with known, well-typed parameters, in a place it fits."""
    entry = f"card '{card.id}'"
    casts: list[tuple[str, Cast]] = []
    if card.spell:
        casts.append(("spell", card.spell))
    for fname, form in card.forms.items():
        if form.cast:
            casts.append((f"forms.{fname}.cast", form.cast))
    for where, cast in casts:
        for j, call in enumerate(cast.do):
            BOOK.effects.check(call, file, entry, f"{where}.do.{j}")
            lasting = BOOK.effects.meta[call["op"]].get("lasting", False)
            if lasting and cast.duration is None:
                raise DataError(file, f"{call['op']} lasts, so it needs an ongoing cast (duration)", entry,
                                f"{where}.do.{j}.op")
            if BOOK.effects.meta[call["op"]].get("target") and cast.target == "none":
                raise DataError(file, f"{call['op']} needs a target (target: enemy_doll, own_doll or any_doll)",
                                entry, f"{where}.target")
    for j, call in enumerate(card.static):
        BOOK.effects.check(call, file, entry, f"static.{j}")
        if not BOOK.effects.meta[call["op"]].get("lasting", False):
            raise DataError(file, f"{call['op']} is a one-off effect; a mirror card's static effects last",
                            entry, f"static.{j}.op")


def load_cards(directory: Path, game) -> Catalogue:
    path = directory / "cards.yaml"
    data = read_yaml(path)
    cards: list[CardDef] = []
    for i, it in enumerate(entries(data, "cards", path, "card")):
        card = validate(CardDef, it, path, entry_name(it, i, "card"))
        _check_calls(card, path)
        cards.append(card)
    unique((c.id for c in cards), path, "card")
    by_id = {c.id: c for c in cards}
    fillers = data.get("fillers") if isinstance(data, dict) else None
    if not isinstance(fillers, dict) or by_id.get(fillers.get("doll", "")) is None \
            or by_id.get(fillers.get("spell", "")) is None:
        raise DataError(path, "'fillers' must name a doll and a spell (used to pad scenario decks)", field="fillers")
    dpath = directory / "decks.yaml"
    decks = load_decks(dpath, Deck, lambda d: deck_problems(by_id, d, game.texts, dpath))
    return Catalogue(by_id, decks, Tables(dict(fillers)))


PARTS = (("dolls", "doll", 20, 30, 3, "MD-2.1"), ("spells", "spell", 5, 10, 2, "MD-2.2"),
         ("mirrors", "mirror", 1, 5, 1, "MD-2.3"))


def deck_problems(cards: dict[str, CardDef], deck: Deck, texts: Texts, file: Any = "deck") -> list[DeckProblem]:
    """Deck-building faults as (sentence, clause, field); empty when the deck is legal (MD-2.1 .. MD-2.4).
    The sentences are texts.yaml's ``deck.*`` (English and Chinese)."""
    out: list[DeckProblem] = []
    for part, ctype, lo, hi, per_name, clause in PARTS:
        counts: dict[str, int] = dict(Counter(deck.mirrors)) if part == "mirrors" else getattr(deck, part)
        for cid, n in counts.items():
            card = cards.get(cid)
            if card is None:
                raise DataError(file, f"unknown card {cid!r}", entry=f"deck '{deck.id}'", field=part)
            if card.type != ctype:
                out.append((texts.say("deck.part", id=cid, type=f"{card.type}_card", part=f"{ctype}_card"), "MD-2.4",
                            part))
            if n < 1:
                out.append((texts.say("deck.count", id=cid), clause, part))
        total = sum(counts.values())
        if not lo <= total <= hi:
            out.append((texts.say("deck.size", total=total, part=f"{ctype}_cards", lo=lo, hi=hi), clause, part))
        for n, cid in over_copies(counts, cards, per_name):
            out.append((texts.say("deck.copies", n=n, part=f"{ctype}_cards", card=cid, most=per_name), clause, part))
    return out


def resolve_deck(game: Any, spec: Any, source: str = "options.decks") -> Deck:
    """A deck id from decks.yaml, or a deck given inline (validated, then checked by the deck rules)."""
    deck: Deck = core_resolve_deck(game, spec, source, Deck, lambda d: deck_problems(game.cards, d, game.texts, source))
    return deck
