"""The Vividz Book: the one registry of procedures, decisions, moves and card effects."""
from __future__ import annotations

from ...core.state import Book

BOOK = Book("vividz")
