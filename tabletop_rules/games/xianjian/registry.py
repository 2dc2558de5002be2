"""The game's Book, and the named functions that card data refers to.

Every procedure, decision, move and card effect of the game is registered in ``BOOK`` (core's
named registries): the state stores their names as data, and an unknown name is an error.

Card files say *what* happens as data (``{op: hurt, who: enemy_team, n: 2}``); each name maps to
a small Python function registered in one of the registries below with the parameters it
accepts (core's ``Registry.check``). Loading a card whose data names an unknown function or
parameter is a DataError naming file, card and field.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.registry import Registry
from ...core.state import Book

BOOK = Book("xianjian")

# Who an effect touches (XJ-7.11, XJ-3.15): read relative to the effect's user ("you").
WHO = ("you", "target", "our_team", "enemy_team", "all", "others", "supporters", "hinderers",
       "you_and_supporters", "non_participants")
ELEMENTS = ("water", "fire", "thunder", "wind", "earth")
SIDES = ("own", "choose")

OPS = BOOK.effects                                              # monster, card and event effects: fn(s, ctx, **args)
PET: Registry[Callable[..., Any]] = Registry("pet effect")         # what a pet does while owned (queried, not run)
TRAITS: Registry[Callable[..., Any]] = Registry("equipment trait")  # what equipment does besides power
SKILLS: Registry[Callable[..., Any]] = Registry("skill function")   # character skills: meta['hook'] says when


def rules_word(cid: str, part: str | None = None) -> str:
    """A card's rules text as a ``{x:word}`` value of the game's texts (cards.py puts every hand
    card's, event's and monster effect's text there as ``word.rules.<id>[.<part>]``): the log
    quotes it in the language it is read in."""
    return f"rules.{cid}" if part is None else f"rules.{cid}.{part}"
