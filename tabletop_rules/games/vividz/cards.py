"""Vividz card data: accounts, missions, characters, events; demo decks; deck-building checks.

Abilities and mission conditions are data that name registered functions (effects.py) and
counters (conditions.py); every name is checked when the file loads, and a problem is a
DataError naming the file, the card and the field.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from ...core.cards import CardData, DeckProblem, Name, check_provenance, load_decks, over_copies
from ...core.cards import resolve_deck as core_resolve_deck
from ...core.datafile import DataError, Strict, entries, entry_name, read_yaml, unique, validate
from ...core.game import Catalogue
from ...core.schema import model_validator
from ...core.texts import Texts
from .book import BOOK
from .conditions import Cond
from .effects import CONTINUOUS_TARGETS, VALID, check_effect_value

SYMBOLS = ("search_symbol", "cost_reduction", "no_attack")
TRIGGERS = ("enter", "lvup", "attack_success", "p_attack_success")
STAR = "☆"
MIN_DECK, MAX_DECK, MAX_COPIES = 50, 70, 4


class Cost(Strict):
    rest: bool = False          # [Rest] this card
    energy: int = 0             # energy cards to the drop zone


class Ability(Strict):
    kind: Literal["act", "auto", "continuous", "event"]
    trigger: Literal["enter", "lvup", "attack_success", "p_attack_success"] | None = None
    timing: Literal["any", "own", "opp"] = "any"      # [Own turn] / [Opponent's turn]
    limit: int | None = None                          # [Turn 1] and the like
    valid: tuple[str, ...] = ()
    cost: Cost = Cost()
    do: tuple[dict[str, Any], ...]
    text: Name | None = None

    @model_validator(mode="after")
    def _check(self) -> Ability:
        if (self.kind == "auto") != (self.trigger is not None):
            raise ValueError("an [Auto] ability needs a trigger, and only [Auto] abilities have one")
        if self.kind != "act" and (self.cost.rest or self.cost.energy):
            raise ValueError("only [Act] abilities have a [Cost]")
        if self.limit is not None and self.limit < 1:
            raise ValueError("limit must be 1 or more")
        return self


class CardDef(CardData):
    id: str
    name: Name
    type: Literal["account", "mission", "character", "event"]
    cost: int = 0
    power: int | None = None
    mission_info: str | None = None
    trait: str | None = None
    account_info: str | None = None
    symbols: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    check: Cond | None = None
    clear: Cond | None = None
    text: Name | None = None
    demo: bool = False
    source: str | None = None

    @cached_property
    def acts(self) -> tuple[tuple[int, Ability], ...]:
        return tuple((i, a) for i, a in enumerate(self.abilities) if a.kind == "act")

    @cached_property
    def continuous(self) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.kind == "continuous")

    @cached_property
    def auto_index(self) -> dict[str, tuple[int, ...]]:
        return {t: tuple(i for i, a in enumerate(self.abilities) if a.kind == "auto" and a.trigger == t)
                for t in TRIGGERS}

    @cached_property
    def check_test(self) -> Callable[[Any, int], bool]:
        """A mission's [Check] condition as a function of (state, seat) (conditions.py, Cond.test)."""
        assert self.check is not None, f"{self.id} is no mission"
        return self.check.test

    def autos(self, trigger: str) -> tuple[int, ...]:
        return self.auto_index[trigger]

    def has(self, symbol: str) -> bool:
        return symbol in self.symbols

    @model_validator(mode="after")
    def _check(self) -> CardDef:
        if self.type == "character" and self.power is None:
            raise ValueError("a character needs 'power'")
        if self.type == "mission" and (self.check is None or self.clear is None):
            raise ValueError("a mission needs a 'check' and a 'clear' condition")
        if self.type != "mission" and (self.check is not None or self.clear is not None):
            raise ValueError("only missions have check / clear conditions")
        if self.type in ("character", "event", "mission") and not (self.mission_info and self.trait
                                                                   and self.account_info):
            raise ValueError(f"a {self.type} needs mission_info, trait and account_info (VV-3.6)")
        for a in self.abilities:
            if a.kind == "event" and self.type != "event":
                raise ValueError("only event cards have an [Event] ability")
        if self.type == "event" and not any(a.kind == "event" for a in self.abilities):
            raise ValueError("an event card needs an [Event] ability")
        check_provenance(self)
        return self


class Deck(Strict):
    id: str
    name: Name
    account: str
    missions: tuple[str, ...]
    cards: dict[str, int]
    demo: bool = False
    note: str | None = None


def _check_names(card: CardDef, file: Any, known: set[str]) -> None:
    entry = f"card '{card.id}'"
    for i, sym in enumerate(card.symbols):
        if sym not in SYMBOLS:
            raise DataError(file, f"unknown symbol {sym!r} (known: {', '.join(SYMBOLS)})", entry, f"symbols.{i}")
    for i, ab in enumerate(card.abilities):
        where = f"abilities.{i}"
        for j, v in enumerate(ab.valid):
            if v not in VALID:
                raise DataError(file, f"unknown [Valid] condition {v!r} (known: {', '.join(sorted(VALID))})",
                                entry, f"{where}.valid.{j}")
        for j, op in enumerate(ab.do):
            BOOK.effects.check(op, file, entry, f"{where}.do.{j}")
            why = check_effect_value(op)
            if why:
                raise DataError(file, why, entry, f"{where}.do.{j}.n")
            if ab.kind == "continuous" and (op["op"] != "power" or op.get("target") not in CONTINUOUS_TARGETS):
                raise DataError(file, "a [Continuous] ability changes power of self, others_own, all_own or "
                                      "all_opponent", entry, f"{where}.do.{j}")
    for field in ("check", "clear"):
        cond = getattr(card, field)
        for cid in cond.cards_named() if cond is not None else ():
            if cid not in known:
                raise DataError(file, f"unknown card {cid!r} in a condition", entry, f"{field}.where.card")


def load_cards(directory: Path, game: Any) -> Catalogue:
    path = directory / "cards.yaml"
    data = read_yaml(path)
    raw = entries(data, "cards", path, "card")
    cards = [validate(CardDef, it, path, entry_name(it, i, "card")) for i, it in enumerate(raw)]
    unique((c.id for c in cards), path, "card")
    known = {c.id for c in cards}
    for c in cards:
        _check_names(c, path, known)
    by_id = {c.id: c for c in cards}
    filler = data.get("filler")
    if filler not in by_id or by_id[filler].type != "character":
        raise DataError(path, "'filler' must name a character (used to pad scenario decks)", field="filler")
    dpath = directory / "decks.yaml"
    decks = load_decks(dpath, Deck, lambda d: deck_problems(by_id, d, game.texts, dpath))
    texts = getattr(game, "texts", None)
    if texts is not None:
        add_ability_words(texts.templates, cards)
    return Catalogue(by_id, decks, {"filler": filler})


def add_ability_words(templates: dict[str, dict[str, str]], cards: list[CardDef]) -> None:
    """Each ability's own text (cards.yaml) as a word of the game's sentences, so that an [Act]
    label reads in either language: ``word.ability.<card id>.<index>``."""
    for c in cards:
        for i, ab in enumerate(c.abilities):
            if ab.text is not None:
                en, zh = ab.text.en, ab.text.zh or ab.text.en
                templates[f"word.ability.{c.id}.{i}"] = {"en": _literal(en), "zh": _literal(zh)}


def _literal(text: str) -> str:
    """A text as a template with no fields (its braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


def ability_word(cid: str, i: int, ab: Ability) -> str:
    """The word naming an ability in a sentence (``{ability:word}``): its text, or plain [Act]."""
    return f"ability.{cid}.{i}" if ab.text is not None else "act"


def mark_word(game: Any, field: str, value: str | None, lang: str = "en") -> str:
    """A deck-building mark of a card (``trait`` or ``account_info``, VV-3.6) as the table shows
    it in ``lang``: the word ``word.<field>.<value>`` of texts.yaml (the mark itself if none)."""
    if not value:
        return ""
    key = f"word.{field}.{value}"
    return game.texts.render(key, {}, lang) if key in game.texts else value


def fits(card: CardDef, missions: list[CardDef]) -> bool:
    """May ``card`` be in a deck with these missions? (VV-3.6)"""
    if card.mission_info == STAR:
        return True
    return any((m.mission_info, m.trait, m.account_info) == (card.mission_info, card.trait, card.account_info)
               for m in missions)


def _mark(texts: Texts, field: str, value: str | None) -> str:
    """A deck-building mark as a ``word`` field: ``trait.Idol`` when texts.yaml has the word, else itself."""
    return f"{field}.{value}" if f"word.{field}.{value}" in texts else str(value)


def deck_problems(cards: dict[str, CardDef], deck: Deck, texts: Texts, file: Any = "deck") -> list[DeckProblem]:
    """Deck-building faults as (sentence, clause, field); empty when the deck is legal (VV-3.x).
    The sentences are texts.yaml's ``deck.*`` (English and Chinese)."""
    entry = f"deck '{deck.id}'"
    for field, ids in (("account", [deck.account]), ("missions", list(deck.missions)), ("cards", list(deck.cards))):
        for cid in ids:
            if cid not in cards:
                raise DataError(file, f"unknown card {cid!r}", entry=entry, field=field)
    out: list[DeckProblem] = []

    def bad(key: str, clause: str, field: str, **data: Any) -> None:
        out.append((texts.say(key, **data), clause, field))

    if cards[deck.account].type != "account":
        bad("deck.account", "VV-3.1", "account", id=deck.account)
    missions = [cards[m] for m in deck.missions]
    if len(missions) != 3 or any(m.type != "mission" for m in missions):
        bad("deck.missions", "VV-3.2", "missions", ids=", ".join(deck.missions) or "-")
    for n, cid in over_copies(Counter(deck.missions), cards, 1):
        bad("deck.mission_names", "VV-3.2", "missions", n=n, card=cid)
    for cid, n in deck.cards.items():
        d = cards[cid]
        if d.type not in ("character", "event"):
            bad("deck.card_type", "VV-3.3", "cards", id=cid, type=d.type)
        if n < 1:
            bad("deck.count", "VV-3.4", "cards", id=cid)
    total = sum(deck.cards.values())
    if not MIN_DECK <= total <= MAX_DECK:
        bad("deck.size", "VV-3.4", "cards", total=total, lo=MIN_DECK, hi=MAX_DECK)
    for n, cid in over_copies(deck.cards, cards, MAX_COPIES):
        bad("deck.copies", "VV-3.5", "cards", n=n, card=cid, most=MAX_COPIES)
    mlist = [m for m in missions if m.type == "mission"]
    for cid in deck.cards:
        d = cards[cid]
        if d.type in ("character", "event") and not fits(d, mlist):
            # the marks as the table shows them (mark_word): their texts.yaml word in either language
            bad("deck.fits", "VV-3.6", "cards", id=cid, mission_info=d.mission_info,
                trait=_mark(texts, "trait", d.trait), account_info=_mark(texts, "account_info", d.account_info))
    return out


def resolve_deck(game: Any, spec: Any, source: str = "options.decks") -> Deck:
    """A deck id from decks.yaml, or a deck given inline (validated, then checked by the deck rules)."""
    deck: Deck = core_resolve_deck(game, spec, source, Deck, lambda d: deck_problems(game.cards, d, game.texts, source))
    return deck


def symbols_used(card: CardDef) -> set[str]:
    """Every rule-book symbol a card uses (the demo decks must use them all, VV-1.5)."""
    out = set(card.symbols)
    for ab in card.abilities:
        out.add(ab.kind)
        if ab.trigger:
            out.add(ab.trigger)
        if ab.valid:
            out.add("valid")
        if ab.cost.rest or ab.cost.energy:
            out.add("cost")
        if ab.cost.rest:
            out.add("rest")
        if ab.limit:
            out.add("turn_limit")
        if ab.timing != "any":
            out.add(f"{ab.timing}_turn")
        out.add("effect")
        for op in ab.do:
            out.add(op["op"])
    if card.check is not None:
        out |= {"check", "clear", "condition"}
    return out
