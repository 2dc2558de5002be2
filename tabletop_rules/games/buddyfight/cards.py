"""Buddyfight card data: card definitions, demo decks, and deck-building validation.

Keywords and effects are data (``keywords: [penetrate]``, ``do: [{op: draw, n: 1}]``) that name
small functions registered in ``BOOK.effects`` (effects.py); an unknown name or parameter is a
validation error that names the file, the card and the field.
"""
from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any, Literal, NamedTuple, Protocol

from ...core.cards import CardData, DeckProblem, Name, check_provenance, load_decks, over_copies
from ...core.cards import resolve_deck as core_resolve_deck
from ...core.datafile import DataError, Strict, entries, entry_name, read_yaml, unique, validate
from ...core.game import Catalogue
from ...core.schema import model_validator
from ...core.texts import Texts
from .book import BOOK
from .checks import cast_timing, main_phase_only, not_a_monster, not_an_item
from .effects import CONDITIONS, KEYWORDS

CardType = Literal["flag", "monster", "item", "spell", "impact"]


class Cost(Strict):
    gauge: int = 0
    life: int = 0
    discard: int = 0
    soul: int = 0               # cards taken from this card's own soul
    soul_from_deck: int = 0     # top cards of the deck put into the called card's soul

    def is_free(self) -> bool:
        return not (self.gauge or self.life or self.discard or self.soul or self.soul_from_deck)

    @cached_property
    def need(self) -> tuple[int, int, int, int, int]:
        """(gauge, life, discard, soul, soul_from_deck), read at once by checks.cannot_pay."""
        return self.gauge, self.life, self.discard, self.soul, self.soul_from_deck


class Target(Strict):
    who: Literal["monster", "attacking", "battling", "self"]
    side: Literal["own", "opponent", "any"] = "any"
    attribute: str | None = None
    power_max: int | None = None
    defense_max: int | None = None
    size_max: int | None = None

    @cached_property
    def plan(self) -> tuple[str, str | None, int | None, int | None, int | None, str]:
        """Its fields as one tuple, read at once by State.matches (asked for every candidate)."""
        return self.side, self.attribute, self.power_max, self.defense_max, self.size_max, self.who


class Op(Strict):
    """One step of an effect; which fields an op may use is checked by ``BOOK.effects``."""
    op: str
    n: int = 1
    power: int = 0
    defense: int = 0
    critical: int = 0
    grant: tuple[str, ...] = ()
    until: Literal["turn", "battle", "always"] = "turn"

    @cached_property
    def params(self) -> dict[str, Any]:
        """The fields its effect function takes (``BOOK.effects``' declared parameters), as the
        keywords of the call ``fn(state, ctx, **params)`` (core/effects.py)."""
        return {k: getattr(self, k) for k in BOOK.effects.params[self.op]}


class Effect(Strict):
    """What a spell, impact or ability does: conditions, an optional target, then the ops."""
    when: Literal["cast", "enter", "act", "continuous"] = "cast"
    cost: Cost = Cost()
    optional: bool = False          # "you may pay ...; if you do" (enter abilities)
    counter: bool = False           # an [Act] ability usable as a [Counter]
    limit: Literal["once_per_turn"] | None = None
    condition: tuple[str, ...] = ()
    target: Target | None = None
    do: tuple[Op, ...]
    text: Name | None = None        # how an [Act] button names the ability, in both languages


class CardDef(CardData):
    id: str
    name: Name
    type: CardType
    world: str
    attributes: tuple[str, ...] = ()
    size: int | None = None
    power: int | None = None
    defense: int | None = None
    critical: int | None = None
    life: int | None = None         # flags
    gauge: int | None = None        # flags
    cost: Cost = Cost()             # call / equip / cast cost
    keywords: tuple[str, ...] = ()
    effect: Effect | None = None    # spells and impacts
    abilities: tuple[Effect, ...] = ()
    text: Name | None = None
    demo: bool = False
    source: str | None = None

    @cached_property
    def acts(self) -> tuple[tuple[int, Effect], ...]:
        """(index, ability) of its [Act] abilities (looked up on every main-phase turn)."""
        return tuple((i, a) for i, a in enumerate(self.abilities) if a.when == "act")

    @cached_property
    def counter_acts(self) -> tuple[tuple[int, Effect], ...]:
        """(index, ability) of its [Act] abilities marked counter: the only ones usable outside
        the main phase (BF-7.1)."""
        return tuple((i, a) for i, a in self.acts if a.counter)

    @cached_property
    def counter_call(self) -> bool:
        """A monster with [Counter]: callable at a counter timing (BF-9.7)."""
        return self.type == "monster" and "counter" in self.keywords

    @cached_property
    def hand_counter(self) -> bool:
        """Usable from the hand at a counter timing, as the timing checks answer (a [Counter]
        spell or monster, BF-7.2, BF-9.7): counter_playable's quick first look."""
        return "window" in self.cast_timings or main_phase_only(self, "window") is None

    @cached_property
    def cast_timings(self) -> frozenset[str]:
        """The timings (chain.timing) at which the timing checks (checks.cast_timing) do not refuse
        casting it, worked out once per card from those checks: listing skips it at the others."""
        counter = "counter" in self.keywords
        return frozenset(w for w in ("main", "final", "window") if cast_timing(self.type, counter, w) is None)

    @cached_property
    def call_timings(self) -> frozenset[str]:
        """The timings (chain.timing) at which main_phase_only does not refuse calling or equipping
        it, worked out once per card from that check (BF-5.1, BF-9.7)."""
        return frozenset(w for w in ("main", "window") if main_phase_only(self, w) is None)

    @cached_property
    def continuous_buffs(self) -> tuple[tuple[Target, dict[str, int]], ...]:
        """Its continuous abilities with a target, each with the total power, defense and
        critical its buffs give (BF-5.7): what State.stat adds to each card they match."""
        return tuple((a.target, {f: sum(getattr(o, f) for o in a.do if o.op == "buff")
                                 for f in ("power", "defense", "critical")})
                     for a in self.abilities if a.when == "continuous" and a.target is not None)

    @cached_property
    def enters(self) -> tuple[int, ...]:
        """Indexes of its "when this card enters" abilities (BF-5.13)."""
        return tuple(i for i, a in enumerate(self.abilities) if a.when == "enter")

    @cached_property
    def facts(self) -> Facts:
        """Its facts as plain attributes (Facts), for the rules' hot paths."""
        return Facts(self)

    @cached_property
    def counterish(self) -> bool:
        """Carries a [Counter] at all (the keyword, or any ability marked counter)."""
        return "counter" in self.keywords or any(a.counter for a in self.abilities)

    @model_validator(mode="after")
    def _check(self) -> CardDef:
        need = {"monster": ("size", "power", "defense", "critical"), "item": ("power", "critical"),
                "flag": ("life", "gauge")}.get(self.type, ())
        for f in need:
            if getattr(self, f) is None:
                raise ValueError(f"a {self.type} needs '{f}'")
        if self.type in ("spell", "impact") and self.effect is None:
            raise ValueError(f"a {self.type} needs 'effect'")
        check_provenance(self)
        return self


class Facts:
    """What the rules read of a card definition on every listing, as plain attributes: a
    pydantic model answers each attribute read through its ``__getattr__`` hook, several times
    slower. Made once per definition (``CardDef.facts``) and shared like the definition: the
    same ``__deepcopy__`` as CardData, so ``state.clone()`` keeps it and never copies it."""

    __slots__ = ("id", "type", "world", "keywords", "name_en", "attributes", "size", "base", "cost",
                 "effect", "acts", "counter_acts", "hand_counter", "counter_call", "cast_timings", "call_timings",
                 "continuous_buffs",
                 "enters", "counterish", "hand_move")

    __deepcopy__ = CardData.__deepcopy__

    def __init__(self, d: CardDef):
        self.id = d.id
        self.type = d.type
        self.world = d.world
        self.keywords = frozenset(d.keywords)
        self.name_en = d.name.en
        self.attributes = d.attributes
        self.size = d.size or 0
        self.base = {"power": d.power or 0, "defense": d.defense or 0, "critical": d.critical or 0}
        self.cost = d.cost
        self.effect = d.effect
        self.acts = d.acts
        self.counter_acts = d.counter_acts
        self.hand_counter = d.hand_counter
        self.counter_call = d.counter_call
        self.cast_timings = d.cast_timings
        self.call_timings = d.call_timings
        self.continuous_buffs = d.continuous_buffs
        self.enters = d.enters
        self.counterish = d.counterish
        # The move that brings it from hand to the field, as the type checks answer (BF-5.2, BF-5.5).
        self.hand_move = "call" if not_a_monster(d) is None else "equip" if not_an_item(d) is None else None


class Deck(Strict):
    id: str
    name: Name
    flag: str
    buddy: str
    cards: dict[str, int]
    demo: bool = False
    note: str | None = None


class Tables(NamedTuple):
    """Buddyfight's own tables (``game.tables``): the card scenario builders pad zones with."""
    filler: str


class HasCards(Protocol):
    """A game, or a catalogue still being loaded: anything with the card definitions."""
    cards: dict[str, Any]


def _check_names(card: CardDef, raw: dict[str, Any], file: Path) -> None:
    """Keywords, ops (with their parameters) and conditions must name registered functions."""
    entry = f"card '{card.id}'"
    for kw in card.keywords:
        if kw not in KEYWORDS:
            raise DataError(file, f"unknown keyword {kw!r} (known: {', '.join(KEYWORDS)})", entry, "keywords")
    effects = [("effect", raw.get("effect"))] if card.effect else []
    effects += [(f"abilities.{i}", a) for i, a in enumerate(raw.get("abilities") or [])]
    for where, eff in effects:
        if not isinstance(eff, dict):
            continue
        for j, op in enumerate(eff.get("do") or []):
            BOOK.effects.check(op, file, entry, f"{where}.do.{j}")
        for c in eff.get("condition") or []:
            if c not in CONDITIONS:
                raise DataError(file, f"unknown condition {c!r} (known: {', '.join(sorted(CONDITIONS))})",
                                entry, f"{where}.condition")


def load_cards(directory: Path, game: Any) -> Catalogue:
    path = directory / "cards.yaml"
    data = read_yaml(path)
    cards = []
    for i, it in enumerate(entries(data, "cards", path, "card")):
        card = validate(CardDef, it, path, entry_name(it, i, "card"))
        _check_names(card, it, path)
        cards.append(card)
    unique((c.id for c in cards), path, "card")
    cat = Catalogue({c.id: c for c in cards})
    filler = data.get("filler")
    if filler not in cat.cards:
        raise DataError(path, "'filler' must name a card (used to pad scenario decks)", field="filler")
    cat.tables = Tables(filler)
    dpath = directory / "decks.yaml"
    cat.decks = load_decks(dpath, Deck, lambda d: deck_problems(cat, d, game.texts, dpath))
    return cat


def deck_problems(game: HasCards, deck: Deck, texts: Texts, file: object = "deck") -> list[DeckProblem]:
    """Deck-building faults as (sentence, clause, field); empty when the deck is legal. The sentences
    are texts.yaml's ``deck.*`` (English and Chinese)."""
    out: list[DeckProblem] = []
    for cid in [deck.flag, deck.buddy, *deck.cards]:
        if cid not in game.cards:
            raise DataError(file, f"unknown card {cid!r}", entry=f"deck '{deck.id}'",
                            field="cards" if cid in deck.cards else ("flag" if cid == deck.flag else "buddy"))
    if game.cards[deck.flag].type != "flag":
        out.append((texts.say("deck.flag", id=deck.flag), "BF-2.1", "flag"))
    if game.cards[deck.buddy].type != "monster":
        out.append((texts.say("deck.buddy", id=deck.buddy), "BF-2.1", "buddy"))
    # A buddy of another world could never be buddy called (BF-1.7), so the deck is refused.
    flag_world, buddy_world = game.cards[deck.flag].world, game.cards[deck.buddy].world
    if game.cards[deck.flag].type == "flag" and buddy_world not in (flag_world, "generic"):
        out.append((texts.say("deck.buddy_world", id=deck.buddy, world=buddy_world, flag=deck.flag,
                              flag_world=flag_world), "BF-2.1", "buddy"))
    for cid, n in deck.cards.items():
        if game.cards[cid].type == "flag":
            out.append((texts.say("deck.flag_in_deck", id=cid), "BF-2.1", "cards"))
        if n < 1:
            out.append((texts.say("deck.count", id=cid), "BF-2.2", "cards"))
    total = sum(deck.cards.values())
    if total < 50:
        out.append((texts.say("deck.size", total=total), "BF-2.2", "cards"))
    for n, cid in over_copies(deck.cards, game.cards, 4):
        out.append((texts.say("deck.copies", n=n, card=cid), "BF-2.3", "cards"))
    return out


def resolve_deck(game: Any, spec: Any, source: str = "options.decks") -> Deck:
    """A deck id from decks.yaml, or a deck given inline (validated, then checked by the deck rules)."""
    deck: Deck = core_resolve_deck(game, spec, source, Deck, lambda d: deck_problems(game, d, game.texts, source))
    return deck
