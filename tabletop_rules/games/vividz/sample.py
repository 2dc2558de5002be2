"""A whole sample game for walkthroughs: random bots from a fixed seed, chosen because it shows
missions checked, reset and cleared, attack and P-attack successes, a level up, a searched card
used for free, a retire, missions placed in a chosen order and energy cards chosen to pay, and ends
by missions (VV-1.2) in four turns.

``sample_game(game)`` returns the finished state; its ``record`` replays step by step.
"""
from __future__ import annotations

from typing import Any

from ...core.conformance import play_random

SAMPLE_SEED = 86
SHOWS = ("mission_check", "mission_reset", "mission_clear", "attack_success", "p_attack_success", "level_up",
         "search_use", "retire", "place_mission", "pay_card")


def sample_game(game: Any) -> Any:
    return play_random(game, SAMPLE_SEED)
