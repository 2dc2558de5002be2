"""Card data: characters, monsters, hand cards and events, and the beginner box (decks.yaml).

Four card files, one per kind, validated with pydantic; effects are data naming functions of
the registries in ``book.py`` (checked here, so a typo is an error that names file, card and
field). ``game.cards`` maps every card id to its definition; each has ``kind``, ``name``
({en, zh}); the box, the scenario fillers and the setup order are ``game.tables``.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, Literal, NamedTuple

from ...core.cards import CardData, Name
from ...core.datafile import DataError, Strict, entries, entry_name, read_yaml, unique, validate
from ...core.game import Catalogue
from ...core.registry import Registry, args_of
from ...core.schema import model_validator
from ...core.zones import CardInstance
from . import effects, events, skills
from .book import ELEMENTS, OPS, PET, SKILLS, TRAITS, rules_word

# Importing these modules registers the named functions the card data refers to.
REGISTRIES_FILLED_BY = (effects, events, skills)
MOMENTS = ("skill_step", "war_step", "revive", "damage", "respond", "before_fight")
TARGETS = ("none", "any", "any_with_cards", "other", "other_with_hand", "other_with_cards")
COUNTS = {"characters": 9, "monsters": 16, "hand_cards": 45, "events": 20}   # XJ-1.4


class Text(Strict):
    """A card's (or a skill's) rules text in the kit's own words, in English and Chinese."""
    en: str
    zh: str


class SkillDef(Strict):
    id: str
    code: str
    name: Name
    do: str
    args: dict[str, Any] = {}
    text: Text

    @cached_property
    def hook(self) -> str:
        hook: str = SKILLS.meta[self.do]["hook"]
        return hook


class CharacterDef(CardData):
    kind: Literal["character"] = "character"
    id: str
    code: str
    name: Name
    gender: Literal["male", "female"]
    hp: int
    power: int
    hit: int
    skills: tuple[SkillDef, ...] = ()
    source: str
    demo: bool = False

    @cached_property
    def skill_map(self) -> dict[str, dict[str, Any]]:
        """skill function name -> args (read-only, shared by every game)."""
        return {s.do: s.args for s in self.skills}

    @cached_property
    def hook_map(self) -> dict[str, list[tuple[str, dict[str, Any]]]]:
        """the step a skill acts in -> [(skill function name, args)] (read-only, shared)."""
        out: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        for s in self.skills:
            out.setdefault(s.hook, []).append((s.do, s.args))
        return out


class MonsterText(Strict):
    debut: Text | None = None
    pet: Text | None = None
    win: Text | None = None
    lose: Text | None = None


class MonsterDef(CardData):
    kind: Literal["monster"] = "monster"
    id: str
    code: str
    name: Name
    element: Literal["water", "fire", "thunder", "wind", "earth"]
    power: int
    evade: int
    level: Literal[1, 2, 3]
    debut: tuple[dict[str, Any], ...] = ()
    pet: tuple[dict[str, Any], ...] = ()
    win: tuple[dict[str, Any], ...] = ()
    lose: tuple[dict[str, Any], ...] = ()
    text: MonsterText = MonsterText()
    source: str
    demo: bool = False

    def pet_arg(self, name: str) -> dict[str, Any] | None:
        """The parameters of pet effect ``name`` ({} if it has it without any), or None."""
        for p in self.pet:
            if p["op"] == name:
                return args_of(p)
        return None

    @cached_property
    def owner_power(self) -> int:
        a = self.pet_arg("owner_power")
        return a["n"] if a else 0


class HandCardDef(CardData):
    kind: Literal["hand"] = "hand"
    id: str
    code: str
    name: Name
    type: Literal["skill", "war", "special", "weapon", "armour"]
    copies_in_base: int
    uses: tuple[dict[str, Any], ...] = ()
    power: int = 0
    pawn: int | None = None
    traits: tuple[dict[str, Any], ...] = ()
    text: Text
    source: str
    demo: bool = False

    @model_validator(mode="after")
    def _check(self) -> HandCardDef:
        equipment = self.type in ("weapon", "armour")
        if equipment and self.uses:
            raise ValueError("equipment is put into play, not played: it has no 'uses'")
        if not equipment and (self.power or self.traits):
            raise ValueError(f"a {self.type} card has no 'power' or 'traits' (equipment only)")
        if not equipment and not self.uses:
            raise ValueError(f"a {self.type} card needs 'uses'")
        return self

    @cached_property
    def use_map(self) -> dict[str, dict[str, Any]]:
        """moment -> the card's use then (read-only, shared)."""
        return {u["at"]: u for u in self.uses}

    def use_at(self, moment: str) -> dict[str, Any] | None:
        return self.use_map.get(moment)

    def trait(self, name: str) -> dict[str, Any] | None:
        for t in self.traits:
            if t["op"] == name:
                return args_of(t)
        return None

    @property
    def equipment(self) -> bool:
        return self.type in ("weapon", "armour")


class EventDef(CardData):
    kind: Literal["event"] = "event"
    id: str
    code: str
    name: Name
    copies: int
    do: tuple[dict[str, Any], ...]
    text: Text
    source: str
    demo: bool = False


class Box(Strict):
    """The beginner box (XJ-1.4)."""
    demo: bool = False
    characters: tuple[str, ...]
    monsters: tuple[str, ...]
    hand_cards: dict[str, int]
    events: tuple[str, ...]


class Card(CardInstance):
    """One physical card, with the facts the engine reads constantly copied into plain slots
    (reading them through the validated model is slower). ``owner`` is the seat whose zone holds
    it (None in a shared pile)."""

    __slots__ = ("kind", "type", "name", "at", "pawn", "equip")

    def __init__(self, uid: int, d: Any, owner: int | None, zone: str):
        super().__init__(uid, d, owner, zone)
        self.kind: str = d.kind
        self.name: str = d.name.en
        hand = self.kind == "hand"
        self.type: str | None = d.type if hand else None
        self.at: dict[str, dict[str, Any]] = d.use_map if hand else {}     # moment -> use (XJ-7.x)
        self.pawn: int | None = d.pawn if hand else None
        self.equip = self.type in ("weapon", "armour")

    @staticmethod
    def fresh_all(protos: Sequence[Card]) -> list[Card]:
        """A new card like each setup prototype, face up and standing where it starts. One loop
        for the whole box (~90 cards a new game): a method call per card cost more than the
        copying itself (issue 37)."""
        new = Card.__new__
        out: list[Card] = []
        add = out.append
        for p in protos:
            c = new(Card)
            c.uid = p.uid
            c.cid = p.cid
            c.d = p.d
            c.owner = p.owner
            c.zone = p.zone
            c.face_up = True
            c.rested = False
            c.kind = p.kind
            c.type = p.type
            c.name = p.name
            c.at = p.at
            c.pawn = p.pawn
            c.equip = p.equip
            add(c)
        return out


class Tables(NamedTuple):
    """The game's own tables (``game.tables``): the box, the scenario fillers, the setup order."""

    box: Box
    filler: dict[str, str]                     # kind of card -> the card a scenario pads a zone with
    setup_cards: tuple[Card, ...]              # every card of the box where it starts, by uid (prototypes)
    piles: tuple[tuple[str, tuple[int, ...]], ...]   # pile -> the uids it starts with, bottom first


# ----- checking the named functions ------------------------------------------------------------------
def _check_ops(calls: Sequence[dict[str, Any]], registry: Registry[Callable[..., Any]], file: Path, entry: str,
               field: str, where: str | None = None) -> None:
    for i, call in enumerate(calls):
        registry.check(call, file, entry, f"{field}.{i}")
        if where and where not in registry.meta[call["op"]].get("where", (where,)):
            raise DataError(file, f"{call['op']} cannot be used in a {where} effect", entry, f"{field}.{i}.op")


def _check_character(c: CharacterDef, file: Path) -> None:
    entry = f"character '{c.id}'"
    for i, k in enumerate(c.skills):
        SKILLS.check(dict(k.args, do=k.do), file, entry, f"skills.{i}", name_key="do")


def _check_monster(m: MonsterDef, file: Path) -> None:
    entry = f"monster '{m.id}'"
    for part, ops in (("debut", m.debut), ("win", m.win), ("lose", m.lose)):
        _check_ops(ops, OPS, file, entry, part, "monster")
        if ops and getattr(m.text, part) is None:      # the log quotes it (XJ-3.4, XJ-3.10, XJ-3.11)
            raise DataError(file, f"a monster with a {part} effect says what it does in 'text.{part}'", entry,
                            f"text.{part}")
    _check_ops(m.pet, PET, file, entry, "pet")


def _check_hand(h: HandCardDef, file: Path) -> None:
    entry = f"hand card '{h.id}'"
    for i, u in enumerate(h.uses):
        field = f"uses.{i}"
        if u.get("at") not in MOMENTS:
            raise DataError(file, f"'at' must be one of {', '.join(MOMENTS)}, got {u.get('at')!r}", entry,
                            f"{field}.at")
        if u.get("target", "none") not in TARGETS:
            raise DataError(file, f"'target' must be one of {', '.join(TARGETS)}", entry, f"{field}.target")
        OPS.check(u, file, entry, field, extra=("at", "target"))
        if u["at"] not in OPS.meta[u["op"]].get("at", ()):
            raise DataError(file, f"{u['op']} cannot be played at {u['at']}", entry, f"{field}.op")
    _check_ops(h.traits, TRAITS, file, entry, "traits")


def _check_event(e: EventDef, file: Path) -> None:
    _check_ops(e.do, OPS, file, f"event '{e.id}'", "do", "event")


KINDS: tuple[tuple[str, str, str, type[CardData], Callable[[Any, Path], None]], ...] = (
    ("characters.yaml", "characters", "character", CharacterDef, _check_character),
    ("monsters.yaml", "monsters", "monster", MonsterDef, _check_monster),
    ("handcards.yaml", "hand_cards", "hand card", HandCardDef, _check_hand),
    ("events.yaml", "events", "event", EventDef, _check_event))


def load_cards(directory: Path, game: Any) -> Catalogue:
    cards: dict[str, Any] = {}
    for fname, key, kind, model, check in KINDS:
        path = directory / fname
        data = read_yaml(path)
        items = [validate(model, it, path, entry_name(it, i, kind))
                 for i, it in enumerate(entries(data, key, path, kind))]
        unique((c.id for c in items), path, kind)
        for c in items:
            check(c, path)
            if c.id in cards:
                raise DataError(path, "this id is already used by another card", f"{kind} '{c.id}'", "id")
            cards[c.id] = c
    _rules_words(game, cards)
    tables = _load_box(directory / "decks.yaml", cards)
    return Catalogue(cards, {"beginner": tables.box}, tables)


def _rules_words(game: Any, cards: dict[str, Any]) -> None:
    """Every hand card's, event's and monster effect's rules text becomes a word
    ``word.rules.<id>[.<part>]`` of the game's texts, in English and Chinese. Braces are doubled:
    the texts are templates without fields."""
    texts = getattr(game, "texts", None)
    if texts is None:
        return

    def add(key: str, text: Text) -> None:
        en = text.en.replace("{", "{{").replace("}", "}}")
        zh = text.zh.replace("{", "{{").replace("}", "}}")
        texts.templates["word." + key] = {"en": en, "zh": zh}
    for c in cards.values():
        if c.kind in ("hand", "event"):
            add(rules_word(c.id), c.text)
        elif c.kind == "monster":
            for part in ("debut", "pet", "win", "lose"):
                text = getattr(c.text, part)
                if text is not None:
                    add(rules_word(c.id, part), text)


def _load_box(path: Path, cards: dict[str, Any]) -> Tables:
    data = read_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("beginner"), dict):
        raise DataError(path, "expected a 'beginner' mapping (the cards of the beginner box)", field="beginner")
    box = validate(Box, data["beginner"], path, "beginner box")
    want = (("characters", box.characters, "character"), ("monsters", box.monsters, "monster"),
            ("hand_cards", tuple(box.hand_cards), "hand"), ("events", box.events, "event"))
    for field, ids, kind in want:
        for cid in ids:
            c = cards.get(cid)
            if c is None or c.kind != kind:
                raise DataError(path, f"unknown {kind} card {cid!r}", "beginner box", field)
    counts = {"characters": len(box.characters), "monsters": len(box.monsters),
              "hand_cards": sum(box.hand_cards.values()),
              "events": sum(cards[e].copies for e in box.events)}
    for field, n in counts.items():
        if n != COUNTS[field]:
            raise DataError(path, f"the beginner box holds {COUNTS[field]} {field.replace('_', ' ')}, "
                                  f"this one {n} (rule XJ-1.4)", "beginner box", field)
    for cid, n in box.hand_cards.items():
        if not 1 <= n <= cards[cid].copies_in_base:
            raise DataError(path, f"{cid}: between 1 and {cards[cid].copies_in_base} copies "
                                  f"(the base set has that many)", "beginner box", "hand_cards")
    per_element = {e: sum(1 for m in box.monsters if cards[m].element == e) for e in ELEMENTS}
    thin = [e for e, n in per_element.items() if n < 3]
    if thin:
        raise DataError(path, f"at least 3 monsters of each element (decision 1); too few: {', '.join(thin)}",
                        "beginner box", "monsters")
    fill = data.get("filler") or {}
    filler = {}
    for k in ("hand", "monster", "event"):
        c = cards.get(str(fill.get(k)))
        if c is None or c.kind != k:
            raise DataError(path, f"filler.{k} must name a {k} card", field=f"filler.{k}")
        filler[k] = c.id
    protos = setup_cards(box, cards)
    piles = {c.zone: tuple(p.uid for p in protos if p.zone == c.zone) for c in protos}
    return Tables(box, filler, protos, tuple(piles.items()))


def setup_cards(box: Box, cards: dict[str, Any]) -> tuple[Card, ...]:
    """The box's cards in creation order (monsters, events, hand cards, characters), each in
    the pile it starts in: the same uids every game (a new game copies them, ``Card.fresh_all``)."""
    order = [(cid, "monsters") for cid in box.monsters]
    order += [(cid, "events") for cid in box.events for _ in range(cards[cid].copies)]
    order += [(cid, "deck") for cid, n in box.hand_cards.items() for _ in range(n)]
    order += [(cid, "char_pile") for cid in box.characters]
    return tuple(Card(uid, cards[cid], None, pile) for uid, (cid, pile) in enumerate(order))
