"""Duel-mode clauses of the round: BRD-2.1, 2.4-2.13 (main phase, blood battle, cleanup), BRD-5.1,
and the battle decisions BRD-6.2, 6.4, 6.5, 6.7.

In a scenario seat 0 holds the token by default; `turn_player: 1` puts the game at the second
player's turn, so ending it starts the blood battle.
"""
from __future__ import annotations

import pytest


def battle(dk, a=0, b=0, **spec):
    """A position at the second player's turn with the given attack bonuses; seat 1 ends its turn."""
    players = spec.pop("players", [{}, {}])
    players[0] = dict({"bonus": a}, **players[0])
    players[1] = dict({"bonus": b}, **players[1])
    st = dk.scen(turn_player=1, players=players, **spec)
    start = len(st.log)
    dk.do(st, "end_turn", 1)
    return st, st.log[start:]


@pytest.mark.clause("BRD-2.1")
def test_brd_2_1_rounds_of_main_battle_cleanup(dk):
    st = dk.started(0)
    start = len(st.log)
    for _ in range(3):
        dk.end_turn(st)
        if st.is_over:
            break
    phases = [p.split(".")[0] for p in dk.phases(st, start)]
    order = [p for i, p in enumerate(phases) if i == 0 or p != phases[i - 1]]
    assert order[:4] == ["main", "battle", "cleanup", "main"]


@pytest.mark.clause("BRD-2.4")
def test_brd_2_4_token_holder_then_the_other_then_battle(dk):
    st = dk.scen(token=1, turn_player=1)
    assert st.current_player == 1
    dk.end_turn(st)
    assert st.phase == "main.turn" and st.current_player == 0
    start = len(st.log)
    dk.end_turn(st)
    assert dk.phases(st, start)[:2] == ["main.end", "battle.effects"]
    st = dk.scen(token=1, turn_player=1)
    refusal = dk.refused(st, dk.act(st, "end_turn", 0), "BRD-2.4")
    assert "Seat 1's turn" in refusal.reason


@pytest.mark.clause("BRD-2.5")
def test_brd_2_5_play_area_effects_then_totals(dk):
    # Scarlet Tempest: +1 attack per Slash art in its owner's play area, in the blood battle.
    st, evs = battle(dk, players=[{"play": ["scarlet-tempest", "slash-1", "slash-2"]}, {"play": ["rending-claw"]}])
    tot = dk.events(evs, "totals")[0]
    assert tot.clause == "BRD-2.5" and tot.data["totals"] == [2 + 1 + 3 + 2, 3]
    kinds = [e.kind for e in evs]
    assert kinds.index("attack") < kinds.index("totals")


@pytest.mark.clause("BRD-2.6")
def test_brd_2_6_the_excess_is_the_damage(dk):
    st, evs = battle(dk, 11, 9)
    dmg = dk.events(evs, "damage")
    got = {k: dmg[0].data[k] for k in ("seat", "amount", "life")}
    assert len(dmg) == 1 and got == {"seat": 1, "amount": 2, "life": 18} and dmg[0].clause == "BRD-2.6"
    st, evs = battle(dk, 4, 4)
    assert not dk.events(evs, "damage") and st.seats[0].life == st.seats[1].life == 20


@pytest.mark.clause("BRD-2.7")
@pytest.mark.parametrize("life,damage,left,sideways", [(20, 3, 17, 7), (12, 4, 8, 0), (3, 8, 0, 0)])
def test_brd_2_7_damage_moves_blood_sideways_first(dk, life, damage, left, sideways):
    st, _ = battle(dk, damage, 0, players=[{}, {"life": life}])
    p = st.view(None)["players"][1]
    assert (p["life"], p["sideways"], p["upright"]) == (left, sideways, min(left, 10))
    assert p["pool"] == life - left


@pytest.mark.clause("BRD-2.8")
def test_brd_2_8_token_goes_to_the_damage_dealer(dk):
    st, evs = battle(dk, 2, 5)
    assert st.token == 1 and dk.events(evs, "token")[0].clause == "BRD-2.8"
    assert st.current_player == 1                 # the new holder starts the next round
    st, evs = battle(dk, 3, 3)
    assert st.token == 0 and dk.events(evs, "no_damage")


@pytest.mark.clause("BRD-2.9")
def test_brd_2_9_discarded_cards_do_not_count(dk):
    st, evs = battle(dk, players=[{"discard": ["slash-3"] * 3}, {"play": ["slash-1"]}])
    assert dk.events(evs, "totals")[0].data["totals"] == [0, 1]


@pytest.mark.clause("BRD-2.10")
def test_brd_2_10_awakening_at_ten_or_less_is_permanent(dk):
    st, evs = battle(dk, 0, 3, players=[{"life": 13, "vessel": "totsukamadichi", "recaller": "ameno"}, {}])
    assert st.seats[0].awake and dk.events(evs, "awaken")[0].clause == "BRD-2.10"
    v = st.view(1)["players"][0]["vessel"]
    side = dk.g.cards["totsukamadichi"].awakened
    assert (v["hand"], v["self_harm"], v["lineage"]) == (side.hand, side.self_harm, side.lineage)
    assert st.view(1)["players"][0]["lineage"] == 2
    # Awake for good: nothing turns it back.
    dk.end_turn(st)
    dk.end_turn(st)
    assert st.seats[0].awake
    st, evs = battle(dk, 0, 2, players=[{"life": 13}, {}])
    assert not st.seats[0].awake and not dk.events(evs, "awaken")


@pytest.mark.clause("BRD-2.10")
def test_brd_2_10_awakening_is_checked_at_the_end_of_the_battle_only(dk):
    st = dk.scen(players=[{"life": 11, "hand": ["slash-1"]}, {}])
    dk.do(st, "self_harm")
    assert st.seats[0].life == 9 and not st.seats[0].awake


@pytest.mark.clause("BRD-2.11")
def test_brd_2_11_cleanup_play_areas_to_discard_pool_stays(dk):
    st, evs = battle(dk, 0, 2, players=[{"play": ["slash-1", "bloodied-fang"], "pool": 0}, {"play": ["slash-2"]}])
    assert sorted(dk.cids(st, 0, "discard")) == ["bloodied-fang", "slash-1"]
    assert dk.cids(st, 1, "discard") == ["slash-2"]
    assert not st.seats[0].play and not st.seats[1].play
    assert st.seats[0].pool == 2 and dk.events(evs, "cleanup")[0].clause == "BRD-2.11"


@pytest.mark.clause("BRD-2.12")
def test_brd_2_12_vessels_stand_and_draw_the_hand_size(dk):
    st, evs = battle(dk, players=[{"rested": True}, {"rested": True}])
    assert not st.seats[0].rested and not st.seats[1].rested
    assert len(st.seats[0].hand) == 3 and len(st.seats[1].hand) == 4
    assert all(e.clause == "BRD-2.12" for e in dk.events(evs, "draw"))


@pytest.mark.clause("BRD-2.13")
def test_brd_2_13_token_holder_starts_the_next_round(dk):
    st, evs = battle(dk, 0, 1)
    assert st.token == 1 and st.turn_player == 1 and st.phase == "main.turn"
    assert dk.events(evs, "turn")[-1].data == {"seat": 1, "round": 2}


@pytest.mark.clause("BRD-5.1")
def test_brd_5_1_the_game_ends_at_once(dk):
    st, evs = battle(dk, 9, 0, players=[{}, {"life": 4}])
    assert st.is_over and st.winners == (0,) and st.phase == "game-over"
    assert evs[-1].kind == "game_over" and evs[-1].clause == "BRD-5.1"
    assert not dk.events(evs, "token") and not dk.events(evs, "cleanup")
    assert st.legal_actions() == [] and st.current_player is None
    st = dk.scen(players=[{"life": 2, "hand": ["slash-1"]}, {}])
    dk.do(st, "self_harm")
    assert st.winners == (1,) and st.seats[0].life == 0


# ------------------------------------------------------------------------------------------------- decisions
@pytest.mark.clause("BRD-6.2")
def test_brd_6_2_blood_recall_window_after_effects_before_damage(dk):
    st = dk.scen(turn_player=1, players=[{"recall_points": 2, "play": ["scarlet-tempest", "slash-1"]}, {}])
    start = len(st.log)
    dk.do(st, "end_turn", 1)
    assert st.phase == "battle.recall"
    assert dk.phases(st, start) == ["main.end", "battle.effects", "battle.recall"]
    assert dk.events(st.log[start:], "attack")              # play-area effects came first
    dk.do(st, "blood_recall", 0, recaller="suou")
    tot = [e for e in st.log if e.kind == "totals"][-1]
    assert tot.data["totals"] == [2 + 1 + 1 + 4, 0]           # Suou's +4 counts in this battle
    # Nobody who cannot pay is asked: no window at all.
    st2, evs = battle(dk)
    assert "battle.recall" not in [e.data["to"] for e in evs if e.kind == "phase"]


@pytest.mark.clause("BRD-6.4")
def test_brd_6_4_attack_never_below_zero(dk):
    st, evs = battle(dk, -3, 0, players=[{"play": ["slash-1"]}, {}])
    assert dk.events(evs, "totals")[0].data["totals"] == [0, 0]
    assert not dk.events(evs, "damage")


@pytest.mark.clause("BRD-6.5")
def test_brd_6_5_face_up_recaller_attack_counts(dk):
    st, evs = battle(dk, players=[{}, {"recaller_up": True}])
    assert dk.events(evs, "totals")[0].data["totals"] == [0, 1]
    st, evs = battle(dk)                                       # face down: nothing
    assert dk.events(evs, "totals")[0].data["totals"] == [0, 0]


@pytest.mark.clause("BRD-6.7")
def test_brd_6_7_token_holder_first_in_simultaneous_steps(dk):
    for token in (0, 1):
        st = dk.scen(token=token, turn_player=1 - token,
                     players=[{"play": ["scarlet-tempest", "slash-1"]}, {"play": ["scarlet-tempest", "slash-1"]}])
        start = len(st.log)
        dk.do(st, "end_turn", 1 - token)
        evs = st.log[start:]
        assert [e.data["seat"] for e in dk.events(evs, "attack")] == [token, 1 - token]
        draws = [e.data["seat"] for e in dk.events(evs, "draw")]
        assert draws[0] == token and draws[-1] == 1 - token
