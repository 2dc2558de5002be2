"""Demo cards added for issue 10's gaps: the Aoi deck gains a rest effect on an energy-cost [Act]
(Stage Director Mio), the Ren deck an EXP effect (Tempered Blade)."""
from __future__ import annotations

import pytest

from tabletop_rules.core.actions import Action


def _ops(game, deck_id):
    """(card id, ability kind, op name, energy cost) for every ability op of a demo deck."""
    deck = game.decks[deck_id]
    return {(cid, ab.kind, op["op"], ab.cost.energy) for cid in [deck.account, *deck.cards]
            for ab in game.cards[cid].abilities for op in ab.do}


@pytest.mark.clause("VV-1.5", "VV-12.6", "VV-12.14", "VV-12.16")
def test_each_demo_deck_shows_rest_energy_cost_and_exp(vv):
    aoi, ren = _ops(vv, "aoi-demo"), _ops(vv, "ren-demo")
    assert any(op == "rest" for _, _, op, _ in aoi)
    assert any(kind == "act" and energy > 0 for _, kind, _, energy in aoi)
    assert any(op == "exp" for _, _, op, _ in ren)
    assert vv.cards["aoi-stage-director"].demo and vv.cards["ren-tempered-blade"].demo


@pytest.mark.clause("VV-12.6", "VV-12.14", "VV-12.11")
def test_stage_director_pays_energy_to_rest_the_opposing_character(kit):
    st = kit.scen(players=[{"field": ["aoi-stage-director"], "energy": 0}, {"field": ["ren-iron-vanguard"]}])
    err = kit.refused(st, Action("act", 0, {"card": st.character(0, 0), "ability": 0}), "VV-12.6")
    assert "energy" in err.reason
    st = kit.scen(players=[{"field": ["aoi-stage-director"], "energy": 2}, {"field": ["ren-iron-vanguard"]}])
    me, opp = st.character(0, 0), st.character(1, 0)
    evs = kit.do(st, "act", card=me, ability=0)
    assert st.energy(0) == 1 and len(st.zones["0.drop"]) == 1          # the [Cost]: one energy to the drop zone
    assert st.cards[opp].rested and not st.cards[me].rested            # the effect rests the opposing character
    assert [e.clause for e in evs if e.kind in ("pay", "rest")] == ["VV-12.6", "VV-12.14"]
    kit.refused(st, Action("act", 0, {"card": me, "ability": 0}), "VV-12.11")   # [Turn 1]


@pytest.mark.clause("VV-12.16", "VV-12.22", "VV-7.5")
def test_tempered_blade_levels_up_and_takes_the_top_card_as_exp(kit):
    st = kit.scen(turn_player=1, players=[{}, {"hand": ["ren-tempered-blade"], "energy": 4,
                                               "field": ["ren-bolt-pup"], "deck": ["ren-smash", "ren-bulwark"]}])
    evs = kit.use(st, "ren-tempered-blade", 0)
    assert [e.clause for e in evs if e.kind == "auto"] == ["VV-12.22"]
    # the deck lists its top card first: Smash goes under, between the old character and the new
    assert kit.cids(st, 1, "area0") == ["ren-bolt-pup", "ren-smash", "ren-tempered-blade"]
    assert kit.cids(st, 1, "deck") == ["ren-bulwark"]
    assert any(e.kind == "exp" and e.clause == "VV-12.16" for e in evs)
    empty = kit.scen(turn_player=1, players=[{}, {"hand": ["ren-tempered-blade"], "energy": 4, "deck": 3}])
    evs = kit.use(empty, "ren-tempered-blade", 0)                      # into an empty area: no LvUP, no EXP
    assert not [e for e in evs if e.kind in ("auto", "exp")]
