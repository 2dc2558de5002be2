"""Helpers for the Blood Recall tests: the two games, loaded once, and a small kit around the
public API so each clause test reads "set up a position, do X, the rule says Y".

Until the games are registered in ``tabletop_rules/__init__.py`` they are loaded from the package
(br_games.py, shared with the test modules that need a game at import time).
"""
from __future__ import annotations

import pytest
from br_games import game

from tabletop_rules.core import conformance
from tabletop_rules.core.actions import Action
from tabletop_rules.core.bots import RandomBot
from tabletop_rules.core.state import find_action


class Kit:
    def __init__(self, g):
        self.g = g

    # ----- positions ----------------------------------------------------------------------------------
    def scen(self, **spec):
        """A position from the scenario builder (see games/blood_recall/scenario.py)."""
        return self.g.scenario(spec)

    def new(self, seed=0, **options):
        return self.g.new_game(seed=seed, options=options or None)

    def started(self, seed=0, **options):
        """A new game played by random choices through setup, up to the first turn."""
        st = self.new(seed, **options)
        bot = RandomBot(seed)
        while st.phase.startswith("setup") and not st.is_over:
            st.apply(bot.choose(st))
        return st

    # ----- reading -------------------------------------------------------------------------------------
    @staticmethod
    def cids(st, seat, zone):
        return [st.cards[u].cid for u in getattr(st.seats[seat], zone)]

    @staticmethod
    def zone(st, name):
        return [st.cards[u].cid for u in st.zones[name]]

    @staticmethod
    def kinds(st):
        return {a.kind for a in st.legal_actions()}

    @staticmethod
    def events(evs, kind):
        return [e for e in evs if e.kind == kind]

    @staticmethod
    def phases(st, since=0):
        return [e.data["to"] for e in st.log[since:] if e.kind == "phase"]

    # ----- acting --------------------------------------------------------------------------------------
    @staticmethod
    def find(st, kind, player=None, **match):
        return find_action(st.legal_actions(), kind, match, player)

    def do(self, st, kind, player=None, **match):
        """Apply the listed action of ``kind`` whose args contain ``match`` (it must be listed)."""
        a = self.find(st, kind, player, **match)
        legal = [(x.kind, x.player, x.args) for x in st.legal_actions()]
        assert a is not None, f"no legal {kind} {match}; legal: {legal}"
        return st.apply(a)

    @staticmethod
    def act(st, kind, player=None, **args):
        """An Action built by hand (it may be illegal)."""
        return Action(kind, st.current_player if player is None else player, args)

    def refused(self, st, action, clauses):
        """The rules forbid ``action``: not listed, refused citing the clause, nothing changed."""
        return conformance.refusal(st, action, clauses)

    def play_hand(self, st):
        """Play every card in the turn player's hand (answering free enhancements with decline)."""
        evs = []
        for _ in range(60):
            if st.choices:
                kinds = self.kinds(st)
                evs += self.do(st, "decline" if "decline" in kinds else "pass")
                continue
            if "play" not in self.kinds(st):
                return evs
            evs += self.do(st, "play")
        raise AssertionError("hand did not empty")

    def end_turn(self, st):
        """Play out the hand, then end the turn; pass any Blood Recall window that follows."""
        evs = self.play_hand(st)
        evs += self.do(st, "end_turn")
        while st.choices and not st.is_over:
            kinds = self.kinds(st)
            evs += self.do(st, "pass" if "pass" in kinds else "decline")
        return evs


@pytest.fixture(scope="session")
def duel():
    return game("duel")


@pytest.fixture(scope="session")
def story():
    return game("story")


@pytest.fixture(scope="session")
def dk(duel):
    return Kit(duel)


@pytest.fixture(scope="session")
def sk(story):
    return Kit(story)
