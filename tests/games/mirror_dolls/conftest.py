"""Helpers for the mirror-doll clause tests: the game loaded once, and a small toolbox (``kit``)
around the public API so each test reads "set up a position, do X, the rule says Y"."""
from __future__ import annotations

import pytest
from kit import BaseKit

from tabletop_rules.core import conformance
from tabletop_rules.games.mirror_dolls import load


class Kit(BaseKit):
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
