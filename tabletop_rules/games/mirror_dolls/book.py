"""The mirror-doll duel's registries (procedures, decisions, moves, card effects), shared by its modules."""
from __future__ import annotations

from ...core.state import Book

BOOK = Book("mirror-dolls")

SIDES = ("real", "mirror")
FORMS = ("real", "mirror", "critical")
ROWS = ("f", "b")
SLOTS = tuple(f"{side}_{row}{i}" for side in SIDES for row in ROWS for i in range(3))
FIELD = (*SLOTS, "threshold")
PILES = ("real_deck", "spell_deck", "mirror_deck", "mirror_pile", "dolls", "spells", "casting")
# Each seat's zone names by pile or slot (``ZONE[seat]["dolls"] == "0.dolls"``), so hot paths look a
# name up instead of formatting it.
ZONE = tuple({name: f"{seat}.{name}" for name in (*PILES, "spell_slot", *FIELD)} for seat in (0, 1))
DAMAGE_KINDS = ("normal", "armour_break", "true_damage")
TARGETS = ("none", "enemy_doll", "own_doll", "any_doll")

CAP_ORDER = 10
CAP_CHAOS = 10
CAP_OVERFLOW = 1
CHAOS_PER_OVERFLOW = 5
OVERFLOW_WAIT = 5
ORDER_INCOME = 4
WIN_SCORE = 100
DECKOUT_PENALTY = 50
HAND_DOLLS = 10
HAND_SPELLS = 3


def place_of(slot: str) -> tuple[str, str, int]:
    """``real_b1`` -> ("real", "b", 1); ``threshold`` -> ("threshold", "", -1)."""
    if slot == "threshold":
        return "threshold", "", -1
    side, rest = slot.split("_")
    return side, rest[0], int(rest[1])


def other_side(side: str) -> str:
    return "mirror" if side == "real" else "real"
