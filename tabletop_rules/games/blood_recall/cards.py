"""Blood Recall card data: vessels, recallers, arts, recall and hindrance cards, and story mode's
Mythic Madness and disaster cards, all in one shared file (data/blood-recall-common/cards.yaml).

Each mode's own ``cards.yaml`` names the shared file and the card types it plays with, so the two
game ids read the same cards. Effects are data (``[{op: draw, n: 1}]``) naming functions in
``effects.py``; an unknown name is a DataError naming the file, the card and the field.
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import model_validator

from ...core.cards import CardData, check_provenance
from ...core.datafile import DataError, Strict, entries, entry_name, read_yaml, unique, validate
from .effects import MADNESS_OPS, OPS

CardType = Literal["vessel", "recaller", "art", "recall", "hindrance", "madness", "disaster"]
DISASTER_KINDS = ("magic", "chant", "end", "seal", "special")


class Name(Strict):
    en: str
    zh: str | None = None
    ja: str | None = None


class Op(Strict):
    op: str
    n: int = 1
    name: str | None = None          # hindrance: which hindrance card
    type: str | None = None          # attack_per: an art type (slash, blood)
    kind: str | None = None          # add_disaster: which disaster card
    to: Literal["opponent", "self"] = "opponent"
    where: Literal["discard", "hand"] = "discard"


class VesselSide(Strict):
    hand: int
    self_harm: int
    lineage: int
    effect: tuple[Op, ...] = ()


class MadnessSide(Strict):
    play: int
    magic: int
    chant: int
    end: tuple[Op, ...] = ()
    stars: tuple[Op, ...] = ()
    special: tuple[Op, ...] = ()


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
    effect: tuple[Op, ...] = ()       # when played, recalled, self-harmed or Blood Recalled
    battle: tuple[Op, ...] = ()       # in the blood battle, while in the play area
    prologue: bool = False            # the prologue's Madness (Evil Fruit of the Cosmos)
    stars: int | None = None          # a Mythic Madness's threat rating (more is stronger)
    kind: Literal["magic", "chant", "end", "seal", "special"] | None = None
    text: Name | None = None
    demo: bool = False
    source: str | None = None

    @model_validator(mode="after")
    def _check(self):
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


def _effect_fields(card: CardDef):
    """(field name, ops, registry) for every effect list on a card."""
    player = (OPS, "player")
    out = [("effect", card.effect, player), ("battle", card.battle, player)]
    if card.type == "vessel":
        out += [("front.effect", card.front.effect, player), ("awakened.effect", card.awakened.effect, player)]
    if card.type == "madness":
        for side in ("front", "deified"):
            s = getattr(card, side)
            out += [(f"{side}.{k}", getattr(s, k), (MADNESS_OPS, "Madness")) for k in ("end", "stars", "special")]
    return out


def _check_card(card: CardDef, file, crests: set, recall_crests: set, hindrances: set) -> None:
    entry = f"card '{card.id}'"
    if card.type in ("vessel", "recaller") and card.crest not in crests:
        raise DataError(file, f"unknown crest {card.crest!r} (known: {', '.join(sorted(crests))})", entry, "crest")
    if card.type == "recall" and card.crest not in recall_crests:
        raise DataError(file, f"unknown recall crest {card.crest!r} (known: {', '.join(sorted(recall_crests))})",
                        entry, "crest")
    for where, ops, (registry, who) in _effect_fields(card):
        for j, op in enumerate(ops):
            field = f"{where}.{j}.op"
            if op.op not in registry:
                raise DataError(file, f"unknown effect {op.op!r} (known {who} effects: {', '.join(sorted(registry))})",
                                entry, field)
            if op.op == "hindrance" and op.name not in hindrances:
                raise DataError(file, f"unknown hindrance card {op.name!r}", entry, f"{where}.{j}.name")
            if op.op == "add_disaster" and op.kind not in DISASTER_KINDS:
                raise DataError(file, f"unknown disaster kind {op.kind!r}", entry, f"{where}.{j}.kind")
            if op.op == "attack_per" and op.type not in ("slash", "blood"):
                raise DataError(file, "attack_per needs type: slash or blood", entry, f"{where}.{j}.type")


def _items(data, key: str, kind: str, model, path) -> list:
    """The validated entries of one top-level list of the card file."""
    return [validate(model, it, path, entry_name(it, i, kind)) for i, it in enumerate(entries(data, key, path, kind))]


def load_cards(directory: Path, game) -> None:
    """Fill ``game.cards`` (the mode's types only) and the tables the engine needs."""
    mpath = directory / "cards.yaml"
    mode = validate(ModeCards, read_yaml(mpath), mpath)
    path = (directory.parent / mode.shared).resolve()
    if not path.is_file():
        raise DataError(mpath, f"the shared card file {mode.shared!r} is missing ({path})", field="shared")
    data = read_yaml(path)
    crests = _items(data, "crests", "crest", Crest, path)
    rcrests = _items(data, "recall_crests", "recall crest", Crest, path)
    diffs = _items(data, "difficulties", "difficulty", Difficulty, path)
    cards = _items(data, "cards", "card", CardDef, path)
    for items, kind in ((crests, "crest"), (rcrests, "recall crest"), (diffs, "difficulty"), (cards, "card")):
        unique((x.id for x in items), path, kind)
    crest_ids, rcrest_ids = {x.id for x in crests}, {x.id for x in rcrests}
    hindrances = {x.id for x in cards if x.type == "hindrance"}
    for c in cards:
        _check_card(c, path, crest_ids, rcrest_ids, hindrances)
    game.cards = {c.id: c for c in cards if c.type in mode.types}
    game.crests = {c.id: c for c in crests}
    game.recall_crests = {c.id: c for c in rcrests}
    game.difficulties = {d.id: d for d in diffs}
    game.shared_cards = path
    _tables(game)


def _tables(game) -> None:
    """Lookups the engine uses on every turn, computed once per game."""
    by = {}
    for c in game.cards.values():
        by.setdefault(c.type, []).append(c.id)
    game.by_type = by
    game.recallers_of = {}
    for cid in by.get("recaller", []):
        game.recallers_of.setdefault(game.cards[cid].crest, []).append(cid)
    # The next stage of each art (enhancement, BRD-3.7): same art type, stage + 1.
    stage = {(c.art, c.stage): c.id for c in game.cards.values() if c.type == "art"}
    game.next_stage = {cid: stage.get((c.art, c.stage + 1)) for cid, c in game.cards.items() if c.type == "art"}
    game.piles = [[cid for cid in by.get("recall", []) if game.cards[cid].crest == cr] for cr in game.recall_crests]
    game.disaster_of = {game.cards[cid].kind: cid for cid in by.get("disaster", [])}
    # Action labels, made once: legal_actions() lists them before every action of a turn.
    game.labels = {}
    for cid, c in game.cards.items():
        game.labels["play", cid] = f"Play {c.name.en}"
        if c.type == "recall":
            game.labels["recall", cid] = f"Recall {c.name.en} (pay {c.cost} blood)"
        elif c.type == "recaller":
            game.labels["blood_recall", cid] = f"Blood Recall: {c.name.en} (pay {c.cost} recall points)"
        elif c.type == "art" and game.next_stage[cid]:
            game.labels["enhance", cid] = f"Enhance two {c.name.en} into {game.cards[game.next_stage[cid]].name.en}"
    # Every effect list by (card id, part): the engine queues (card, part, index) and looks up the op.
    game.ops = {}
    for c in game.cards.values():
        for where, ops, _ in _effect_fields(c):
            if ops:
                game.ops[(c.id, where)] = ops
