"""The toolbox every game's clause tests share (``kit``): build a position, find and take a
listed action, read what is legal. Each game's conftest subclasses it with its board readers."""
from __future__ import annotations

from typing import Any

from tabletop_rules.core.actions import Action
from tabletop_rules.core.state import find_action


class BaseKit:
    def __init__(self, game: Any):
        self.g = game

    def scen(self, **spec: Any) -> Any:
        """A position from the game's scenario builder (see its scenario.py docstring)."""
        return self.g.scenario(spec)

    def new(self, seed: int = 0, **options: Any) -> Any:
        return self.g.new_game(seed=seed, options=options or None)

    @staticmethod
    def choice(st: Any) -> str | None:
        """The kind of the pending decision, or None."""
        return st.choices[-1].kind if st.choices else None

    @staticmethod
    def kinds(st: Any) -> set[str]:
        return {a.kind for a in st.legal_actions()}

    @staticmethod
    def find(st: Any, kind: str, **match: Any) -> Action | None:
        return find_action(st.legal_actions(), kind, match)

    def do(self, st: Any, kind: str, **match: Any) -> list:
        """Apply the listed action of ``kind`` whose args contain ``match`` (it must be listed)."""
        a = self.find(st, kind, **match)
        assert a is not None, f"no legal {kind} {match}; legal: {[(x.kind, x.args) for x in st.legal_actions()]}"
        return st.apply(a)

    @staticmethod
    def act(st: Any, kind: str, player: int | None = None, **args: Any) -> Action:
        """An Action (listed or not) for the seat to act, or ``player``."""
        return Action(kind, st.current_player if player is None else player, args)
