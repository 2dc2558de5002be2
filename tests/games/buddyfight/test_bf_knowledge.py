"""BF-4.3: a charged card lies face down in the gauge, but its player knows which card it charged.
The bot's deal of what its seat cannot see (core determinize, State.known_to) keeps that card in the
gauge, so the seat's own deck is dealt without it; the opponent's deal may put it anywhere."""
from __future__ import annotations

import random

import pytest

from tabletop_rules.core.determinize import determinize


def _charged(bf, seeds=60):
    for seed in range(seeds):
        rng = random.Random(seed)
        st = bf.new_game(seed=seed)
        while not st.is_over:
            acts = st.legal_actions()
            charge = next((a for a in acts if a.kind == "charge"), None)
            if charge is not None and rng.random() < 0.5:
                st.apply(charge)
                return st, charge.player, charge.args["card"]
            st.apply(rng.choice(acts))
    raise AssertionError("no charge in the random games")


@pytest.mark.clause("BF-4.3")
def test_bf_4_3_the_charger_knows_its_charged_card_is_in_the_gauge(bf):
    st, seat, uid = _charged(bf)
    gauge = st.cards[uid].zone
    assert gauge.endswith("gauge")
    assert uid in st.known_to(seat) and uid not in st.known_to(1 - seat)
    for k in range(15):
        assert determinize(st, seat, random.Random(k)).cards[uid].zone == gauge
    assert any(determinize(st, 1 - seat, random.Random(k)).cards[uid].zone != gauge for k in range(30))
