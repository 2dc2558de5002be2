"""tabletop-rules: headless rules engines for translated tabletop card games.

``import tabletop_rules`` is cheap on purpose: it loads no YAML, pydantic, networkx,
widget or graph library. Those are imported when a game is loaded.

    >>> import tabletop_rules as tr
    >>> tr.list_games()[:3]
    ['blood-recall-duel', 'blood-recall-story', 'buddyfight']
    >>> game = tr.load_game("buddyfight")

Games are found, not listed (issue 37): the kit's own games are the folders ``data/<id>/`` that hold a
``flow.yaml``, each played by the module under ``tabletop_rules/games/`` its id names
(``mirror-dolls`` -> ``games/mirror_dolls``, ``blood-recall-duel`` -> ``games/blood_recall/duel.py``).
Another installed package adds a game through the entry point group ``tabletop_rules.games``:
the entry point's name is the game id, its value a module with ``load()`` or a callable returning a
``core.game.Game``, e.g. in that package's pyproject.toml::

    [project.entry-points."tabletop_rules.games"]
    my-club-game = "my_club_game:load"
"""
from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

__version__ = "0.1.0"

#: The entry point group through which another installed package adds a game.
ENTRY_POINTS = "tabletop_rules.games"

_HERE = Path(__file__).resolve().parent
_found: dict[str, str] | None = None     # game id -> "module" or "module:attr", found on first use
_loaded: dict = {}


def data_root() -> Path:
    """Where the kit's YAML lives: inside the installed wheel, else the clone's ``data/``."""
    packaged = _HERE / "data"                # what the wheel's force-include puts there
    return packaged if packaged.is_dir() else _HERE.parent / "data"


def _engine_of(game_id: str) -> str | None:
    """The kit module that plays ``game_id``: the longest run of the id's words naming a package of
    ``games/``, then the words left naming a module in it. Found on disk, nothing imported."""
    words = game_id.split("-")
    for cut in range(len(words), 0, -1):
        pkg, rest = "_".join(words[:cut]), "_".join(words[cut:])
        where = _HERE / "games" / pkg
        if not (where / "__init__.py").is_file():
            continue
        if not rest:
            return f"{__name__}.games.{pkg}"
        if (where / f"{rest}.py").is_file() or (where / rest / "__init__.py").is_file():
            return f"{__name__}.games.{pkg}.{rest}"
    return None


def _games() -> dict[str, str]:
    """Every game id this kit can load and where its ``load`` lives, found once per process: the kit's
    own (sorted by id), then those other installed packages declare (entry points, read only here, so
    that ``import tabletop_rules`` stays cheap). A kit id wins over an outside package's same id."""
    global _found
    if _found is None:
        found: dict[str, str] = {}
        root = data_root()
        for flow in sorted(root.glob("*/flow.yaml")):
            engine = _engine_of(flow.parent.name)
            if engine is not None:
                found[flow.parent.name] = engine
        from importlib.metadata import entry_points

        for ep in sorted(entry_points(group=ENTRY_POINTS), key=lambda e: e.name):
            found.setdefault(ep.name, ep.value)
        _found = found
    return _found


def game_loader(game_id: str) -> Callable[..., Any]:
    """The function that builds ``game_id`` from its files (``load(directory=None)``), not cached.
    Raises KeyError naming the known ids."""
    games = _games()
    if game_id not in games:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(games)}")
    module, _, attr = games[game_id].partition(":")
    target: Any = import_module(module.strip())
    for part in attr.strip().split(".") if attr.strip() else ("load",):
        target = getattr(target, part)
    return target


def game_module(game_id: str) -> str:
    """The module that defines ``game_id`` (its package holds the game's edges file and, for the kit's
    games, names its board)."""
    game_loader(game_id)                      # the same KeyError for an unknown id
    return _games()[game_id].partition(":")[0].strip()


def list_games() -> list[str]:
    """The ids of the games this kit can load, in a stable order."""
    return list(_games())


def load_game(game_id: str):
    """Load a game by id (data validated, cached). Raises KeyError naming the known ids."""
    if game_id not in _loaded:
        _loaded[game_id] = game_loader(game_id)()
    return _loaded[game_id]


__all__ = ["ENTRY_POINTS", "data_root", "game_loader", "game_module", "list_games", "load_game", "__version__"]
