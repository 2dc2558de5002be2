"""The phase changes an engine makes, declared beside its code, so a flow.yaml that lacks one is
refused when the game loads (a DataError naming the file, the edge and the field), not found
as an "engine bug" in the middle of a game.

Each game package holds ``edges-<game-id>.json``: the (from, to) pairs its engine takes, written
by ``python -m tabletop_rules.core.flowneeds GAME --write`` from many seeded random games and every
shipped ruling. ``tests/test_flow_needs.py`` replays the same exploration and fails when the
engine takes a step the file does not declare, so the declaration stays complete. Loading checks
the declaration against ``flow.yaml`` (a set difference: it costs nothing).
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from .datafile import DataError


def needs_file(game_id: str, state_cls: type) -> Path:
    module = sys.modules[state_cls.__module__]
    return Path(str(module.__file__)).parent / f"edges-{game_id}.json"


def declared(game_id: str, state_cls: type) -> list[tuple[str, str]] | None:
    """The engine's declared phase changes (None: the game declares none)."""
    path = needs_file(game_id, state_cls)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise DataError(path, f"not a JSON list of [from, to] pairs ({exc})") from None
    if not isinstance(data, list) or not all(isinstance(e, list) and len(e) == 2 and all(isinstance(x, str) for x in e)
                                            for e in data):
        raise DataError(path, "expected a JSON list of [from, to] pairs")
    return [(a, b) for a, b in data]


def check_flow(game: Any) -> None:
    """Refuse a flow.yaml that lacks a node or an edge the engine needs."""
    needs = declared(game.id, game.state_cls)
    if not needs:
        return
    flow = game.flow
    file = game.dir / "flow.yaml"
    for a, b in needs:
        for node in (a, b):
            if node not in flow.nodes:
                raise DataError(file, f"the engine moves through node {node!r}, which the file does not declare",
                                entry=f"node '{node}'", field="nodes")
        if (a, b) not in flow.transitions:
            raise DataError(file, f"the engine moves from {a!r} to {b!r}, but the file has no such edge "
                                  f"(add it to edges)", entry=f"edge {a} -> {b}", field="edges")


def explore(game: Any, seeds: int = 40, limit: int = 3000) -> set[tuple[str, str]]:
    """The phase changes taken in seeded random games (every player count) and every shipped ruling."""
    taken: set[tuple[str, str]] = set()

    def note(state: Any) -> None:
        for ev in state.log:
            if ev.kind == "phase":
                taken.add((ev.data["from"], ev.data["to"]))

    for players in game.player_counts:
        for seed in range(seeds):
            rng = random.Random(seed)
            state = game.new_game(seed=seed, players=players)
            for _ in range(limit):
                if state.is_over:
                    break
                state.apply(rng.choice(state.legal_actions()))
            note(state)
    for ruling in game.rulings:
        result = ruling.check(game)
        if result.state is not None:
            note(result.state)
    return taken


def write(game: Any) -> Path:
    path = needs_file(game.id, game.state_cls)
    pairs = sorted(explore(game))
    path.write_text("[\n" + ",\n".join(json.dumps(list(p)) for p in pairs) + "\n]\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    import argparse

    from .. import list_games, load_game

    ap = argparse.ArgumentParser(prog="python -m tabletop_rules.core.flowneeds",
                                 description="Write each game's declared phase changes (edges-<game>.json).")
    ap.add_argument("games", nargs="*", help="game ids (default: every game)")
    ap.add_argument("--write", action="store_true", help="write the files (else only print what is taken)")
    args = ap.parse_args(argv)
    for gid in args.games or list_games():
        game = load_game(gid)
        if args.write:
            print(f"{gid}: {write(game)}")
        else:
            taken = explore(game)
            print(f"{gid}: {len(taken)} phase changes taken, of {len(game.flow.transitions)} edges in flow.yaml")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
