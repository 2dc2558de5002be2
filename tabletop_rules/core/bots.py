"""Generic bots that play any game through ``legal_actions`` / ``apply`` / ``clone`` only.

Each bot owns its random generator (seeded), so a bot game is as reproducible as the rules.
"""
from __future__ import annotations

import random
from typing import Any

from .actions import Action


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        return self.rng.choice(actions)


class MonteCarloBot:
    """Flat Monte Carlo: tries each legal action on a clone, finishes the game at random a few
    times, and keeps the action with the best average result for its seat.

    Decisions with one option are taken at once; ``playouts`` bounds the work per decision.
    """

    name = "monte-carlo"

    def __init__(self, seed: int = 0, playouts: int = 4, max_actions: int = 12, max_steps: int = 400):
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.max_actions = max_actions
        self.max_steps = max_steps

    def choose(self, state: Any) -> Action:
        actions: list[Action] = state.legal_actions()
        if len(actions) <= 1:
            return actions[0]
        seat = state.current_player
        candidates = actions if len(actions) <= self.max_actions else self.rng.sample(actions, self.max_actions)
        best, best_score = candidates[0], -1.0
        for act in candidates:
            score = 0.0
            for _ in range(self.playouts):
                sim = state.clone()
                sim.apply(act)
                score += self._playout(sim, seat)
            if score > best_score:
                best, best_score = act, score
        return best

    def _playout(self, sim: Any, seat: int) -> float:
        steps = 0
        while not sim.is_over and steps < self.max_steps:
            sim.apply(self.rng.choice(sim.legal_actions()))
            steps += 1
        if not sim.is_over:
            return 0.5
        if not sim.winners:
            return 0.5
        return 1.0 if seat in sim.winners else 0.0


BOTS: dict[str, type[RandomBot] | type[MonteCarloBot]] = {"random": RandomBot, "monte-carlo": MonteCarloBot}

