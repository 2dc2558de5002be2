"""The head of every game's view: what a table draws above any game's own board.

Which game, where the flow stands (the node's words in both languages), whose turn and whose move,
how the game ended (winners, losers, the ending in both languages), the pending decision and the
options the game was set up with. Written once here so every game's view says these things with
the same keys (a game adds its own: players, piles, the battle); the header's ``turn``,
``turn_player`` and ``first_player`` are there for the games that keep them (Blood Recall counts
rounds instead of turns and has no first player).
"""
from __future__ import annotations

from typing import Any

#: Keys a game keeps or not; the header has them when the state does.
OPTIONAL = ("turn", "turn_player", "first_player")


def header(s: Any) -> dict[str, Any]:
    """The common keys of ``s.view(seat)``: the same for every seat (none of it is hidden)."""
    flow = s.game.flow
    out: dict[str, Any] = {"game": s.game.id}
    for key in OPTIONAL:
        if hasattr(s, key):
            out[key] = getattr(s, key)
    out.update({
        "phase": s.phase, "phase_label": flow.label(s.phase), "phase_label_zh": flow.label(s.phase, "zh"),
        "current_player": s.current_player, "over": s.is_over,
        "winners": list(s.winners) if s.winners is not None else None,
        "losers": list(s.losers) if s.winners is not None and s.losers is not None else None,
        "result": s.result, "result_zh": s.describe_result("zh"),
        "choice": s.choices[-1].to_dict() if s.choices else None, "options": dict(s.options),
    })
    return out
