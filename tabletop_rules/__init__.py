"""tabletop-rules: headless rules engines for translated tabletop card games.

``import tabletop_rules`` is cheap on purpose: it loads no YAML, pydantic, networkx,
widget or graph library. Those are imported when a game is loaded.

    >>> import tabletop_rules as tr
    >>> tr.list_games()[:3]
    ['buddyfight', 'blood-recall-duel', 'blood-recall-story']
    >>> game = tr.load_game("buddyfight")
"""
from __future__ import annotations

from importlib import import_module

__version__ = "0.1.0"

# game id -> module that defines ``GAME`` (a factory returning a core.game.Game).
# Kept as data so that listing the games imports nothing.
_GAMES = {
    "buddyfight": "tabletop_rules.games.buddyfight",
    "blood-recall-duel": "tabletop_rules.games.blood_recall.duel",
    "blood-recall-story": "tabletop_rules.games.blood_recall.story",
    "vividz": "tabletop_rules.games.vividz",
    "xianjian": "tabletop_rules.games.xianjian",
    "mirror-dolls": "tabletop_rules.games.mirror_dolls",
}

_loaded: dict = {}


def list_games() -> list[str]:
    """The ids of the games this kit can load, in a stable order."""
    return list(_GAMES)


def load_game(game_id: str):
    """Load a game by id (data validated, cached). Raises KeyError naming the known ids."""
    if game_id not in _GAMES:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(_GAMES)}")
    if game_id not in _loaded:
        _loaded[game_id] = import_module(_GAMES[game_id]).load()
    return _loaded[game_id]


__all__ = ["list_games", "load_game", "__version__"]
