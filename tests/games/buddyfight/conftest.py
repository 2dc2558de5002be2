"""Helpers for the Buddyfight rule-clause tests (tests/games/buddyfight/test_clauses_*.py).

The tests take the ``kit`` fixture: a small toolbox around the public API (scenario, legal
actions, apply) so each test reads as "set up a position, do X, the rule says Y".
"""
from __future__ import annotations

import pytest
from kit import BaseKit

from tabletop_rules.core import conformance

PAY_KINDS = ("pay_gauge", "pay_discard", "pay_soul")
PASS_KINDS = ("window", "respond", "move")


class Kit(BaseKit):
    # ----- building positions ------------------------------------------------------------------
    # ----- reading ------------------------------------------------------------------------------
    @staticmethod
    def area(st, seat, area):
        """The card id (cid) in a seat's area, or None."""
        u = st.fighters[seat].areas[area]
        return None if u is None else st.cards[u].cid

    @staticmethod
    def uid(st, seat, area):
        return st.fighters[seat].areas[area]

    @staticmethod
    def cids(st, seat, zone):
        return [st.cards[u].cid for u in getattr(st.fighters[seat], zone)]

    # ----- acting -------------------------------------------------------------------------------
    def pay(self, st, slot=0):
        """Answer payment decisions (gauge slot / first card) until none is pending."""
        evs = []
        while self.choice(st) in PAY_KINDS:
            acts = st.legal_actions()
            pick = acts[min(slot, len(acts) - 1)] if self.choice(st) == "pay_gauge" else acts[0]
            evs += st.apply(pick)
        return evs

    def passes(self, st, upto=20):
        """Pass every counter window / response / move window that is pending."""
        evs = []
        for _ in range(upto):
            if self.choice(st) not in PASS_KINDS:
                break
            evs += self.do(st, "pass")
        return evs

    def settle(self, st):
        """Pay and pass until the turn player has a free choice again."""
        evs = []
        for _ in range(40):
            if self.choice(st) in PAY_KINDS:
                evs += self.pay(st)
            elif self.choice(st) in PASS_KINDS:
                evs += self.passes(st)
            else:
                break
        return evs

    def next_turn(self, st):
        """Play out the rest of the current turn doing nothing (skip, end main, end attack, end turn)."""
        tp, turn = st.turn_player, st.turn
        for _ in range(50):
            if st.is_over or st.turn != turn:
                return
            self.settle(st)
            p = st.phase
            if p == "start.charge":
                self.do(st, "skip_charge")
            elif p == "main.actions":
                self.do(st, "end_main")
            elif p == "attack.declare":
                self.do(st, "end_attack")
            elif p == "final.impacts":
                self.do(st, "end_turn")
        raise AssertionError(f"turn of seat {tp} did not end")

    @staticmethod
    def card_in_hand(st, seat, cid):
        for u in st.fighters[seat].hand:
            if st.cards[u].cid == cid:
                return u
        raise AssertionError(f"{cid} not in seat {seat}'s hand")

    def refused(self, st, action, clauses):
        """The rules forbid ``action``: not listed, refused citing the clause, nothing changed."""
        return conformance.refusal(st, action, clauses)


@pytest.fixture(scope="session")
def kit(bf):
    return Kit(bf)
