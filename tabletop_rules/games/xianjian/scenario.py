"""Build a Sword-and-Fairy position from a description (rulings, tests, the notebook).

    players: 4                       # 2, 3 or 4
    options: {three_player_order: round}
    turn_player: 0
    phase: skill                     # skill | battle.choose | event | turn.start | draw | discard | turn.end
    fought: 0                        # battles already fought this turn (draw step, second battle)
    seats:
      - character: wang-xiaohu       # default: the box's characters in order, unused ones
        hp: 5                        # default: the maximum
        hand: [heaven-thunder]
        weapon: demon-blade
        armour: rainbow-robe
        pets: [false-moon]
        left: false                  # true: this player has already left the game
        turned: false
    monsters: [lava-beast-king, courage]   # top first, or a number of filler cards (default 6)
    events: [divine-tree]                  # top first, or a number of filler cards (default 6)
    deck: 20                               # hand-card deck, top first, or a number of filler cards
    discard: []

``new_game: {players: 3, seed: 5}`` instead starts a real game (setup rulings).
Characters are face up and HP is set; the first ``phase`` procedure runs at once (an event is
carried out, a turn begins ...). The description is checked by pydantic models (unknown keys are
errors); errors name the source (e.g. the ruling), and the field.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import StrictBool, StrictInt, field_validator

from ...core.datafile import Bilingual, DataError, listed, rule_cite
from ...core.pmodels import Strict
from ...core.scenario import card_ids, number, spec_of
from ...core.state import Procedure
from . import events, hand, turn

if TYPE_CHECKING:
    from .state import XianjianState

PHASES = ("skill", "battle.choose", "event", "turn.start", "draw", "discard", "turn.end")
#: The beginner box holds 16 monsters, 20 events and 45 hand cards (XJ-1.4): no pile of a position
#: holds more of its kind (monster: the monster deck and a seat's pets; hand: the hand-card deck,
#: the discard pile and a hand). A position stops at MAX_TURN turns (a kit bound).
BOX = {"monster": 16, "event": 20, "hand": 45}
MAX_TURN = 1_000
Cards = list[str] | StrictInt


class NewGame(Strict):
    players: StrictInt = 2
    seed: StrictInt | None = None


class SeatSpec(Strict):
    character: str | None = None
    hp: StrictInt | None = None
    hand: Cards = []
    weapon: str | None = None
    armour: str | None = None
    pets: Cards = []
    left: StrictBool = False
    turned: StrictBool = False


class ScenarioSpec(Strict):
    new_game: NewGame | None = None
    players: StrictInt = 2
    options: dict[str, Any] | None = None
    turn_player: StrictInt = 0
    turn: StrictInt = 1
    phase: str = "skill"
    fought: StrictInt = 0
    seats: list[SeatSpec] = []
    monsters: Cards = 6
    events: Cards = 6
    deck: Cards = 20
    discard: Cards = []

    @field_validator("new_game", mode="before")
    @classmethod
    def _started(cls, v: Any) -> Any:
        """``new_game: true`` starts a game at the defaults; an empty or false value builds a position."""
        if v is True:
            return {}
        return v or None


def build(cls: type[XianjianState], game: Any, spec: Any, seed: int, source: str) -> XianjianState:
    sc: ScenarioSpec = spec_of(ScenarioSpec, spec, source)
    ng = sc.new_game
    if ng is not None:
        # A game from its very start (setup rulings): new_game: {players: 4, seed: 1}.
        _check_players(game, ng.players, source, "scenario.new_game.players")
        try:
            started: XianjianState = game.new_game(seed=seed if ng.seed is None else ng.seed, players=ng.players,
                                                   options=sc.options)
            return started
        except ValueError as exc:
            raise DataError(source, str(exc), field="scenario.new_game", says=getattr(exc, "says", None)) from None
    players = sc.players
    _check_players(game, players, source, "scenario.players")
    try:
        opts = game.resolve_options(sc.options)
    except ValueError as exc:
        raise DataError(source, str(exc), field="scenario.options", says=getattr(exc, "says", None)) from None
    st = cls(game, seed, players, opts)
    if len(sc.seats) > players:
        raise DataError.bilingual(source, f"seats must be a list of at most {players} mappings",
                                  f"seats 应为最多 {players} 个映射的列表", field="scenario.seats")
    seats = sc.seats + [SeatSpec()] * (players - len(sc.seats))
    taken = [sp.character for sp in seats if sp.character]
    if len(set(taken)) < len(taken):
        raise DataError.bilingual(source, "each character is in the box once: two seats name the same one",
                                  "每张角色牌在盒中只有一张：有两个座位选了同一张", field="scenario.seats")
    spare = [c for c in st.tables.box.characters if c not in taken]
    for i, sp in enumerate(seats):
        _seat(st, game, i, sp, spare, source)
    st.revealed = True
    st.seats_changed()
    for field, value, kind in (("monsters", sc.monsters, "monster"), ("events", sc.events, "event"),
                               ("deck", sc.deck, "hand"), ("discard", sc.discard, "hand")):
        for cid in reversed(_ids(st, game, value, kind, source, f"scenario.{field}")):
            st.new_card(cid, field)                 # listed top first; the top is the end of the list
    tp = sc.turn_player
    if not 0 <= tp < players or not st.p[tp].in_game:
        raise DataError.bilingual(source, "turn_player must be a seat still in the game",
                                  "turn_player 应为仍在游戏中的座位", field="scenario.turn_player")
    st.turn_player = tp
    st.pos = st.cycle.index(tp)
    st.turn = number(sc.turn, source, "scenario.turn", 1, MAX_TURN, None, "the turn", "回合数")
    # A turn fights one battle, two with a skill that allows a second (XJ-4.7 counts them for the draw).
    st.fought = number(sc.fought, source, "scenario.fought", 0, 2, "XJ-4.7", "battles fought", "已进行的战斗数")
    if sc.phase not in PHASES:
        raise DataError.bilingual(source, f"phase must be one of {', '.join(PHASES)}",
                                  f"阶段应为以下之一：{listed(PHASES, 'zh')}", field="scenario.phase")
    st.emit("scenario", "scenario", "XJ-1.1", source=source)
    # Each starting point stands where the engine would, then runs what comes next there.
    start: dict[str, tuple[str, tuple[Procedure, dict[str, Any]] | None]] = {
        "skill": ("skill", None), "battle.choose": ("skill", (hand.battle_step, {})),
        "event": ("turn.start", (events.event_phase, {})), "turn.start": ("turn.end", (turn.turn_start, {"seat": tp})),
        "draw": ("battle.choose", (turn.draw_phase, {})), "discard": ("draw", (turn.discard_phase, {})),
        "turn.end": ("discard", (turn.turn_end, {}))}
    st.phase, first = start[sc.phase]
    if first:
        if sc.phase == "turn.start":
            st.turn -= 1
        st.later(first[0], **first[1])
        st.run()
    st._legal_cache = None
    return st


def _check_players(game: Any, players: Any, source: str, field: str) -> None:
    if players is not None and players not in game.player_counts:
        counts = listed(game.player_counts, "zh")
        raise DataError.bilingual(source, f"xianjian is played by {game.player_counts} players, not {players!r}",
                                  f"本游戏由 {counts} 名玩家进行，而不是 {players!r} 名", field=field)


# The glossary's words for the three kinds of card a scenario lists (手牌, 怪物牌, 事件牌).
KIND_ZH = {"hand": "手牌", "monster": "怪物牌", "event": "事件牌"}


def _ids(st: XianjianState, game: Any, value: Cards, kind: str, source: str, field: str) -> list[str]:
    return card_ids(game, value, source, field, st.tables.filler[kind], accept=lambda c: c.kind == kind,
                    what=f"{kind} card", what_zh=KIND_ZH[kind], most=BOX[kind], clause="XJ-1.4")


def _seat(st: XianjianState, game: Any, i: int, sp: SeatSpec, spare: list[str], source: str) -> None:
    where = f"scenario.seats.{i}"
    cid = sp.character or spare.pop(0)
    c = game.cards.get(cid)
    if c is None or c.kind != "character":
        raise DataError.bilingual(source, f"unknown character {cid!r}", f"未知的角色牌 {cid!r}",
                                  field=f"{where}.character")
    pl = st.p[i]
    st.new_card(cid, "character", i)
    pl.set_skills(c)
    hp = c.hp if sp.hp is None else sp.hp
    if not 0 <= hp <= c.hp:
        raise DataError.bilingual(source, f"hp must be between 0 and the maximum {c.hp}",
                                  f"HP 应在 0 到上限 {c.hp} 之间", field=f"{where}.hp")
    pl.hp = hp
    for cid in _ids(st, game, sp.hand, "hand", source, f"{where}.hand"):
        st.new_card(cid, "hand", i)
    for slot, name in (("weapon", sp.weapon), ("armour", sp.armour)):
        if name:
            card = game.cards.get(name)
            if card is None or card.kind != "hand" or card.type != slot:
                raise DataError.bilingual(source, f"{name!r} is not a {slot}",
                                          f"{name!r} 不是{'武器' if slot == 'weapon' else '防具'}",
                                          field=f"{where}.{slot}")
            st.new_card(name, slot, i)
    elements = set()
    for cid in _ids(st, game, sp.pets, "monster", source, f"{where}.pets"):
        el = game.cards[cid].element
        if el in elements:
            raise DataError(source, f"two {el} pets{rule_cite('XJ-3.12')}", field=f"{where}.pets", clause="XJ-3.12",
                            says=Bilingual(f"two {el} pets", f"有两只{game.texts.word(f'word.{el}', 'zh')}属性的宠物"))
        elements.add(el)
        st.new_card(cid, "pets", i)
    if sp.left:
        pl.in_game = False
        pl.hp = 0
        for u in list(pl.hand) + pl.equipment() + list(pl.pets):
            st.discard_card(u)
    elif pl.hp == 0:
        raise DataError.bilingual(source, "a seat still in the game has at least 1 HP",
                                  "仍在游戏中的座位至少有 1 点 HP", field=f"{where}.hp")
    pl.turned = sp.turned
