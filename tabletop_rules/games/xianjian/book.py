"""The game's Book: every procedure, decision, move, rule check and named function of the game.

Everything is registered in ``BOOK`` (core's named registries): the state stores names as data, and
an unknown name is an error. Card files say *what* happens as data (``{op: hurt, who: enemy_team,
n: 2}``); each name is a small Python function in one of the Book's tables, registered with the
parameters it accepts (core's ``Registry.check``): monster, card and event effects in
``BOOK.effects``, pet effects, equipment traits and character skills in ``BOOK.registry("pet")``,
``("trait")`` and ``("skill")``. Loading a card whose data names an unknown function or parameter is
a DataError naming file, card and field.
"""
from __future__ import annotations

from ...core.state import Book

BOOK = Book("xianjian")

# Who an effect touches (XJ-7.11, XJ-3.15): read relative to the effect's user ("you").
WHO = ("you", "target", "our_team", "enemy_team", "all", "others", "supporters", "hinderers",
       "you_and_supporters", "non_participants")
ELEMENTS = ("water", "fire", "thunder", "wind", "earth")
SIDES = ("own", "choose")

OPS = BOOK.effects                  # monster, card and event effects: fn(s, ctx, **args)
PET = BOOK.registry("pet")          # what a pet does while owned (read by the engine, never run)
TRAITS = BOOK.registry("trait")     # what equipment does besides power (read by the engine)
SKILLS = BOOK.registry("skill")     # character skills: meta['hook'] says when they act


def rules_word(cid: str, part: str | None = None) -> str:
    """A card's rules text as a ``{x:word}`` value of the game's texts (cards.py puts every hand
    card's, event's and monster effect's text there as ``word.rules.<id>[.<part>]``): the log
    quotes it in the language it is read in."""
    return f"rules.{cid}" if part is None else f"rules.{cid}.{part}"
