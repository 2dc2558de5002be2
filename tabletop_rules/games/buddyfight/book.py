"""Buddyfight's book: the one table of its named machinery (core.state.Book).

Every procedure, decision, move and card effect of the game is registered here by the module
that defines it (turn.py, chain.py, battle.py, field.py, effects.py); phases.py says which flow
node lists which moves. A state stores only the registered names, so a clone or a replay finds
the same functions again.
"""
from __future__ import annotations

from ...core.state import Book

BOOK = Book("buddyfight")
