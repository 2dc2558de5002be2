"""Blood Recall card data: vessels, recallers, arts, recall and hindrance cards, and story mode's
Mythic Madness and disaster cards, all in one shared file (data/blood-recall-common/cards.yaml).

Each mode's own ``cards.yaml`` names the shared file and the card types it plays with, so the two
game ids read the same cards. Effects are data (``[{op: draw, n: 1}]``) naming functions registered
in the Books (``effects.py``: the mode's ``Book.effects``, story mode's ``registry("madness")``);
an unknown name or parameter is a DataError naming the file, the card and the field.
The loader returns a ``Catalogue`` whose ``tables`` (``Tables``) hold what the engine looks up.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, NamedTuple, TypeVar

from ...core.cards import CardData, Name, check_provenance
from ...core.datafile import DataError, Strict, entries, entry_name, read_yaml, unique, validate
from ...core.game import Catalogue
from ...core.registry import Registry, args_of
from ...core.schema import model_validator
from ...core.texts import Say, Texts
from .effects import effect_tables

CardType = Literal["vessel", "recaller", "art", "recall", "hindrance", "madness", "disaster"]
M = TypeVar("M", bound=Strict)
#: An effect as the card data writes it: ``{op: draw, n: 1}`` (checked against the effect registries),
#: and as the engine runs it: the registered function and its parameters.
Effect = dict[str, Any]
Call = tuple[Callable[..., None], dict[str, Any]]


class VesselSide(Strict):
    hand: int
    self_harm: int
    lineage: int
    effect: tuple[Effect, ...] = ()


class MadnessSide(Strict):
    play: int
    magic: int
    chant: int
    end: tuple[Effect, ...] = ()
    stars: tuple[Effect, ...] = ()
    special: tuple[Effect, ...] = ()


class Crest(Strict):
    id: str
    name: Name
    demo: bool = False
    source: str | None = None


class Difficulty(Strict):
    id: str
    name: Name
    seals: int
    demo: bool = False
    source: str | None = None


REQUIRED = {
    "vessel": ("crest", "era", "front", "awakened"),
    "recaller": ("crest", "cost"),
    "art": ("art", "stage", "attack", "supply"),
    "recall": ("crest", "cost", "attack"),
    "hindrance": ("attack", "supply"),
    "madness": ("front", "deified"),
    "disaster": ("kind", "supply"),
}


class CardDef(CardData):
    id: str
    name: Name
    type: CardType
    crest: str | None = None          # vessels and recallers: a vessel crest; recall cards: a pile crest
    era: int | None = None            # vessels: the year; older (smaller) goes first
    front: VesselSide | MadnessSide | None = None
    awakened: VesselSide | None = None
    deified: MadnessSide | None = None
    cost: int | None = None           # recallers: recall points; recall cards: blood from the pool
    ongoing: bool = False             # recallers marked 【継続】
    attack: int | None = None
    art: Literal["slash", "blood"] | None = None
    stage: int | None = None
    supply: int | None = None         # copies in the covenant area at the start
    effect: tuple[Effect, ...] = ()   # when played, recalled, self-harmed or Blood Recalled
    battle: tuple[Effect, ...] = ()   # in the blood battle, while in the play area
    prologue: bool = False            # the prologue's Madness (Evil Fruit of the Cosmos)
    stars: int | None = None          # a Mythic Madness's threat rating (more is stronger)
    kind: Literal["magic", "chant", "end", "seal", "special"] | None = None
    text: Name | None = None
    demo: bool = False
    source: str | None = None

    @model_validator(mode="after")
    def _check(self) -> CardDef:
        for f in REQUIRED[self.type]:
            if getattr(self, f) is None:
                raise ValueError(f"a {self.type} card needs '{f}'")
        if self.type == "vessel" and not isinstance(self.front, VesselSide):
            raise ValueError("a vessel's front needs hand, self_harm and lineage")
        if self.type == "madness" and not isinstance(self.front, MadnessSide):
            raise ValueError("a Madness's front needs play, magic and chant")
        check_provenance(self)
        return self


class ModeCards(Strict):
    """A mode's cards.yaml: where the shared file is and which card types the mode uses."""
    game: str
    shared: str
    types: tuple[CardType, ...]
    note: str | None = None


class Tables(NamedTuple):
    """Blood Recall's own tables, derived from the cards once per game (``game.tables``)."""

    crests: dict[str, Crest]
    recall_crests: dict[str, Crest]
    difficulties: dict[str, Difficulty]
    shared_cards: Path                           # the shared card file both modes read
    by_type: dict[str, list[str]]                # card type -> card ids, in file order
    recallers_of: dict[str, list[str]]           # vessel crest -> its Blood Recallers
    higher_stages: dict[str, tuple[str, ...]]    # art -> the same art's higher stages, lowest first (BRD-3.7)
    piles: list[list[str]]                       # the recall cards of each recall pile
    disaster_of: dict[str, str]                  # disaster kind -> its card
    labels: dict[tuple[str, ...], Say]           # (action kind, card id[, target id]) -> the action's label
    ops: dict[tuple[str, str], tuple[Call, ...]]  # (card id, part) -> its effects, resolved


def _effect_fields(card: CardDef, player: Registry[Any], madness: Registry[Any]
                   ) -> list[tuple[str, tuple[Effect, ...], Registry[Any]]]:
    """(field name, effects, registry) for every effect list on a card: ``player`` the player effects
    (a Book's ``effects``), ``madness`` the Madness's (``STORY.registry("madness")``)."""
    out = [("effect", card.effect, player), ("battle", card.battle, player)]
    if isinstance(card.front, VesselSide) and card.awakened is not None:
        out += [("front.effect", card.front.effect, player), ("awakened.effect", card.awakened.effect, player)]
    if isinstance(card.front, MadnessSide) and card.deified is not None:
        for name, side in (("front", card.front), ("deified", card.deified)):
            out += [(f"{name}.end", side.end, madness), (f"{name}.stars", side.stars, madness),
                    (f"{name}.special", side.special, madness)]
    return out


def _check_card(card: CardDef, file: Path, crests: set[str], recall_crests: set[str], hindrances: set[str],
                tables: tuple[Registry[Any], Registry[Any]]) -> None:
    entry = f"card '{card.id}'"
    if card.type in ("vessel", "recaller") and card.crest not in crests:
        raise DataError(file, f"unknown crest {card.crest!r} (known: {', '.join(sorted(crests))})", entry, "crest")
    if card.type == "recall" and card.crest not in recall_crests:
        raise DataError(file, f"unknown recall crest {card.crest!r} (known: {', '.join(sorted(recall_crests))})",
                        entry, "crest")
    for where, effects, registry in _effect_fields(card, *tables):
        for j, call in enumerate(effects):
            field = f"{where}.{j}"
            registry.check(call, file, entry, field)
            n = call.get("n", 1)
            if not isinstance(n, int) or isinstance(n, bool):
                raise DataError(file, f"n must be a whole number, got {n!r}", entry, f"{field}.n")
            if call["op"] == "hindrance" and call["name"] not in hindrances:
                raise DataError(file, f"unknown hindrance card {call['name']!r}", entry, f"{field}.name")


def _items(data: Any, key: str, kind: str, model: type[M], path: Path) -> list[M]:
    """The validated entries of one top-level list of the card file."""
    return [validate(model, it, path, entry_name(it, i, kind)) for i, it in enumerate(entries(data, key, path, kind))]


def load_cards(directory: Path, game: Any) -> Catalogue:
    """The mode's cards (its card types only) and the tables the engine needs."""
    mpath = directory / "cards.yaml"
    mode = validate(ModeCards, read_yaml(mpath), mpath)
    path = (directory.parent / mode.shared).resolve()
    if not path.is_file():
        raise DataError(mpath, f"the shared card file {mode.shared!r} is missing ({path})", field="shared")
    data = read_yaml(path)
    crests = _items(data, "crests", "crest", Crest, path)
    rcrests = _items(data, "recall_crests", "recall crest", Crest, path)
    diffs = _items(data, "difficulties", "difficulty", Difficulty, path)
    every = _items(data, "cards", "card", CardDef, path)
    for items, kind in ((crests, "crest"), (rcrests, "recall crest"), (diffs, "difficulty"), (every, "card")):
        unique((x.id for x in items), path, kind)
    crest_ids, rcrest_ids = {x.id for x in crests}, {x.id for x in rcrests}
    hindrances = {x.id for x in every if x.type == "hindrance"}
    tables = effect_tables(game.state_cls.book)
    for c in every:
        _check_card(c, path, crest_ids, rcrest_ids, hindrances, tables)
    cards = {c.id: c for c in every if c.type in mode.types}
    return Catalogue(cards, {}, _tables(cards, {c.id: c for c in crests}, {c.id: c for c in rcrests},
                                        {d.id: d for d in diffs}, path, game.texts, tables))


def _tables(cards: dict[str, CardDef], crests: dict[str, Crest], recall_crests: dict[str, Crest],
            difficulties: dict[str, Difficulty], path: Path, texts: Texts,
            tables: tuple[Registry[Any], Registry[Any]]) -> Tables:
    """Lookups the engine uses on every turn, computed once per game."""
    by: dict[str, list[str]] = {}
    for c in cards.values():
        by.setdefault(c.type, []).append(c.id)
    recallers_of: dict[str, list[str]] = {}
    for cid in by.get("recaller", []):
        recallers_of.setdefault(cards[cid].crest or "", []).append(cid)
    # The higher stages of each art (enhancement, BRD-3.7): same art type, any higher stage, lowest first.
    arts = sorted((c for c in cards.values() if c.type == "art"), key=lambda c: c.stage or 0)
    higher = {c.id: tuple(h.id for h in arts if h.art == c.art and (h.stage or 0) > (c.stage or 0)) for c in arts}
    # Action labels (sentences of texts.yaml, written when read), made once: legal_actions() lists
    # them before every action of a turn.
    say = texts.say
    labels: dict[tuple[str, ...], Say] = {}
    labels["end_turn",] = say("label.end_turn")
    for cid, c in cards.items():
        labels["play", cid] = say("label.play", card=cid)
        if isinstance(c.front, VesselSide) and c.awakened is not None:
            for part, side in (("front", c.front), ("awakened", c.awakened)):
                labels["self_harm", cid, part] = say("label.self_harm", n=side.self_harm)
        if c.type == "recall":
            labels["recall", cid] = say("label.recall", card=cid, cost=c.cost)
        elif c.type == "recaller":
            labels["blood_recall", cid] = say("label.blood_recall", card=cid, cost=c.cost)
        for to in higher.get(cid, ()):
            labels["enhance", cid, to] = say("label.enhance", card=cid, to=to, stage=cards[to].stage)
            labels["free_enhance", cid, to] = say("label.free_enhance", card=cid, to=to, stage=cards[to].stage)
    # Every effect list by (card id, part), resolved: the engine queues (card, part, index).
    ops: dict[tuple[str, str], tuple[Call, ...]] = {}
    for c in cards.values():
        for where, effects, registry in _effect_fields(c, *tables):
            if effects:
                ops[(c.id, where)] = tuple((registry[e["op"]], args_of(e)) for e in effects)
    return Tables(
        crests=crests, recall_crests=recall_crests, difficulties=difficulties, shared_cards=path, by_type=by,
        recallers_of=recallers_of, higher_stages=higher,
        piles=[[cid for cid in by.get("recall", []) if cards[cid].crest == cr] for cr in recall_crests],
        disaster_of={cards[cid].kind or "": cid for cid in by.get("disaster", [])}, labels=labels, ops=ops)
