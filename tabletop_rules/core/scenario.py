"""Helpers for the games' scenario builders (positions for rulings, tests and notebooks).

Every count and number a position holds is bounded (issue 33): a zone's count of filler cards by
the game's rule for that zone (``card_ids(most=..., clause=...)``: a deck's size, a hand limit) or,
where the rules set none, by ``MAX_CARDS``; any other number by the game's own rule
(``number(...)``) and, before the game's model reads the spec at all, by ``MAX_NUMBER``
(``mapping``). A value past a bound is a DataError naming the source, the field and the rule.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .datafile import DataError, validate
from .userinput import check_int, oversized, shown

#: The most cards a zone of a position may hold where the game's rules give no bound (Buddyfight's
#: deck has no maximum, BF-2.2): more than any real game's cards, far below what costs memory.
MAX_CARDS = 200
#: The largest number (either way) anywhere in a position (life, power, turn ...): a kit bound,
#: checked before the game's model reads the spec, so no number is ever too long to format.
MAX_NUMBER = 1_000_000_000
#: The most values a position's description may hold in all (a full position has a few hundred).
MAX_ITEMS = 20_000
#: The longest text in a position (a card id, a phase): a refusal quoting it stays one short line.
MAX_TEXT = 200


@dataclass(frozen=True)
class Bounds:
    """A number's bounds and the rule that sets them, declared once beside a scenario model's field
    (``Annotated[int | None, Bounds(0, 10, clause)]``): the game's builder checks the value with
    them (``number``) and the position editor shows them next to the box."""

    lo: int
    hi: int
    clause: str | None = None


@dataclass(frozen=True)
class Places:
    """A list field of a scenario model holding one entry per place of the board (three missions,
    three lanes): ``count`` places, each named by the glossary term ``word`` and numbered from 1 as
    the board numbers them. The builder refuses more entries (citing ``clause``); the position
    editor shows one tab per place. A mapping field keyed by the board's slots names them in
    ``keys`` instead (the editor names each by the game's word for it, as the board does)."""

    count: int
    word: str
    clause: str | None = None
    keys: tuple[str, ...] = ()


def mapping(spec: Any, source: str) -> dict:
    """A scenario must be a mapping of its fields (a list or a number is refused, in both languages),
    holding no number beyond ``MAX_NUMBER``, no text longer than ``MAX_TEXT`` and no more than
    ``MAX_ITEMS`` values."""
    if not isinstance(spec, dict):
        raise DataError.bilingual(source, "a scenario is a mapping", "局面描述应为映射（名称: 值）", field="scenario")
    big = oversized(spec, MAX_NUMBER, MAX_ITEMS, max_text=MAX_TEXT)
    if big is not None:
        field, en, zh = big
        raise DataError.bilingual(source, f"the position holds {en}", f"局面中有{zh}",
                                  field=f"scenario.{field}" if field else "scenario")
    return spec


def spec_of(model: type, raw: Any, source: str) -> Any:
    """A position's description checked by the game's scenario model; a fault names its field from
    the scenario's root (``scenario.players.0.hand``), as the builders' own checks do."""
    return validate(model, mapping(raw, source), source, at="scenario")


def number(value: Any, source: str, field: str, lo: int, hi: int, clause: str | None,
           what: str, what_zh: str) -> Any:
    """A number of a position within the bounds the rule ``clause`` sets (None passes: the default)."""
    if value is None:
        return None
    return check_int(value, lo, hi, source, field, what, what_zh, clause)


def card_ids(game: Any, value: Any, source: str, field: str, filler: str,
             accept: Callable[[Any], bool] | None = None, what: str = "card",
             what_zh: str = "卡牌", most: int = MAX_CARDS, clause: str | None = None) -> list[str]:
    """A zone's cards: a number pads with ``filler`` copies; a list must name known cards
    (``accept(card_def)`` may narrow which: ``what`` / ``what_zh`` name that kind of card in the
    refusal). At most ``most`` cards, the bound the rule ``clause`` gives the zone (none: the kit's
    ``MAX_CARDS``). Errors name the source and the field."""
    if isinstance(value, int) and not isinstance(value, bool):
        check_int(value, 0, most, source, field, "the number of cards", "卡牌数目", clause)
        return [filler] * value
    if not isinstance(value, list):
        raise DataError.bilingual(source, "expected a number or a list of card ids", "应为一个数目或一列卡牌编号",
                                  field=field)
    if len(value) > most:
        raise DataError.by_rule(source, f"at most {most:,} cards, not {len(value):,}",
                                f"最多 {most:,} 张卡牌，而不是 {len(value):,} 张", clause, field=field)
    for cid in value:
        c = game.cards.get(cid) if isinstance(cid, str) else None
        if c is None or (accept is not None and not accept(c)):
            raise DataError.bilingual(source, f"unknown {what} {shown(cid)}", f"未知的{what_zh} {shown(cid)}",
                                      field=field)
    return list(value)
