"""Build a Vividz position from a description (rulings, tests, the notebook).

    turn: 3                      # 1 = the first player's first turn
    turn_player: 0
    phase: main.actions          # main.actions | charge.keep | charge.energy | setup.place
                                 # (setup.place: the missions wait to be placed, VV-5.2, and setup
                                 # goes on from there: the decks' tops decide who goes first)
    players:
      - deck: 20                 # a number pads with the filler card; a list names cards, top first
        hand: [aoi-spotlight]
        keep: aoi-fan-service
        energy: 3
        drop: [aoi-stagehand]
        field: [null, aoi-headliner, {card: aoi-encore-rina, rested: true, exp: 1, damage: 1000, power: 6000}]
        missions: [{rested: true}, {cleared: true}, null]
        account_rested: true
    options: {decks: [aoi-demo, ren-demo]}

Accounts and missions come from each seat's deck. Errors name the source and the field.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ...core.datafile import DataError
from ...core.modifiers import lasting
from ...core.pmodels import Strict
from ...core.scenario import Bounds, Places, card_ids, number, spec_of
from .cards import resolve_deck

CardList = int | list[str]
#: A deck holds at most 70 cards (VV-3.4), so no zone of a position holds more; a game runs for
#: at most ``MAX_TURN`` turns in a position (a kit bound, no rule counts turns that far).
MOST_CARDS, DECK_RULE, MAX_TURN = 70, "VV-3.4", 1_000
#: Power and damage stay within what cards print and effects add (the kit's bound: 100,000).
MOST_POWER = 100_000
#: A zone given as a number of filler cards: within a deck's size (VV-3.4), as ``_ids`` checks.
Zone = Annotated[CardList, Bounds(0, MOST_CARDS, DECK_RULE)]


class SlotSpec(Strict):
    """A character in a lane (with the EXP cards under it, its damage and a what-if power)."""

    card: str
    rested: bool = False
    exp: CardList = 0
    damage: int = 0
    power: int | None = None


class MissionSpec(Strict):
    rested: bool = False
    cleared: bool = False


class PlayerSpec(Strict):
    deck: Zone = 20
    hand: Zone = []
    # a title is the glossary term the position editor labels the field with
    keep: Annotated[str | None, Field(title="keep-zone")] = None
    energy: Zone = 3
    drop: Annotated[Zone, Field(title="drop-zone")] = []
    # one entry per lane: three lanes, each with a player's mission area and character area (VV-1.1)
    field: Annotated[list[SlotSpec | str | None], Places(3, "lane", "VV-1.1")] = []
    missions: Annotated[list[MissionSpec | None], Places(3, "mission", "VV-1.1")] = []
    account_rested: bool = False


class ScenarioSpec(Strict):
    """A position; unknown keys (a typo) are refused with the field named (pydantic, extra forbidden)."""

    turn: int = 2
    turn_player: Literal[0, 1] = 0
    first_player: Literal[0, 1] | None = None
    phase: Literal["main.actions", "charge.keep", "charge.energy", "setup.place"] = "main.actions"
    players: list[PlayerSpec | None] = []
    options: dict[str, Any] | None = None


def build(cls: Any, game: Any, raw: Any, seed: int, source: str) -> Any:
    spec = spec_of(ScenarioSpec, raw, source)
    number(spec.turn, source, "scenario.turn", 1, MAX_TURN, None, "the turn", "回合数")
    opts = game.resolve_options(spec.options)
    st = cls(game, seed, 2, opts)
    if not isinstance(opts["decks"], list | tuple) or len(opts["decks"]) != 2:
        raise DataError.bilingual(source, "option 'decks' must list two decks", "选项 decks 应列出两副卡组",
                                  field="scenario.options.decks")
    st.turn = spec.turn
    st.turn_player = spec.turn_player
    st.first_player = (spec.first_player if spec.first_player is not None
                       else st.turn_player if st.turn % 2 == 1 else 1 - st.turn_player)
    if len(spec.players) > 2:
        raise DataError.bilingual(source, "players is a list of at most two seats", "players 应为最多两个座位的列表",
                                  field="scenario.players")
    for seat in (0, 1):
        p = spec.players[seat] if seat < len(spec.players) else None
        _player(st, game, seat, p or PlayerSpec(), opts["decks"][seat], source)
    st.phase = spec.phase
    if source == "scenario":          # the default: no source to name
        st.emit("scenario", "scenario.plain", None, source=source)
    else:
        st.emit("scenario", "scenario", None, source=str(source))
    if spec.phase == "setup.place":
        _to_place(st)
    return st


def _to_place(st: Any) -> None:
    """The missions back in their owners' piles, face down, and the placing asked (VV-5.2)."""
    for seat in (0, 1):
        for lane in range(3):
            for u in list(st.zones.lists[f"{seat}.mission{lane}"]):
                st.zones.move(u, f"{seat}.missions")
                c = st.cards[u]
                c.face_up, c.rested = False, False
    st.turn = 0
    st.then(("place_mission", {"seat": 0, "lane": 0}), ("place_mission", {"seat": 1, "lane": 0}), ("setup_rest", {}))
    st.run()


def _ids(game: Any, value: Any, source: str, field: str) -> list[str]:
    return card_ids(game, value, source, field, game.tables["filler"], most=MOST_CARDS, clause=DECK_RULE)


def _player(st: Any, game: Any, seat: int, p: PlayerSpec, deck_spec: Any, source: str) -> None:
    where = f"scenario.players.{seat}"
    deck = resolve_deck(game, deck_spec)
    st.deck_ids[seat] = deck.id
    if len(p.missions) > 3:            # exactly three missions, one per mission area (VV-1.1, VV-5.2)
        n = len(p.missions)
        raise DataError.by_rule(source, f"a player has 3 missions, one per mission area, not {n}",
                                f"每名玩家有 3 个任务（每个任务区一个），而不是 {n} 个", "VV-1.1",
                                field=f"{where}.missions")
    acc = st.new_card(deck.account, seat, "account")
    st.cards[acc].rested = p.account_rested
    for lane, m in enumerate(deck.missions):
        u = st.new_card(m, seat, f"mission{lane}")
        ms = (p.missions[lane] if lane < len(p.missions) else None) or MissionSpec()
        st.cards[u].rested = ms.rested
        st.cards[u].face_up = not ms.cleared
    for cid in reversed(_ids(game, p.deck, source, f"{where}.deck")):
        u = st.new_card(cid, seat, "deck")
        st.cards[u].face_up = False
    for zone, value in (("hand", p.hand), ("energy", p.energy), ("drop", p.drop)):
        for cid in _ids(game, value, source, f"{where}.{zone}"):
            st.new_card(cid, seat, zone)
    if p.keep:
        for cid in _ids(game, [p.keep], source, f"{where}.keep"):
            st.new_card(cid, seat, "keep")
    if len(p.field) > 3:               # three lanes, one character area each (VV-1.1)
        raise DataError.by_rule(source, f"field is a list of up to 3 lanes, not {len(p.field)}",
                                f"field 应为最多 3 条线路的列表，而不是 {len(p.field)} 条", "VV-1.1",
                                field=f"{where}.field")
    for lane, v in enumerate(p.field):
        if v is None:
            continue
        slot = SlotSpec(card=v) if isinstance(v, str) else v
        for cid in _ids(game, slot.exp, source, f"{where}.field.{lane}.exp"):
            st.new_card(cid, seat, f"area{lane}")
        cid = _ids(game, [slot.card], source, f"{where}.field.{lane}.card")[0]
        if game.cards[cid].type != "character":
            raise DataError.bilingual(source, f"{cid!r} is not a character", f"{cid!r} 不是角色卡",
                                      field=f"{where}.field.{lane}.card")
        u = st.new_card(cid, seat, f"area{lane}")
        c = st.cards[u]
        c.rested = slot.rested
        c.damage = number(slot.damage, source, f"{where}.field.{lane}.damage", 0, MOST_POWER, None, "damage", "伤害")
        number(slot.power, source, f"{where}.field.{lane}.power", -MOST_POWER, MOST_POWER, None, "power", "力量")
        # a what-if number (ruling sliders): a lasting change; below 0 models a lowered power
        if slot.power is not None:
            lasting(c.mods, "always", power=slot.power - (c.d.power or 0))
