"""Helpers for the games' scenario builders (positions for rulings, tests and notebooks)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .datafile import DataError, validate

# How ``card_ids``' ``what`` (the kind of card a zone holds) reads in Chinese.
_ZH_WHAT = {"card": "卡牌", "doll": "人偶牌", "spell": "法术牌", "mirror": "镜牌", "hand card": "手牌",
            "monster card": "怪物牌", "event card": "事件牌"}


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
             accept: Callable[[Any], bool] | None = None, what: str = "card") -> list[str]:
    """A zone's cards: a number pads with ``filler`` copies; a list must name known cards
    (``accept(card_def)`` may narrow which). Errors name the source and the field."""
    if isinstance(value, int) and not isinstance(value, bool):
        return [filler] * value
    if not isinstance(value, list):
        raise DataError.bilingual(source, "expected a number or a list of card ids", "应为一个数目或一列卡牌编号",
                                  field=field)
    for cid in value:
        c = game.cards.get(cid) if isinstance(cid, str) else None
        if c is None or (accept is not None and not accept(c)):
            raise DataError.bilingual(source, f"unknown {what} {cid!r}", f"未知的{_ZH_WHAT.get(what, '卡牌')} {cid!r}",
                                      field=field)
    return list(value)
