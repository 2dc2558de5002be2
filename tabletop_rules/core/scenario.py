"""Helpers for the games' scenario builders (positions for rulings, tests and notebooks)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .datafile import DataError, validate


def mapping(spec: Any, source: str) -> dict:
    """A scenario must be a mapping of its fields (a list or a number is refused, in both languages)."""
    if not isinstance(spec, dict):
        raise DataError.bilingual(source, "a scenario is a mapping", "局面描述应为映射（名称: 值）", field="scenario")
    return spec


def spec_of(model: type, raw: Any, source: str) -> Any:
    """A position's description checked by the game's scenario model; a fault names its field from
    the scenario's root (``scenario.players.0.hand``), as the builders' own checks do."""
    return validate(model, mapping(raw, source), source, at="scenario")


def card_ids(game: Any, value: Any, source: str, field: str, filler: str,
             accept: Callable[[Any], bool] | None = None, what: str = "card",
             what_zh: str = "卡牌") -> list[str]:
    """A zone's cards: a number pads with ``filler`` copies; a list must name known cards
    (``accept(card_def)`` may narrow which: ``what`` / ``what_zh`` name that kind of card in the
    refusal). Errors name the source and the field."""
    if isinstance(value, int) and not isinstance(value, bool):
        return [filler] * value
    if not isinstance(value, list):
        raise DataError.bilingual(source, "expected a number or a list of card ids", "应为一个数目或一列卡牌编号",
                                  field=field)
    for cid in value:
        c = game.cards.get(cid) if isinstance(cid, str) else None
        if c is None or (accept is not None and not accept(c)):
            raise DataError.bilingual(source, f"unknown {what} {cid!r}", f"未知的{what_zh} {cid!r}",
                                      field=field)
    return list(value)
