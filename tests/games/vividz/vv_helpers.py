"""A small toolbox for the Vividz clause tests: build a position, act, read the board."""
from __future__ import annotations

from kit import BaseKit

from tabletop_rules.core import conformance


class Kit(BaseKit):
    @staticmethod
    def char(st, seat, lane):
        u = st.character(seat, lane)
        return None if u is None else st.cards[u].cid

    @staticmethod
    def cids(st, seat, zone):
        return [st.cards[u].cid for u in st.zones[f"{seat}.{zone}"]]

    @staticmethod
    def uid(st, seat, zone, cid):
        for u in st.zones[f"{seat}.{zone}"]:
            if st.cards[u].cid == cid:
                return u
        raise AssertionError(f"{cid} not in seat {seat}'s {zone}")

    def use(self, st, cid, lane, seat=None):
        seat = st.turn_player if seat is None else seat
        zone = "hand" if any(st.cards[u].cid == cid for u in st.zones[f"{seat}.hand"]) else "keep"
        return self.do(st, "use_character", card=self.uid(st, seat, zone, cid), lane=lane)

    def settle(self, st, use_search=False):
        """Answer pending interference / search / discard decisions by passing or declining."""
        evs = []
        for _ in range(30):
            k = self.choice(st)
            if k == "interfere":
                evs += self.do(st, "pass")
            elif k == "search_use":
                a = self.find(st, "search_use") if use_search else self.find(st, "search_pass")
                evs += st.apply(a)
            elif k == "discard":
                evs += st.apply(st.legal_actions()[0])
            else:
                break
        return evs

    def to_phase(self, st, phase):
        """Play the turn forward doing nothing until ``phase`` (end main, keep nothing, end charge)."""
        for _ in range(40):
            if st.phase == phase or st.is_over:
                return
            self.settle(st)
            if st.phase == "main.actions":
                self.do(st, "end_main")
            elif st.phase == "charge.keep":
                self.do(st, "skip_keep")
            elif st.phase == "charge.energy":
                self.do(st, "end_charge")
            elif st.phase == "setup.energy":
                st.apply(st.legal_actions()[0])
        raise AssertionError(f"never reached {phase}")

    @staticmethod
    def refused(st, action, clauses):
        return conformance.refusal(st, action, clauses)

    @staticmethod
    def events(evs, kind):
        return [e for e in evs if e.kind == kind]


def placed(vv, seed, **kw):
    """A new game past the mission placement (VV-5.2): each seat puts its missions in deck order."""
    st = vv.new_game(seed=seed, **kw)
    while st.phase == "setup.place":
        st.apply(st.legal_actions()[0])
    return st
