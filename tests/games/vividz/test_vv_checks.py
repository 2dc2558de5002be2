"""Issue 37: every Vividz refusal names the rule that decides it, in that rule's words, and is decided by
the one check registered for its clause (tabletop_rules/games/vividz/checks.py, effects.py ``not_valid``).
Each test builds a position, tries what the clause forbids, and reads the refusal: the clause, the
sentence, and a state left exactly as it was (conformance.refusal)."""
from __future__ import annotations

import pytest
from vv_helpers import placed

from tabletop_rules.core.actions import Action
from tabletop_rules.games.vividz import checks
from tabletop_rules.games.vividz.book import BOOK
from tabletop_rules.games.vividz.effects import not_valid


def test_each_refusing_clause_is_decided_by_one_registered_check(vv):
    """The clauses the listers refuse by are marked ``decides`` and each has its one check."""
    deciding = {c.id for c in vv.rules if getattr(c, "decides", False)}
    assert {"VV-5.6", "VV-7.2", "VV-7.3", "VV-7.4", "VV-7.5", "VV-7.8", "VV-8.1", "VV-8.2", "VV-8.3", "VV-8.4",
            "VV-12.5", "VV-12.6", "VV-12.11", "VV-12.12", "VV-12.13"} <= deciding
    assert BOOK.rule.deciding("VV-8.4") == [checks.cannot_slide]
    assert BOOK.rule.deciding("VV-12.5") == [not_valid]
    # the turn-order prologues are declared on their listers, not written in them
    declared = {ny[1] for _, ny in BOOK.moves.prologues.values()}
    assert {"VV-7.1", "VV-7.11", "VV-8.1", "VV-10.1", "VV-10.3"} <= declared


@pytest.mark.clause("VV-5.6")
def test_vv_5_6_the_first_player_puts_no_energy_at_setup(kit, vv):
    st = placed(vv, 0)
    assert st.phase == "setup.energy"
    first = st.first_player
    card = st.hand(first)[0]
    err = kit.refused(st, Action("setup_energy", first, {"card": card}), "VV-5.6")
    assert "first player" in err.reason


@pytest.mark.clause("VV-7.1", "VV-7.11")
def test_vv_7_1_only_the_turn_player_uses_cards_and_ends_the_main_phase(kit):
    st = kit.scen(players=[{}, {"hand": ["ren-bolt-pup"], "energy": 5}])
    err = kit.refused(st, Action("use_character", 1, {"card": st.hand(1)[0], "lane": 0}), "VV-7.1")
    assert "turn player" in err.reason
    err = kit.refused(st, Action("end_main", 1, {}), "VV-7.11")
    assert "turn player" in err.reason


@pytest.mark.clause("VV-7.3", "VV-7.8")
def test_vv_7_3_vv_7_8_an_event_is_no_character_and_a_character_no_event(kit):
    st = kit.scen(players=[{"hand": ["aoi-fan-service", "aoi-spotlight"], "energy": 5}, {}])
    ev, ch = kit.uid(st, 0, "hand", "aoi-fan-service"), kit.uid(st, 0, "hand", "aoi-spotlight")
    err = kit.refused(st, Action("use_character", 0, {"card": ev, "lane": 0}), "VV-7.3")
    assert "is an event, not a character" in err.reason
    err = kit.refused(st, Action("use_event", 0, {"card": ch}), "VV-7.8")
    assert "is a character, not an event" in err.reason


@pytest.mark.clause("VV-7.4")
def test_vv_7_4_an_event_that_cannot_be_paid_in_full_is_not_used(kit):
    st = kit.scen(players=[{"hand": ["aoi-encore-event"], "energy": 0}, {}])
    ev = kit.uid(st, 0, "hand", "aoi-encore-event")
    cost = st.cards[ev].d.cost
    assert cost > 0
    err = kit.refused(st, Action("use_event", 0, {"card": ev}), "VV-7.4")
    assert f"costs {cost} energy; you have 0" in err.reason


@pytest.mark.clause("VV-8.1")
def test_vv_8_1_an_attack_needs_a_standing_character_of_the_turn_player(kit):
    st = kit.scen(players=[{"field": [{"card": "aoi-spotlight", "rested": True}]}, {"field": ["ren-bolt-pup"]}])
    err = kit.refused(st, Action("attack", 0, {"lane": 0}), "VV-8.1")
    assert "rested" in err.reason
    err = kit.refused(st, Action("attack", 0, {"lane": 1}), "VV-8.1")
    assert "no character in lane 2" in err.reason
    err = kit.refused(st, Action("attack", 1, {"lane": 0}), "VV-8.1")
    assert "only the turn player attacks" in err.reason


@pytest.mark.clause("VV-8.3")
def test_vv_8_3_act_in_the_opponents_main_phase_and_slides_only_when_interfering(kit):
    st = kit.scen(players=[{"field": ["aoi-spotlight"]}, {"field": ["ren-bulwark"], "hand": 2}])
    err = kit.refused(st, Action("act", 1, {"card": st.account(1), "ability": 0}), "VV-8.3")
    assert "only when interfering" in err.reason
    err = kit.refused(st, Action("slide", 0, {"card": st.character(0, 0), "to": 1}), "VV-8.3")
    assert "only in the interference step" in err.reason
    kit.do(st, "attack", lane=0)
    assert kit.choice(st) == "interfere"
    err = kit.refused(st, Action("act", 0, {"card": st.account(0), "ability": 0}), "VV-8.3")
    assert "defending player" in err.reason
    err = kit.refused(st, Action("slide", 0, {"card": st.character(0, 0), "to": 1}), "VV-8.3")
    assert "only the defender slides" in err.reason


@pytest.mark.clause("VV-8.4")
def test_vv_8_4_a_slide_costs_two_hand_cards_and_needs_an_adjacent_empty_area(kit):
    st = kit.scen(players=[{"field": ["aoi-spotlight"]}, {"field": ["ren-bolt-pup", "ren-bulwark"], "hand": 3}])
    kit.do(st, "attack", lane=0)
    assert kit.choice(st) == "interfere"
    err = kit.refused(st, Action("slide", 1, {"card": st.character(1, 0), "to": 1}), "VV-8.4")
    assert "lane 2 is not empty" in err.reason
    err = kit.refused(st, Action("slide", 1, {"card": st.character(1, 0), "to": 2}), "VV-8.4")
    assert "lane 3 is not next to lane 1" in err.reason


@pytest.mark.clause("VV-10.1", "VV-10.3")
def test_vv_10_only_the_turn_player_keeps_and_charges(kit):
    st = kit.scen(phase="charge.keep", players=[{"hand": ["aoi-spotlight"]}, {"hand": ["ren-bolt-pup"]}])
    err = kit.refused(st, Action("keep", 1, {"card": st.hand(1)[0]}), "VV-10.1")
    assert "turn player" in err.reason
    st = kit.scen(phase="charge.energy", players=[{"hand": ["aoi-spotlight"]}, {"hand": ["ren-bolt-pup"]}])
    err = kit.refused(st, Action("charge", 1, {"card": st.hand(1)[0]}), "VV-10.3")
    assert "turn player charges" in err.reason


@pytest.mark.clause("VV-12.6")
def test_vv_12_6_a_rested_card_cannot_rest_again_to_pay(kit):
    st = kit.scen(players=[{"account_rested": True}, {}])
    err = kit.refused(st, Action("act", 0, {"card": st.account(0), "ability": 0}), "VV-12.6")
    assert "rested and cannot be rested to pay" in err.reason


@pytest.mark.clause("VV-7.2", "VV-8.5")
def test_vv_7_2_the_search_asks_the_same_first_turn_check(kit):
    """A searched event on the first turn goes to energy: the search asks ``first_turn_forbids``."""
    st = kit.scen(turn=1, players=[{}, {}])
    assert checks.first_turn_forbids(st, "use_event") == ("why.use.first_event", "VV-7.2")
    st.turn = 2
    assert checks.first_turn_forbids(st, "use_event") is None


@pytest.mark.clause("VV-12.12", "VV-12.13", "VV-12.11")
def test_auto_abilities_obey_the_act_checks_for_turn_and_limit(kit):
    """[Auto] abilities 'work' under the same [Own turn] / [Turn 1] checks an [Act] ability is used
    under: Iron Vanguard stands once per turn on an attack success, the second time the limit says no."""
    st = kit.scen(turn_player=1, players=[{}, {"field": ["ren-iron-vanguard"]}])
    u = st.character(1, 0)
    auto = next(i for i, a in enumerate(st.cards[u].d.abilities) if a.kind == "auto")
    a = st.cards[u].d.abilities[auto]
    assert checks.used_up(st, u, auto, a) is None
    kit.do(st, "attack", lane=0)
    kit.settle(st)
    assert checks.used_up(st, u, auto, a) == ("why.act.limit", "VV-12.11")
