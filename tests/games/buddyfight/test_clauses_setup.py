"""Rule clauses BF-3.x (setup) and BF-4.x (start phase)."""
from __future__ import annotations

import pytest

from tabletop_rules.games.buddyfight import turn

SEEDS = range(30)


def setup_events(st):
    """The log of setup: everything before the first turn begins."""
    out = []
    for e in st.log:
        if e.kind == "turn":
            break
        out.append(e)
    return out


@pytest.fixture
def before_raise(bf, monkeypatch):
    """Views of both seats taken at the moment the flag is about to be raised (BF-3.7)."""
    seen = {}
    orig = turn.raise_flags

    def spy(st):
        seen.update({s: st.view(s) for s in (0, 1)})
        seen["referee"] = st.view(None)
        return orig(st)

    monkeypatch.setattr(turn, "raise_flags", spy)
    return seen


# ---------------------------------------------------------------------------------------------- BF-3
@pytest.mark.clause("BF-3.1")
def test_bf_3_1_flag_face_down_in_flag_zone_until_raised(bf, before_raise):
    st = bf.new_game(seed=0)
    for seat in (0, 1):
        f = st.fighters[seat]
        assert st.cards[f.flag].place == "flag"
        assert st.cards[f.flag].cid == bf.decks[f.deck_id].flag
        # Before the raise the opponent sees only a face-down flag.
        hidden = before_raise[1 - seat]["players"][seat]["flag"]
        assert hidden.get("hidden") is True and "id" not in hidden
    kinds = [(e.kind, e.clause) for e in setup_events(st)]
    assert kinds.index(("setup", "BF-3.1")) < kinds.index(("raise", "BF-3.7"))


@pytest.mark.clause("BF-3.2")
def test_bf_3_2_buddy_face_down_in_buddy_zone_until_raised(bf, before_raise):
    st = bf.new_game(seed=0)
    for seat in (0, 1):
        f = st.fighters[seat]
        assert st.cards[f.buddy].place == "buddy"
        assert st.cards[f.buddy].d.type == "monster"
        assert st.cards[f.buddy].cid == bf.decks[f.deck_id].buddy
        hidden = before_raise[1 - seat]["players"][seat]["buddy"]
        assert hidden.get("hidden") is True and "id" not in hidden
    kinds = [(e.kind, e.clause) for e in setup_events(st)]
    assert kinds.index(("setup", "BF-3.2")) < kinds.index(("raise", "BF-3.7"))


@pytest.mark.clause("BF-3.3")
def test_bf_3_3_each_deck_is_shuffled(bf):
    orders = {0: set(), 1: set()}
    for seed in range(10):
        st = bf.new_game(seed=seed)
        ref = st.view(None)["players"]
        for seat in (0, 1):
            orders[seat].add(tuple(ref[seat]["deck_order"]))
        shuffles = [e for e in setup_events(st) if e.kind == "shuffle"]
        assert [e.data["seat"] for e in shuffles] == [0, 1] and all(e.clause == "BF-3.3" for e in shuffles)
    assert len(orders[0]) == 10 and len(orders[1]) == 10


@pytest.mark.clause("BF-3.3")
def test_bf_3_3_shuffle_is_not_the_list_order(bf):
    st = bf.new_game(seed=0)
    f = st.fighters[0]
    spec = bf.decks[f.deck_id]
    unshuffled = [cid for cid, n in spec.cards.items() for _ in range(n)]
    dealt = [st.cards[u].cid for u in f.gauge] + [st.cards[u].cid for u in f.hand]
    assert dealt != unshuffled[-8:]           # the top of an unshuffled deck


@pytest.mark.clause("BF-3.4")
@pytest.mark.parametrize("seed", [0, 5, 11])
def test_bf_3_4_six_cards_from_the_top_of_the_deck(bf, seed):
    st = bf.new_game(seed=seed)
    for f in st.fighters:
        assert len(f.hand) == 6
        total = sum(bf.decks[f.deck_id].cards.values())
        assert len(f.deck) == total - 8        # 6 in hand, 2 in gauge
        draws = [e for e in setup_events(st) if e.kind == "draw" and e.data.get("seat") == f.seat]
        assert len(draws) == 6 and all(e.clause == "BF-3.4" for e in draws)
    for seat in (0, 1):
        assert st.view(seat)["players"][seat]["hand_count"] == 6
        assert st.view(1 - seat)["players"][seat]["hand"] is None


@pytest.mark.clause("BF-3.5")
def test_bf_3_5_two_face_down_gauge_cards(bf):
    st = bf.new_game(seed=2)
    for f in st.fighters:
        assert len(f.gauge) == 2
        assert not set(f.gauge) & set(f.hand)
        ev = [e for e in setup_events(st) if e.kind == "gauge" and e.data.get("seat") == f.seat]
        assert len(ev) == 2 and all(e.clause == "BF-3.5" for e in ev)
    # Face down, unlooked at: no seat's view names a gauge card, not even the owner's.
    for seat in (0, 1):
        for p in st.view(seat)["players"]:
            assert p["gauge"] == 2 and "gauge_cards" not in p


@pytest.mark.clause("BF-3.6")
def test_bf_3_6_first_player_random_and_must_go_first(bf):
    firsts = set()
    for seed in SEEDS:
        st = bf.new_game(seed=seed)
        firsts.add(st.first_player)
        assert st.turn == 1
        assert st.turn_player == st.first_player == st.current_player
        assert st.view(None)["first_player"] == st.first_player
        # No choice to go second: the first decision is already the first player's charge step.
        assert st.phase == "start.charge"
        assert {a.kind for a in st.legal_actions()} <= {"charge", "skip_charge"}
        ev = [e for e in st.log if e.kind == "first"]
        assert len(ev) == 1 and ev[0].clause == "BF-3.6" and ev[0].data["seat"] == st.first_player
    assert firsts == {0, 1}


@pytest.mark.clause("BF-3.7")
def test_bf_3_7_raise_the_flag_reveals_flag_and_buddy(bf):
    st = bf.new_game(seed=4)
    for seat in (0, 1):
        opp_view = st.view(1 - seat)["players"][seat]
        f = st.fighters[seat]
        assert opp_view["flag"]["id"] == st.cards[f.flag].cid and not opp_view["flag"].get("hidden")
        assert opp_view["buddy"]["id"] == st.cards[f.buddy].cid and not opp_view["buddy"].get("hidden")
    raises = [e for e in st.log if e.kind == "raise"]
    assert [e.data["seat"] for e in raises] == [0, 1] and all(e.clause == "BF-3.7" for e in raises)
    phases = [(e.data["from"], e.data["to"]) for e in st.log if e.kind == "phase"]
    assert ("setup.raise", "start.stand") in phases
    turn = [e for e in st.log if e.kind == "turn"]
    assert turn[0].data["seat"] == st.first_player


# ---------------------------------------------------------------------------------------------- BF-4
@pytest.mark.clause("BF-4.1")
def test_bf_4_1_turn_player_stands_own_cards(kit):
    st = kit.scen(phase="final.impacts", turn_player=0, players=[
        {"field": {"left": {"card": "spear-tusk-dragon", "rested": True}}},
        {"field": {"left": {"card": "iron-tusk-boar", "rested": True},
                   "center": {"card": "gravel-golem", "rested": True},
                   "right": {"card": "scrap-imp", "rested": True}},
         "item": None}])
    st2 = kit.scen(phase="final.impacts", turn_player=0, players=[
        {}, {"field": {"item": {"card": "danger-axe", "rested": True}}}])
    for s in (st, st2):
        kit.do(s, "end_turn")
        assert s.turn_player == 1
    for a in ("left", "center", "right"):
        assert st.cards[kit.uid(st, 1, a)].rested is False
    assert st2.cards[kit.uid(st2, 1, "item")].rested is False
    # The other fighter's cards stay as they were.
    assert st.cards[kit.uid(st, 0, "left")].rested is True


@pytest.mark.clause("BF-4.2")
def test_bf_4_2_first_player_skips_first_draw(bf):
    st = bf.new_game(seed=0)
    fp = st.first_player
    assert st.turn == 1 and len(st.fighters[fp].hand) == 6
    assert not any(e.kind == "draw" and e.clause == "BF-4.2" for e in st.log)
    assert any(e.kind == "no_draw" and e.clause == "BF-4.2" for e in st.log)


@pytest.mark.clause("BF-4.2")
def test_bf_4_2_every_later_turn_draws_one(bf, kit):
    st = bf.new_game(seed=0)
    fp, sp = st.first_player, 1 - st.first_player
    hand, deck = len(st.fighters[sp].hand), len(st.fighters[sp].deck)
    kit.next_turn(st)
    assert st.turn == 2 and st.turn_player == sp and st.phase == "start.charge"
    assert len(st.fighters[sp].hand) == hand + 1 and len(st.fighters[sp].deck) == deck - 1
    # Not optional: it has already happened; the only choice left is the charge.
    assert {a.kind for a in st.legal_actions()} <= {"charge", "skip_charge"}
    hand, deck = len(st.fighters[fp].hand), len(st.fighters[fp].deck)
    kit.next_turn(st)
    assert st.turn == 3 and st.turn_player == fp
    assert len(st.fighters[fp].hand) == hand + 1 and len(st.fighters[fp].deck) == deck - 1


@pytest.mark.clause("BF-4.3")
def test_bf_4_3_charge_and_draw_once(bf, kit):
    st = bf.new_game(seed=0)
    fp = st.first_player
    f = st.fighters[fp]
    hand, gauge, deck = list(f.hand), len(f.gauge), len(f.deck)
    # Allowed on turn 1 although the normal draw was skipped.
    a = kit.find(st, "charge")
    assert a is not None
    st.apply(a)
    assert a.args["card"] in f.gauge and a.args["card"] not in f.hand
    assert len(f.gauge) == gauge + 1 and len(f.hand) == len(hand) and len(f.deck) == deck - 1
    assert st.phase == "main.actions"
    # Face down: the opponent is not told which card was charged.
    ev = [e for e in st.log if e.kind == "charge"][-1]
    assert st.cards[a.args["card"]].d.name.en not in ev.text_for(1 - fp)
    # Only once, and only in the start phase.
    other = f.hand[0]
    kit.refused(st, kit.act(st, "charge", card=other, name=st.cards[other].cid), "BF-4.3")


@pytest.mark.clause("BF-4.3")
def test_bf_4_3_charge_is_optional(bf, kit):
    st = bf.new_game(seed=0)
    f = st.fighters[st.first_player]
    hand, gauge = len(f.hand), len(f.gauge)
    kit.do(st, "skip_charge")
    assert (len(f.hand), len(f.gauge)) == (hand, gauge) and st.phase == "main.actions"


@pytest.mark.clause("BF-4.3")
def test_bf_4_3_no_charge_outside_start_phase(kit):
    st = kit.scen(phase="attack.declare", players=[{"hand": ["ember-drake-pup"]}, {}])
    pup = kit.card_in_hand(st, 0, "ember-drake-pup")
    kit.refused(st, kit.act(st, "charge", card=pup, name="ember-drake-pup"), "BF-4.3")
