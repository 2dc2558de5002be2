"""Build a Buddyfight position from a description (rulings, tests, the notebook).

    players:
      - life: 10
        hand: [dragoenergy]
        gauge: 3                 # a number pads with the game's filler card; or a list of ids
        deck: 20
        field: {center: drum-bunker-dragon, left: {card: twin-fang-dragon, rested: true, soul: 1, power: 6000}}
        item: dragon-blade-flare-edge
        set: [dragon-banner]
    turn: 2                      # 1 = the first player's first turn
    turn_player: 0
    phase: main.actions          # start.charge | main.actions | attack.declare | final.impacts
    options: {link_critical: one}

The description is validated by the models below (unknown keys are errors, so a typo never
builds a default position). Errors name the source (e.g. the ruling) and the field.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, get_args

from pydantic import Field, model_validator

from ...core.datafile import DataError
from ...core.modifiers import lasting
from ...core.pmodels import Strict
from ...core.scenario import card_ids, number, spec_of
from .cards import Tables, resolve_deck
from .turn import build_side
from .zones import FIELD, PILES

if TYPE_CHECKING:
    from ...core.game import Game
    from .state import BuddyfightState

Phase = Literal["start.charge", "main.actions", "attack.declare", "final.impacts"]
Cards = int | list[str]          # a number of filler cards, or card ids
#: The last turn a position may stand in (a kit bound; a real game is over long before). A zone's
#: cards are bounded by core.scenario.MAX_CARDS: Buddyfight's deck has no maximum (BF-2.2).
MAX_TURN = 1_000


# The field's areas as a type, so that a spec names only real areas and tools (the position editor)
# can list them; it spells out zones.FIELD, which the assertion keeps in step.
Area = Literal["left", "center", "right", "item"]
assert get_args(Area) == FIELD


class FieldCard(Strict):
    """A card on the field, by its id alone or with details; ``power``/``defense``/``critical``
    set its numbers (a what-if)."""
    card: str
    rested: bool = False
    soul: Cards = 0
    power: int | None = None
    defense: int | None = None
    critical: int | None = None

    @model_validator(mode="before")
    @classmethod
    def _by_id(cls, data: Any) -> Any:
        return {"card": data} if isinstance(data, str) else data


class PlayerSpec(Strict):
    life: int | None = None                  # default: the flag's life
    flag: str | None = None                  # default: the deck's flag and buddy
    buddy: str | None = None
    buddy_called: bool = False
    deck: Cards = 20
    hand: Cards = []
    gauge: Cards = 2
    drop: Cards = []
    set: Cards = []
    field: dict[Area, FieldCard | None] = {}
    item: FieldCard | None = None


class ScenarioSpec(Strict):
    players: list[PlayerSpec | None] = Field(default=[], max_length=2)
    turn: int = 2
    turn_player: Literal[0, 1] = 0
    first_player: Literal[0, 1] | None = None
    phase: Phase = "main.actions"
    options: dict[str, Any] | None = None


def build(cls: type[BuddyfightState], game: Game, spec: Any, seed: int, source: str) -> BuddyfightState:
    sc: ScenarioSpec = spec_of(ScenarioSpec, spec, source)
    # Turns count from 1, the first player's first turn (BF-3.8); 0 is the moment before it (a setup
    # ruling ends turn 0); a position stops at MAX_TURN.
    number(sc.turn, source, "scenario.turn", 0, MAX_TURN, None, "the turn", "回合数")
    opts = game.resolve_options(sc.options)
    st = cls(game, seed, 2, opts)
    for seat in (0, 1):
        p = sc.players[seat] if seat < len(sc.players) else None
        _player(st, game, seat, p or PlayerSpec(), opts["decks"][seat], source)
    st.turn = sc.turn
    st.turn_player = sc.turn_player
    st.first_player = (sc.first_player if sc.first_player is not None else
                       st.turn_player if st.turn == 1 else 1 - st.turn_player)
    st.phase = sc.phase
    st.emit("scenario", "scenario", None, source=source)
    return st


def _player(st: BuddyfightState, game: Game, seat: int, p: PlayerSpec, deck_spec: Any, source: str) -> None:
    where = f"scenario.players.{seat}"
    tables: Tables = game.tables
    f = st.fighters[seat]
    deck = resolve_deck(game, deck_spec)
    flag, buddy = p.flag or deck.flag, p.buddy or deck.buddy
    for cid, fld in ((flag, "flag"), (buddy, "buddy")):
        if cid not in game.cards:
            raise DataError.bilingual(source, f"unknown card {cid!r}", f"未知的卡牌 {cid!r}", field=f"{where}.{fld}")
    build_side(st, seat, deck, flag, buddy, cards=False)
    st.cards[f.flag].face_up = st.cards[f.buddy].face_up = True      # the flag is raised
    f.life = p.life if p.life is not None else game.cards[flag].life
    f.buddy_called = p.buddy_called
    for zone in PILES:
        for cid in card_ids(game, getattr(p, zone), source, f"{where}.{zone}", tables.filler):
            st.new_card(cid, seat, zone)
    field = dict(p.field)
    if p.item:
        field["item"] = p.item
    for area, fc in field.items():
        if fc is None:
            continue
        if fc.card not in game.cards:
            raise DataError.bilingual(source, f"unknown card {fc.card!r}", f"未知的卡牌 {fc.card!r}",
                                      field=f"{where}.field.{area}")
        uid = st.new_card(fc.card, seat, area)
        c = st.cards[uid]
        c.rested = fc.rested
        # What-if numbers (ruling sliders): a lasting modifier from the printed value.
        delta = {k: num - (getattr(c.d, k) or 0) for k in ("power", "defense", "critical")
                 if (num := getattr(fc, k)) is not None}
        if delta:
            lasting(c.mods, "always", power=delta.get("power", 0), defense=delta.get("defense", 0),
                    critical=delta.get("critical", 0), grant=[])
        for scid in card_ids(game, fc.soul, source, f"{where}.field.{area}.soul", tables.filler):
            st.new_card(scid, seat, "soul", host=uid)
