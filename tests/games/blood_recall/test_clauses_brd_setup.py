"""Duel-mode clauses of setup: BRD-1.x, BRD-2.2, BRD-2.3 and the setup decisions BRD-6.1, 6.8, 6.13."""
from __future__ import annotations

import pytest

from tabletop_rules.core.bots import RandomBot

SEEDS = range(20)


def choose(dk, st, seat, vessel=None, recaller=None):
    kind = "vessel" if recaller is None else "recaller"
    args = {"vessel": vessel} if recaller is None else {"recaller": recaller}
    if vessel is None and recaller is None:
        return dk.do(st, "vessel", seat)
    return dk.do(st, kind, seat, **args)


# ------------------------------------------------------------------------------------------------- BRD-1
@pytest.mark.clause("BRD-1.1")
def test_brd_1_1_two_players_and_life_zero_loses(duel, dk):
    with pytest.raises(ValueError, match="played by"):
        duel.new_game(players=1)
    st = dk.scen(players=[{"life": 2}, {}])
    dk.do(st, "self_harm")
    assert st.is_over and st.winners == (1,) and "life reached 0" in st.result


@pytest.mark.clause("BRD-1.2")
@pytest.mark.parametrize("seed", SEEDS)
def test_brd_1_2_six_vessels_three_dealt_to_each(dk, seed):
    st = dk.new(seed)
    a, b = dk.cids(st, 0, "dealt"), dk.cids(st, 1, "dealt")
    assert len(a) == len(b) == 3
    assert sorted(a + b) == sorted(dk.g.tables.by_type["vessel"])
    deal = [e for e in st.log if e.kind == "deal"]
    assert [e.clause for e in deal] == ["BRD-1.2", "BRD-1.2"]
    # Dealt where the other cannot see: seat 1 sees a count, and a public text without names.
    assert st.view(1)["players"][0]["dealt"] == 3 and st.view(0)["players"][0]["dealt"] == a
    assert all(dk.g.cards[c].name.en not in deal[0].text_for(1) for c in a)


@pytest.mark.clause("BRD-1.2")
def test_brd_1_2_the_deal_is_shuffled(dk):
    deals = {tuple(dk.cids(dk.new(seed), 0, "dealt")) for seed in range(20)}
    assert len(deals) > 10


@pytest.mark.clause("BRD-1.3")
def test_brd_1_3_vessels_chosen_in_secret_and_revealed_together(dk):
    st = dk.new(3)
    mine = dk.cids(st, 0, "dealt")[1]
    choose(dk, st, 0, mine)
    # Seat 1 chooses without knowing seat 0's pick; the referee knows it.
    assert st.view(1)["players"][0]["vessel"]["hidden"] is True
    assert st.view(0)["players"][0]["vessel"]["id"] == mine
    assert st.view(None)["players"][0]["vessel"]["id"] == mine
    assert st.log[-1].kind == "choose" and mine not in st.log[-1].text_for(1)
    theirs = dk.cids(st, 1, "dealt")[0]
    evs = choose(dk, st, 1, theirs)
    reveal = dk.events(evs, "reveal")
    assert len(reveal) == 1 and reveal[0].clause == "BRD-1.3"
    assert st.view(1)["players"][0]["vessel"]["id"] == mine
    assert st.view(0)["players"][1]["vessel"]["id"] == theirs


@pytest.mark.clause("BRD-1.3")
def test_brd_1_3_only_a_dealt_vessel_can_be_chosen(dk):
    st = dk.new(3)
    other = dk.cids(st, 1, "dealt")[0]
    dk.refused(st, dk.act(st, "vessel", 0, vessel=other), "BRD-1.3")


@pytest.mark.clause("BRD-1.4")
@pytest.mark.parametrize("seed", range(6))
def test_brd_1_4_recaller_of_the_vessels_crest_face_down(dk, seed):
    st = dk.new(seed)
    choose(dk, st, 0)
    choose(dk, st, 1)
    assert st.phase == "setup.recaller" and st.current_player == 0
    crest = st.cards[st.seats[0].vessel[0]].d.crest
    offered = {a.args["recaller"] for a in st.legal_actions()}
    assert offered == set(dk.g.tables.recallers_of[crest]) and offered
    pick = sorted(offered)[0]
    dk.do(st, "recaller", 0, recaller=pick)
    assert st.view(1)["players"][0]["recallers"] == [{"hidden": True, "name": "Blood Recaller (face down)",
                                                      "name_zh": "血脉回想者（背面朝上）"}]
    assert st.view(0)["players"][0]["recallers"][0]["id"] == pick
    assert st.cards[st.seats[0].recaller[0]].face_up is False


@pytest.mark.clause("BRD-1.4")
def test_brd_1_4_a_recaller_of_another_crest_is_refused(dk):
    st = dk.new(1)
    choose(dk, st, 0)
    choose(dk, st, 1)
    crest = st.cards[st.seats[0].vessel[0]].d.crest
    foreign = next(c for c in dk.g.tables.by_type["recaller"] if dk.g.cards[c].crest != crest)
    dk.refused(st, dk.act(st, "recaller", 0, recaller=foreign), "BRD-1.4")


@pytest.mark.clause("BRD-1.5")
def test_brd_1_5_recommended_first_game(duel, dk):
    c = duel.cards
    assert c["suou"].crest == c["hihiirogane"].crest and c["seishuku"].crest == c["apoitakara"].crest
    assert c["suou"].source and c["seishuku"].source
    st = dk.scen()
    assert st.view(None)["players"][0]["vessel"]["id"] == "hihiirogane"
    assert st.view(None)["players"][1]["recallers"][0]["id"] == "seishuku"


@pytest.mark.clause("BRD-1.6")
@pytest.mark.parametrize("crimson", [1, 4, 8])
def test_brd_1_6_starting_deck_four_slash_and_crimson_blood(dk, crimson):
    st = dk.started(2, crimson_blood=crimson)
    for seat in (0, 1):
        cards = dk.cids(st, seat, "deck") + dk.cids(st, seat, "hand")
        assert sorted(cards) == sorted(["slash-1"] * 4 + ["crimson-1"] * crimson)
    assert all(dk.g.cards[c].stage == 1 for c in ("slash-1", "crimson-1"))
    ev = [e for e in st.log if e.kind == "deck"]
    assert len(ev) == 2 and ev[0].clause == "BRD-1.6"


@pytest.mark.clause("BRD-1.6")
def test_brd_1_6_starting_deck_is_shuffled(dk):
    orders = set()
    for seed in range(12):
        st = dk.started(seed)
        orders.add(tuple(dk.cids(st, 0, "deck") + dk.cids(st, 0, "hand")))
    assert len(orders) > 3


@pytest.mark.clause("BRD-1.7")
def test_brd_1_7_the_table_has_every_area(dk):
    v = dk.started(0).view(None)
    for p in v["players"]:
        for key in ("vessel", "recallers", "life", "deck", "discard", "play", "pool", "recall_points", "removed"):
            assert key in p
        assert p["vessel"]["awake"] is False            # awakened side down
        assert all(r["face_up"] is False for r in p["recallers"])
    assert len(v["piles"]) == 5 and v["arts"] and v["hindrance"]


@pytest.mark.clause("BRD-1.8")
def test_brd_1_8_life_twenty_ten_sideways_ten_upright(dk):
    st = dk.started(0)
    for p in st.view(1)["players"]:
        assert (p["life"], p["sideways"], p["upright"]) == (20, 10, 10)
    assert any(e.kind == "life" and e.clause == "BRD-1.8" for e in st.log)


@pytest.mark.clause("BRD-1.9")
def test_brd_1_9_five_recall_piles_of_five_face_up(duel, dk):
    st = dk.started(0)
    v = st.view(1)
    assert [p["count"] for p in v["piles"]] == [5] * 5
    for i, p in enumerate(v["piles"]):
        assert p["top"]["face_up"] is True and p["top"]["type"] == "recall"
        crests = {st.cards[u].d.crest for u in st.zones[f"pile.{i}"]}
        assert crests == {p["crest"]}
        assert "order" not in p                          # only the top card is seen
    orders = {tuple(dk.zone(dk.started(seed), "pile.0")) for seed in range(10)}
    assert len(orders) > 3


@pytest.mark.clause("BRD-1.10")
def test_brd_1_10_art_cards_by_type_and_stage(duel, dk):
    v = dk.started(0).view(None)
    for cid, n in v["arts"].items():
        assert n == duel.cards[cid].supply
    stages = {(duel.cards[c].art, duel.cards[c].stage) for c in v["arts"]}
    assert stages == {(a, s) for a in ("slash", "blood") for s in (1, 2, 3)}


@pytest.mark.clause("BRD-1.11")
def test_brd_1_11_blood_unlimited_hindrance_limited(duel, dk):
    st = dk.scen(players=[{"pool": 500, "hand": ["crimson-1"]}, {}])
    dk.do(st, "play", card="crimson-1")
    assert st.seats[0].pool == 501
    v = dk.started(0).view(None)
    assert v["hindrance"] == {c: duel.cards[c].supply for c in duel.tables.by_type["hindrance"]}


@pytest.mark.clause("BRD-1.12")
def test_brd_1_12_blood_pool_gets_damage_and_effects(dk):
    st = dk.scen(players=[{"hand": ["crimson-1"]}, {}])
    dk.do(st, "self_harm")                       # 2 damage
    dk.do(st, "play", card="crimson-1")          # +1 blood
    assert st.seats[0].pool == 3


@pytest.mark.clause("BRD-1.13")
def test_brd_1_13_recall_points_count_and_removed_area(dk):
    st = dk.scen(players=[{"recall_cards": ["slash-1", "crimson-1"], "recall_points": 1}, {}])
    assert st.view(0)["players"][0]["recall_points"] == 3
    dk.do(st, "blood_recall", recaller="suou")
    assert dk.cids(st, 0, "removed") == ["slash-1"] and st.seats[0].recall_points == 1


# ------------------------------------------------------------------------------------------------- BRD-2.2, 2.3
@pytest.mark.parametrize("a,b,first", [("totsukamadichi", "shiragane", 0), ("shiragane", "totsukamadichi", 1),
                                       ("apoitakara", "hihiirogane", 1), ("hihiirogane", "apoitakara", 0)])
@pytest.mark.clause("BRD-2.2")
def test_brd_2_2_older_era_then_smaller_hand_goes_first(dk, a, b, first):
    rest = [v for v in dk.g.tables.by_type["vessel"] if v not in (a, b)]
    st = dk.scen(phase="setup", deal=[[a] + rest[:2], [b] + rest[2:]])
    choose(dk, st, 0, a)
    choose(dk, st, 1, b)
    dk.do(st, "recaller", 0)
    dk.do(st, "recaller", 1)
    assert st.token == first and st.turn_player == first and st.current_player == first
    ev = [e for e in st.log if e.kind == "first"]
    assert ev[0].clause == "BRD-2.2" and ev[0].data["seat"] == first


@pytest.mark.clause("BRD-2.2")
def test_brd_2_2_same_era_and_hand_is_random(dk):
    firsts = set()
    for seed in range(12):
        st = dk.g.scenario({"phase": "setup", "deal": [["niraikanai", "hihiirogane", "shiragane"],
                                                        ["kutoneshirika", "apoitakara", "totsukamadichi"]]}, seed=seed)
        choose(dk, st, 0, "niraikanai")
        choose(dk, st, 1, "kutoneshirika")
        dk.do(st, "recaller", 0)
        dk.do(st, "recaller", 1)
        firsts.add(st.token)
    assert firsts == {0, 1}


@pytest.mark.clause("BRD-2.3")
@pytest.mark.parametrize("seed", range(8))
def test_brd_2_3_each_draws_the_vessels_hand_size(dk, seed):
    st = dk.started(seed)
    for seat in (0, 1):
        assert len(st.seats[seat].hand) == dk.g.cards[dk.cids(st, seat, "vessel")[0]].front.hand
    draws = [e for e in st.log if e.kind == "draw"]
    assert draws and all(e.clause == "BRD-2.3" for e in draws)
    assert draws[0].data["seat"] == st.token


# ------------------------------------------------------------------------------------------------- decisions
@pytest.mark.clause("BRD-6.1")
def test_brd_6_1_six_vessel_crests_five_recall_crests(duel):
    vessel_crests = {duel.cards[v].crest for v in duel.tables.by_type["vessel"]}
    assert len(vessel_crests) == 6 and set(duel.tables.crests) == vessel_crests
    assert all(len(duel.tables.recallers_of[c]) >= 1 for c in vessel_crests)
    assert len(duel.tables.recall_crests) == 5 and not set(duel.tables.recall_crests) & vessel_crests
    assert [len(p) for p in duel.tables.piles] == [5] * 5


@pytest.mark.clause("BRD-6.8")
def test_brd_6_8_cards_not_chosen_go_back_to_the_box(dk):
    st = dk.started(4)
    box = dk.zone(st, "box")
    assert sum(1 for c in box if dk.g.cards[c].type == "vessel") == 4
    assert sum(1 for c in box if dk.g.cards[c].type == "recaller") == len(dk.g.tables.by_type["recaller"]) - 2
    assert not st.seats[0].dealt and not st.seats[1].dealt


@pytest.mark.clause("BRD-6.13")
def test_brd_6_13_secret_choices_seat_by_seat(dk):
    st = dk.new(5)
    assert st.phase == "setup.vessel" and st.current_player == 0
    # Seat 1 waits for seat 0: refused, citing the decision on secret choices.
    dk.refused(st, dk.act(st, "vessel", 1, vessel=dk.cids(st, 1, "dealt")[0]), "BRD-6.13")
    choose(dk, st, 0)
    assert st.current_player == 1
    bot = RandomBot(0)
    while st.phase != "main.turn":
        st.apply(bot.choose(st))
    v1 = st.view(1)["players"][0]
    assert v1["vessel"]["id"] and v1["recallers"][0]["hidden"]
