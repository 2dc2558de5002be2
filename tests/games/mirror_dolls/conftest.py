"""Helpers for the mirror-doll clause tests: the game loaded once, and a small toolbox (``kit``)
around the public API so each test reads "set up a position, do X, the rule says Y"."""
from __future__ import annotations

import pytest

from tabletop_rules.core import conformance
from tabletop_rules.core.actions import Action
from tabletop_rules.core.state import find_action
from tabletop_rules.games.mirror_dolls import load


class Kit:
    def __init__(self, game):
        self.g = game

    def scen(self, **spec):
        return self.g.scenario(spec)

    def new(self, seed=0, **options):
        return self.g.new_game(seed=seed, options=options or None)

    @staticmethod
    def at(st, seat, slot):
        return st.at(seat, slot)

    @staticmethod
    def cid(st, seat, slot):
        u = st.at(seat, slot)
        return None if u is None else st.cards[u].cid

    @staticmethod
    def uid(st, seat, cid, pile="dolls"):
        for u in st.pile(seat, pile):
            if st.cards[u].cid == cid:
                return u
        raise AssertionError(f"{cid} not in seat {seat}'s {pile}")

    @staticmethod
    def cids(st, seat, pile):
        return [st.cards[u].cid for u in st.pile(seat, pile)]

    @staticmethod
    def kinds(st):
        return {a.kind for a in st.legal_actions()}

    @staticmethod
    def find(st, kind, **match):
        return find_action(st.legal_actions(), kind, match)

    def do(self, st, kind, **match):
        a = self.find(st, kind, **match)
        assert a is not None, f"no legal {kind} {match}; legal: {[(x.kind, x.args) for x in st.legal_actions()]}"
        return st.apply(a)

    @staticmethod
    def act(st, kind, player=None, **args):
        return Action(kind, st.current_player if player is None else player, args)

    @staticmethod
    def refused(st, action, clauses):
        return conformance.refusal(st, action, clauses)

    @staticmethod
    def events(evs, kind):
        return [e for e in evs if e.kind == kind]

    def end_turn(self, st):
        """End the current turn and settle the next player's draw step (keeping the mirror)."""
        evs = self.do(st, "end_turn")
        if st.phase == "start.mirror" and not st.is_over:
            evs += self.do(st, "keep_mirror") if self.find(st, "keep_mirror") else self.do(st, "place_mirror")
        return evs


@pytest.fixture(scope="session")
def md():
    return load()


@pytest.fixture(scope="session")
def kit(md):
    return Kit(md)
