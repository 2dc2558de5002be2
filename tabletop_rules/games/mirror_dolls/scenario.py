"""Build a mirror-doll position from a description (rulings, tests, the notebook).

    turn: 3                      # turn number; own turns default to (turn + 1) // 2
    turn_player: 0
    first_player: 0              # default: the turn player on odd turns, the other on even ones
    phase: action.main           # action.main | start.mirror
    mirror: sunlit-pane          # or {card: sunlit-pane, owner: 1}; default owner: the turn player
    options: {decks: [...]}
    players:
      - score: 0
        order: 4                 # also chaos, overflow, chaos_count, suppress, ready, own_turns
        dolls: [lace-duelist]    # the doll hand; spells: the spell hand
        deck: 10                 # real-side doll deck: a number pads with the doll filler, or a list
        spell_deck: 3            # a number pads with the spell filler, or a list
        mirror_deck: [still-pond]
        pile: [tin-drummer]      # the mirror pile
        field: {real_f0: glass-archer, mirror_b1: {card: shard-golem, form: mirror, damage: 2, acted: true}}
        spell_slot: {card: rallying-waltz, until: 4}

Errors name the source (e.g. the ruling) and the field.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import Field, NonNegativeInt

from ...core.datafile import DataError, listed
from ...core.pmodels import Strict
from ...core.scenario import Bounds, Places, card_ids, number, spec_of
from .book import FIELD
from .effects import spell_text, start_ongoing

CardList = NonNegativeInt | list[str]
COUNTERS = ("score", "order", "chaos", "overflow", "chaos_count", "suppress", "ready", "own_turns")
#: Each counter's bounds and the rule that sets them (issue 33): a score of 100 has already won
#: (MD-1.2), points have caps (MD-5.1), the chaos count turns into overflow at 5 (MD-5.3), at most
#: 5 chaos go uncounted after an overflow spend (MD-5.5); the turn counters stay within the game's
#: turns (a position's ``turn`` is bounded the same way).
MAX_TURN = 1_000
BOUNDS: dict[str, tuple[int, int, str | None, str, str]] = {
    "score": (0, 99, "MD-1.2", "a score", "分数"),
    "order": (0, 10, "MD-5.1", "order points", "秩序点"),
    "chaos": (0, 10, "MD-5.1", "chaos points", "混沌点"),
    "overflow": (0, 1, "MD-5.1", "the overflow point", "超限点"),
    "chaos_count": (0, 4, "MD-5.3", "the chaos count", "混沌计数"),
    "suppress": (0, 5, "MD-5.5", "uncounted chaos", "不计数的混沌点"),
    "ready": (0, MAX_TURN, None, "the turn the overflow point is ready", "超限点可用的回合"),
    "own_turns": (0, MAX_TURN, None, "own turns", "自己的回合数"),
}
#: Each zone's most cards and the rule that sets it: a doll deck holds 20 to 30 dolls (MD-2.1; the
#: mirror pile holds dolls of that deck), a spell deck 5 to 10 spells (MD-2.2), a mirror deck 1 to
#: 5 mirrors (MD-2.3), the hands at most 10 dolls (MD-6.1) and 3 spells (MD-6.2).
ZONE_MOST: dict[str, tuple[int, str]] = {
    "dolls": (10, "MD-6.1"), "spells": (3, "MD-6.2"), "deck": (30, "MD-2.1"), "spell_deck": (10, "MD-2.2"),
    "mirror_deck": (5, "MD-2.3"), "pile": (30, "MD-2.1")}


class DollSpec(Strict):
    card: str
    form: Literal["real", "mirror", "critical"] | None = None      # book.FORMS (the editor offers them)
    damage: NonNegativeInt = 0
    shield_dmg: NonNegativeInt = 0
    acted: bool = False


class OngoingSpec(Strict):
    card: str
    until: int | None = None


class MirrorSpec(Strict):
    card: str
    owner: Literal[0, 1] | None = None


def _bounds(key: str) -> Bounds:
    """A counter's bounds as ``BOUNDS`` sets them (the builder checks the same entry)."""
    lo, hi, clause, _what, _what_zh = BOUNDS[key]
    return Bounds(lo, hi, clause)


def _most(key: str) -> Bounds:
    """A zone's count bounds as ``ZONE_MOST`` sets them."""
    most, clause = ZONE_MOST[key]
    return Bounds(0, most, clause)


class PlayerSpec(Strict):
    # The bounds beside each field are shown by the position editor; the builder checks BOUNDS. A
    # title is the glossary term the editor labels the field with (where the key is not its id).
    score: Annotated[NonNegativeInt | None, _bounds("score")] = None
    order: Annotated[NonNegativeInt | None, _bounds("order"), Field(title="order-point")] = None
    chaos: Annotated[NonNegativeInt | None, _bounds("chaos"), Field(title="chaos-point")] = None
    overflow: Annotated[NonNegativeInt | None, _bounds("overflow"), Field(title="overflow-point")] = None
    chaos_count: Annotated[NonNegativeInt | None, _bounds("chaos_count")] = None
    suppress: Annotated[NonNegativeInt | None, _bounds("suppress")] = None
    ready: Annotated[NonNegativeInt | None, _bounds("ready")] = None
    own_turns: Annotated[NonNegativeInt | None, _bounds("own_turns")] = None
    dolls: Annotated[CardList, _most("dolls"), Field(title="doll-hand")] = []
    spells: Annotated[CardList, _most("spells"), Field(title="spell-hand")] = []
    deck: Annotated[CardList, _most("deck"), Field(title="real-deck")] = 10
    spell_deck: Annotated[CardList, _most("spell_deck")] = 3
    mirror_deck: Annotated[CardList, _most("mirror_deck")] = []
    pile: Annotated[CardList, _most("pile"), Field(title="mirror-pile")] = []
    # the dolls on the field by slot (the builder refuses a slot the board has not: MD-1.5)
    field: Annotated[dict[str, DollSpec | str], Places(len(FIELD), "slot", "MD-1.5", FIELD)] = {}
    spell_slot: OngoingSpec | str | None = None


class ScenarioSpec(Strict):
    """A position; unknown keys (a typo) are refused with the field named (pydantic, extra forbidden)."""

    turn: int = 3
    turn_player: Literal[0, 1] = 0
    first_player: Literal[0, 1] | None = None
    phase: Literal["action.main", "start.mirror"] = "action.main"
    mirror: MirrorSpec | str | None = None
    options: dict[str, Any] | None = None
    players: list[PlayerSpec | None] = []


def _of_type(ctype: str) -> Callable[[Any], bool]:
    """A filter keeping card definitions of one type (a zone takes only its own kind of card)."""
    def accept(card: Any) -> bool:
        return bool(card.type == ctype)
    return accept


def build(cls: Any, game: Any, raw: Any, seed: int, source: str) -> Any:
    spec = spec_of(ScenarioSpec, raw, source)
    number(spec.turn, source, "scenario.turn", 1, MAX_TURN, None, "the turn", "回合数")
    opts = game.resolve_options(spec.options)
    st = cls(game, seed, 2, opts)
    st.turn = spec.turn
    st.turn_player = spec.turn_player
    default_first = st.turn_player if st.turn % 2 else 1 - st.turn_player
    st.first_player = spec.first_player if spec.first_player is not None else default_first
    if len(spec.players) > 2:
        raise DataError.bilingual(source, "expected a list of at most two players", "应为最多两名玩家的列表",
                                  field="scenario.players")
    for seat in (0, 1):
        p = spec.players[seat] if seat < len(spec.players) else None
        _player(st, game, seat, p or PlayerSpec(), source)
    if spec.mirror is not None:
        m = MirrorSpec(card=spec.mirror) if isinstance(spec.mirror, str) else spec.mirror
        card = game.cards.get(m.card)
        if card is None or card.type != "mirror":
            raise DataError.bilingual(source, f"unknown mirror card {m.card!r}", f"未知的镜牌 {m.card!r}",
                                      field="scenario.mirror")
        st.new_card(m.card, st.turn_player if m.owner is None else m.owner, "table.mirror")
    st.phase = spec.phase
    st.emit("scenario", "scenario", None, source=str(source))
    return st


def _word(game: Any, key: Any) -> str:
    """A word of the game's texts in Chinese (a form, a side), or the key itself when it has none."""
    return game.texts.word(f"word.{key}", "zh") if f"word.{key}" in game.texts.templates else str(key)


def _player(st: Any, game: Any, seat: int, p: PlayerSpec, source: str) -> None:
    where = f"scenario.players.{seat}"
    tables = game.tables
    pl = st.ps[seat]
    pl.own_turns = (st.turn + 1) // 2
    for key in COUNTERS:
        v = getattr(p, key)
        if v is not None:
            lo, hi, clause, what, what_zh = BOUNDS[key]
            setattr(pl, key, number(v, source, f"{where}.{key}", lo, hi, clause, what, what_zh))
    zones: tuple[tuple[str, CardList, str], ...] = (
        ("dolls", p.dolls, "doll"), ("spells", p.spells, "spell"), ("real_deck", p.deck, "doll"),
        ("spell_deck", p.spell_deck, "spell"), ("mirror_deck", p.mirror_deck, "mirror"),
        ("mirror_pile", p.pile, "doll"))
    keys = ("dolls", "spells", "deck", "spell_deck", "mirror_deck", "pile")
    for key, (zone, value, ctype) in zip(keys, zones, strict=True):
        filler = tables.fillers.get(ctype, tables.fillers["doll"])
        most, clause = ZONE_MOST[key]
        for one in card_ids(game, value, source, f"{where}.{key}", filler, accept=_of_type(ctype), what=ctype,
                            what_zh=_word(game, f"{ctype}_card"), most=most, clause=clause):
            st.new_card(one, seat, f"{seat}.{zone}")
    for slot, v in p.field.items():
        if slot not in FIELD:
            raise DataError.bilingual(source, f"unknown slot {slot!r} (slots: {', '.join(FIELD)})",
                                      f"未知的位置 {slot!r}（位置有：{listed(FIELD, 'zh')}）", field=f"{where}.field")
        d = DollSpec(card=v) if isinstance(v, str) else v
        card = game.cards.get(d.card)
        if card is None or card.type != "doll":
            raise DataError.bilingual(source, f"unknown doll {d.card!r}", f"未知的人偶牌 {d.card!r}",
                                      field=f"{where}.field.{slot}")
        uid = st.new_card(d.card, seat, f"{seat}.{slot}")
        c = st.cards[uid]
        want = "critical" if slot == "threshold" else slot.split("_")[0]
        c.form = d.form or (want if want in card.forms else card.first_form)
        if c.form not in card.forms:
            raise DataError.bilingual(source, f"{d.card} has no {c.form} form",
                                      f"{d.card} 没有{_word(game, c.form)}形态",
                                      field=f"{where}.field.{slot}.form")
        # Damage past the form's HP (MD-9.5) or shield (MD-10.2) would be a doll already gone.
        form = card.forms[c.form]
        c.damage = number(d.damage, source, f"{where}.field.{slot}.damage", 0, form.hp, "MD-9.5", "damage", "伤害")
        c.shield_dmg = number(d.shield_dmg, source, f"{where}.field.{slot}.shield_dmg", 0, form.shield, "MD-10.2",
                              "shield damage", "护盾伤害")
        c.acted = d.acted
    if p.spell_slot is not None:
        ss = OngoingSpec(card=p.spell_slot) if isinstance(p.spell_slot, str) else p.spell_slot
        card = game.cards.get(ss.card)
        if card is None or card.type != "spell" or card.spell is None or not card.spell.duration:
            raise DataError.bilingual(source, f"{ss.card!r} is not an ongoing spell", f"{ss.card!r} 不是持续法术",
                                      field=f"{where}.spell_slot")
        uid = st.new_card(ss.card, seat, f"{seat}.spell_slot")
        until = number(ss.until, source, f"{where}.spell_slot.until", 0, MAX_TURN, None, "the last turn", "最后回合")
        until = until if until is not None else st.turn + card.spell.duration - 1
        start_ongoing(st, seat, spell_text(ss.card), uid, None, until - st.turn + 1 if until >= st.turn else 1,
                      card.spell.do)
