"""Story-mode clauses of setup, the chapters and the end: BRS-1.x, BRS-2.x, BRS-7.x, and the
decisions BRS-8.1 and BRS-8.15."""
from __future__ import annotations

import pytest

from tabletop_rules.core.bots import RandomBot

CHOICES = [("vessel", {"vessel": "apoitakara"}), ("difficulty", {"difficulty": "normal"}),
           ("madness", {"madness": "seedbed-worm"}), ("recaller", {"recaller": "seishuku"})]


def set_up(sk, seed=0, **options):
    st = sk.new(seed, **options)
    for kind, args in CHOICES:
        if st.choices and st.choices[-1].kind == kind:
            sk.do(st, kind, **args)
    return st


def win_battle(sk, st, bonus=30):
    """End the player's turn with a big attack bonus (the Madness loses 1 HP)."""
    sk.play_hand(st)
    st.seats[0].bonus += bonus
    return sk.end_turn(st)


# ------------------------------------------------------------------------------------------------- BRS-1
@pytest.mark.clause("BRS-1.1")
def test_brs_1_1_solo_against_the_madness(story, sk):
    assert story.player_counts == (1,)
    with pytest.raises(ValueError, match="played by"):
        story.new_game(players=2)
    st = set_up(sk)
    assert st.current_player == 0 and len(st.view(None)["players"]) == 1
    assert st.view(0)["story"]["madness"]["id"] == "cosmic-evil-fruit"


@pytest.mark.clause("BRS-1.2")
def test_brs_1_2_any_of_the_six_vessels(story, sk):
    st = sk.new(0, difficulty="easy", madness="seedbed-worm")
    assert st.phase == "setup.vessel" and st.choices[-1].clause == "BRS-1.2"
    assert {a.args["vessel"] for a in st.legal_actions()} == set(story.tables.by_type["vessel"])


@pytest.mark.clause("BRS-1.3")
@pytest.mark.parametrize("difficulty,seals", [("easy", 6), ("normal", 4), ("hard", 2), ("nightmare", 0)])
def test_brs_1_3_difficulty_sets_the_seals(sk, difficulty, seals):
    st = sk.new(1, vessel="apoitakara")
    sk.do(st, "difficulty", difficulty=difficulty)
    for kind, args in CHOICES[2:]:
        sk.do(st, kind, **args)
    kinds = [st.cards[u].d.kind for z in ("m.deck", "m.play", "m.discard") for u in st.zones[z]]
    assert sorted(kinds) == sorted(["seal"] * seals + ["magic", "chant", "end"])
    assert any(e.kind == "madness_deck" and e.clause == "BRS-1.3" for e in st.log)


@pytest.mark.clause("BRS-1.3")
def test_brs_1_3_the_madness_deck_is_shuffled(sk):
    orders = set()
    for seed in range(12):
        st = sk.new(seed, difficulty="easy", madness="seedbed-worm", vessel="shiragane")
        sk.do(st, "recaller")
        orders.add(tuple(st.view(None)["story"]["deck_order"] + st.view(None)["story"]["play"]))
    assert len(orders) > 4


@pytest.mark.clause("BRS-1.4")
def test_brs_1_4_evil_fruit_and_a_chosen_madness(story, sk):
    st = sk.new(0, difficulty="normal", vessel="shiragane")
    offered = {a.args["madness"] for a in st.legal_actions()}
    mythic = {c for c in story.tables.by_type["madness"] if not story.cards[c].prologue}
    assert offered == mythic and len(mythic) >= 3
    assert all(story.cards[c].stars for c in mythic)
    sk.do(st, "madness", madness="songstress-of-the-deep")
    assert st.view(0)["story"]["chosen"] == "songstress-of-the-deep"


@pytest.mark.clause("BRS-1.5")
def test_brs_1_5_recommended_first_story(story, sk):
    assert story.tables.difficulties["normal"].source and story.cards["seedbed-worm"].source
    st = sk.new(0, vessel="shiragane")
    assert sk.find(st, "difficulty", difficulty="normal")
    sk.do(st, "difficulty", difficulty="normal")
    assert sk.find(st, "madness", madness="seedbed-worm")


@pytest.mark.clause("BRS-1.6")
@pytest.mark.parametrize("crimson", [2, 4])
def test_brs_1_6_starting_deck(sk, crimson):
    st = set_up(sk, 3, crimson_blood=crimson)
    cards = sk.cids(st, 0, "deck") + sk.cids(st, 0, "hand")
    assert sorted(cards) == sorted(["slash-1"] * 4 + ["crimson-1"] * crimson)


@pytest.mark.clause("BRS-1.7")
def test_brs_1_7_a_recaller_of_the_vessels_crest(story, sk):
    st = sk.new(0, difficulty="normal", madness="seedbed-worm", vessel="niraikanai")
    assert {a.args["recaller"] for a in st.legal_actions()} == set(story.tables.recallers_of["wave"])
    sk.refused(st, sk.act(st, "recaller", recaller="suou"), "BRS-1.7")
    sk.do(st, "recaller", recaller="shio")
    assert st.view(0)["players"][0]["recallers"][0]["face_up"] is False


@pytest.mark.clause("BRS-1.8")
def test_brs_1_8_the_players_table_as_in_duel(sk):
    v = set_up(sk).view(None)
    p = v["players"][0]
    assert (p["life"], p["sideways"], p["upright"]) == (20, 10, 10)
    assert p["vessel"]["awake"] is False and len(v["piles"]) == 5 and v["arts"] and v["hindrance"]


@pytest.mark.clause("BRS-1.9")
def test_brs_1_9_the_madness_area(sk):
    st = set_up(sk)
    assert sk.zone(st, "m.card") == ["seedbed-worm", "cosmic-evil-fruit"]
    s = st.view(0)["story"]
    assert s["hp"] == 2 and s["chapter"] == 0 and s["madness"]["deified"] is False
    assert any(e.kind == "madness_area" and e.clause == "BRS-1.9" for e in st.log)


@pytest.mark.clause("BRS-1.10")
def test_brs_1_10_the_madness_deck_and_discard(sk):
    st = sk.scen(chapter=1, m_play=["seal", "magic"])
    sk.end_turn(st)
    assert sorted(st.view(0)["story"]["discard"]) == ["magic", "seal"]
    assert st.view(0)["story"]["deck"] == 5 and len(st.view(0)["story"]["play"]) == 2
    assert "deck_order" not in st.view(0)["story"] and "deck_order" in st.view(None)["story"]


@pytest.mark.clause("BRS-1.11")
def test_brs_1_11_opening_hand(sk):
    st = set_up(sk)
    draws = [e for e in st.log if e.kind == "draw"]
    assert len(draws) == 4 and all(e.clause == "BRS-1.11" for e in draws)      # Apoitakara: hand 4


# ------------------------------------------------------------------------------------------------- BRS-2
@pytest.mark.clause("BRS-2.1")
def test_brs_2_1_exactly_one_hp_per_battle_won(sk):
    for bonus in (0, 1, 30):
        st = sk.scen(chapter=1, players=[{"bonus": bonus}])
        sk.end_turn(st)
        assert st.hp == 1


@pytest.mark.clause("BRS-2.2")
def test_brs_2_2_prologue_deified_at_one_then_cleared(sk):
    st = sk.scen()
    win_battle(sk, st)
    assert (st.chapter, st.hp, st.deified) == (0, 1, True)
    assert st.view(0)["story"]["madness"]["id"] == "cosmic-evil-fruit"
    evs = win_battle(sk, st)
    ch = [e for e in evs if e.kind == "chapter"][0]
    assert ch.clause == "BRS-2.2" and (st.chapter, st.hp, st.deified) == (1, 2, False)
    assert st.view(0)["story"]["madness"]["id"] == "seedbed-worm"
    assert sk.zone(st, "removed") == ["cosmic-evil-fruit"]


@pytest.mark.clause("BRS-2.3")
def test_brs_2_3_middle_chapter_then_deified_side(sk):
    st = sk.scen(chapter=1)
    win_battle(sk, st)
    assert (st.chapter, st.hp, st.deified) == (1, 1, False)      # no flip at 1 HP here
    evs = win_battle(sk, st)
    assert [e.clause for e in evs if e.kind == "chapter"] == ["BRS-2.3"]
    assert (st.chapter, st.hp, st.deified) == (2, 2, True)


@pytest.mark.clause("BRS-2.4")
def test_brs_2_4_final_chapter_clears_the_game(sk):
    st = sk.scen(chapter=2)
    assert st.deified
    win_battle(sk, st)
    assert not st.is_over and st.hp == 1
    win_battle(sk, st)
    assert st.winners == (0,)


@pytest.mark.clause("BRS-2.5")
def test_brs_2_5_the_player_carries_everything_over(sk):
    st = sk.scen(hp=1, deified=True, players=[{"life": 9, "awake": True, "recall_points": 2, "discard": ["slash-3"]}])
    before = {k: st.view(0)["players"][0][k] for k in ("life", "awake", "recall_points")}
    win_battle(sk, st)
    assert st.chapter == 1
    assert {k: st.view(0)["players"][0][k] for k in before} == before
    assert "slash-3" in sk.cids(st, 0, "discard") + sk.cids(st, 0, "hand") + sk.cids(st, 0, "deck")


# ------------------------------------------------------------------------------------------------- BRS-7
@pytest.mark.clause("BRS-7.1")
def test_brs_7_1_victory_after_the_final_chapter(sk):
    st = sk.scen(chapter=2, hp=1)
    evs = win_battle(sk, st)
    assert st.winners == (0,) and st.phase == "game-over" and evs[-1].clause == "BRS-7.1"


@pytest.mark.clause("BRS-7.2")
def test_brs_7_2_defeat_at_life_zero(sk):
    st = sk.scen(chapter=1, m_bonus=9, players=[{"life": 5}])
    evs = sk.end_turn(st)
    assert st.winners == () and st.is_over and evs[-1].clause == "BRS-7.2"
    # A loss, never a draw (issue 12): the player is the loser, in the state, the event and the view.
    assert st.losers == (0,) and evs[-1].data == {"winners": [], "losers": [0]}
    assert st.view(0)["losers"] == [0] and st.view(0)["winners"] == []
    assert st.result == "The player loses: life reached 0"
    st = sk.scen(players=[{"life": 2, "hand": ["slash-1"]}])
    sk.do(st, "self_harm")
    assert st.winners == () and st.losers == (0,)


@pytest.mark.clause("BRS-7.1")
@pytest.mark.clause("BRS-7.2")
def test_brs_7_no_story_ends_in_a_draw(story):
    """Over random stories every ending is a victory (winners (0,)) or a defeat (losers (0,))."""
    from tabletop_rules.core import conformance

    endings = set()
    for seed in range(40):
        st = conformance.play_random(story, seed, max_steps=3000)
        endings.add((st.winners, st.losers))
    assert endings == {((0,), ()), ((), (0,))}


# ------------------------------------------------------------------------------------------------- decisions
@pytest.mark.clause("BRS-8.1")
def test_brs_8_1_setup_choices_in_order_or_fixed_by_options(sk):
    st = sk.new(0)
    order = []
    bot = RandomBot(0)
    while st.phase.startswith("setup"):
        order.append(st.choices[-1].kind)
        st.apply(bot.choose(st))
    assert order == ["vessel", "difficulty", "madness", "recaller"]      # S 1.①, ②, ③, ⑤
    setup = [e for e in st.log if e.kind in ("choose", "difficulty", "madness_deck", "madness", "deck")]
    assert [e.kind for e in setup] == ["choose", "difficulty", "madness_deck", "madness", "deck", "choose"]
    steps = [e for e in st.log if e.kind == "phase" and e.data["to"] in
             ("setup.difficulty", "setup.madness", "setup.deck", "setup.table")]
    assert [e.clause for e in steps] == ["BRS-8.1"] * 4
    st = sk.new(0, difficulty="hard", madness="king-of-a-thousand-eyes", vessel="shiragane")
    assert st.choices[-1].kind == "recaller"
    assert (st.difficulty, st.madness) == ("hard", "king-of-a-thousand-eyes")
    with pytest.raises(ValueError, match="difficulty"):
        sk.new(0, difficulty="impossible")


@pytest.mark.clause("BRS-8.15")
def test_brs_8_15_cards_not_chosen_stay_in_the_box(story, sk):
    st = set_up(sk)
    box = [st.cards[u].d for u in st.zones["box"]]
    assert sum(1 for d in box if d.type == "vessel") == 5
    assert sum(1 for d in box if d.type == "madness") == len(story.tables.by_type["madness"]) - 2
