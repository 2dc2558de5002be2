"""Rule clauses XJ-1.x (players, teams, the beginner box) and XJ-2.x (characters, HP, hands)."""
from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from tabletop_rules.core.datafile import DataError

CSV = Path(__file__).resolve().parents[4] / "shared" / "decisions" / "xianjian-data"


def turn_players(kit, st, turns):
    """The seats whose turns began, in order (a skipped turn counts too)."""
    while len(kit.events(st, "turn")) < turns and not st.is_over:
        kit.idle(st)
    return [e.data["seat"] for e in kit.events(st, "turn")][:turns]


# ---------------------------------------------------------------------------------------------- XJ-1
@pytest.mark.clause("XJ-1.1")
@pytest.mark.parametrize("players, a, b", [(2, [0], [1]), (3, [0, 2], [1]), (4, [0, 2], [1, 3])])
def test_xj_1_1_two_teams_of_one_or_two(kit, players, a, b):
    assert kit.g.player_counts == (2, 3, 4)
    st = kit.new(players=players)
    v = st.view(None)
    assert v["teams"] == {"A": a, "B": b}
    assert [s["team"] for s in v["players"]] == ["A" if s in a else "B" for s in range(players)]
    assert kit.events(st, "teams")[0].clause == "XJ-1.1"


@pytest.mark.clause("XJ-1.1")
@pytest.mark.parametrize("players", [1, 5, 0])
def test_xj_1_1_other_player_counts_are_refused(kit, players):
    with pytest.raises(ValueError, match="played by"):
        kit.new(players=players)


@pytest.mark.clause("XJ-1.2")
def test_xj_1_2_four_players_seat_by_seat_teams_alternate(kit):
    st = kit.started(seed=5, players=4)
    labels = [s["label"] for s in st.view(None)["players"]]
    assert labels == ["A1", "B1", "A2", "B2"]
    assert turn_players(kit, st, 6) == [0, 1, 2, 3, 0, 1]
    assert not kit.events(st, "leave")
    st2 = kit.started(seed=5, players=2)
    assert turn_players(kit, st2, 4) == [0, 1, 0, 1]


@pytest.mark.clause("XJ-1.3")
def test_xj_1_3_three_players_the_lone_player_goes_after_each_opponent(kit):
    st = kit.started(seed=6, players=3)
    assert st.view(None)["turn_order"] == [0, 1, 2, 1]
    assert turn_players(kit, st, 6) == [0, 1, 2, 1, 0, 1]
    assert kit.events(st, "order")[0].clause == "XJ-1.3"


@pytest.mark.clause("XJ-1.3")
def test_xj_1_3_three_players_round_option(kit):
    st = kit.started(seed=6, players=3, three_player_order="round")
    assert turn_players(kit, st, 5) == [0, 1, 2, 0, 1]
    with pytest.raises(ValueError, match="three_player_order"):
        kit.new(players=3, three_player_order="random")


@pytest.mark.clause("XJ-1.4")
def test_xj_1_4_the_beginner_box(kit, xj):
    st = kit.new(seed=1, players=4)
    kinds = Counter(c.d.kind for c in st.cards)
    assert kinds == {"monster": 16, "event": 20, "hand": 45, "character": 9}
    elements = Counter(c.d.element for c in st.cards if c.d.kind == "monster")
    assert set(elements) == {"water", "fire", "thunder", "wind", "earth"} and min(elements.values()) >= 3
    assert {c.d.level for c in st.cards if c.d.kind == "monster"} == {1, 2, 3}
    assert xj.tables.box.demo
    for c in xj.cards.values():
        assert c.demo and c.source.startswith("C "), c.id     # chosen by the kit; numbers sourced


@pytest.mark.clause("XJ-1.4")
def test_xj_1_4_names_and_numbers_are_the_card_tables_facts(xj):
    if not CSV.is_dir():
        pytest.skip("the card tables (shared/decisions/xianjian-data) are not next to this clone")

    def rows(name):
        with open(CSV / name, encoding="utf-8") as fh:
            return {r["code"]: r for r in csv.DictReader(fh)}
    heroes, monsters = rows("base_heroes.csv"), rows("base_monsters.csv")
    hands, events = rows("base_handcards.csv"), rows("base_events.csv")
    for c in xj.cards.values():
        if c.kind == "character":
            r = heroes[c.code]
            assert (c.name.zh, c.hp, c.power, c.hit) == (r["name"], int(r["hp"]), int(r["power(战力)"]),
                                                          int(r["hit(命中)"]))
            assert c.gender == {"M": "male", "F": "female"}[r["gender"]]
        elif c.kind == "monster":
            r = monsters[c.code]
            assert (c.name.zh, c.power, c.evade, c.level) == (r["name"], int(r["power(战力)"]), int(r["evade(闪避)"]),
                                                               int(r["level(1弱2强3boss)"]))
            assert c.element == {"GS": "water", "GH": "fire", "GL": "thunder", "GF": "wind", "GT": "earth"}[c.code[:2]]
        elif c.kind == "hand":
            r = hands[c.code]
            assert (c.name.zh, c.copies_in_base) == (r["name"], int(r["copies_in_base"]))
        else:
            r = events[c.code]
            assert (c.name.zh, c.copies) == (r["name"], int(r["copies"]))


@pytest.mark.clause("XJ-1.5")
def test_xj_1_5_monster_deck_shuffled_face_down(kit):
    orders = {tuple(kit.new(seed=s).view(None)["referee"]["monster_order"]) for s in range(8)}
    assert len(orders) == 8
    st = kit.new(seed=1)
    assert "referee" not in st.view(0) and st.view(0)["piles"]["monsters"] == 16
    assert kit.events(st, "shuffle")[0].clause == "XJ-1.5"


@pytest.mark.clause("XJ-1.6")
def test_xj_1_6_event_deck_of_twenty_shuffled(kit):
    orders = {tuple(kit.new(seed=s).view(None)["referee"]["event_order"]) for s in range(8)}
    assert len(orders) == 8 and all(len(o) == 20 for o in orders)
    assert "event_order" not in kit.new(seed=1).view(1)


@pytest.mark.clause("XJ-1.7")
def test_xj_1_7_hand_card_deck_of_forty_five_shuffled(kit):
    orders = {tuple(kit.new(seed=s).view(None)["referee"]["deck_order"]) for s in range(8)}
    assert len(orders) == 8 and all(len(o) == 45 for o in orders)
    st = kit.started(seed=2)
    assert st.view(0)["piles"]["deck"] == 45 - 6 - sum(e.data.get("n", 0) for e in kit.events(st, "draw")
                                                      if e.clause != "XJ-2.6")


# ---------------------------------------------------------------------------------------------- XJ-2
@pytest.mark.clause("XJ-2.1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_xj_2_1_two_characters_dealt_each_seen_only_by_their_player(kit, players):
    st = kit.new(seed=3, players=players)
    dealt = [st.p[s].dealt for s in range(players)]
    assert all(len(d) == 2 for d in dealt)
    assert len({u for d in dealt for u in d}) == 2 * players
    for s in range(players):
        v = st.view(s)
        assert [c["uid"] for c in v["players"][s]["dealt"]] == dealt[s]
        for o in range(players):
            if o != s:
                assert v["players"][o]["dealt"] is None and v["players"][o]["dealt_count"] == 2
    deal = kit.events(st, "deal")
    assert all(e.clause == "XJ-2.1" and e.data["only"] == e.data["seat"] for e in deal)
    assert "is dealt two characters" in deal[0].text_for(1)


@pytest.mark.clause("XJ-2.2")
def test_xj_2_2_keep_one_secretly_then_reveal_together(kit):
    st = kit.new(seed=7, players=3)
    first = st.legal_actions()[0]
    kept = first.args["card"]
    st.apply(first)
    assert st.phase == "setup.choose" and not st.revealed
    # seat 0 has chosen: the others see that, but not what
    assert st.view(1)["players"][0]["character"] is None and st.view(1)["players"][0]["chosen"] is True
    assert st.view(0)["players"][0]["character"]["uid"] == kept
    assert kit.events(st, "keep")[0].text_for(1) == "Seat 0 keeps a character face down."
    assert st.current_player == 1
    while st.phase == "setup.choose":
        st.apply(st.legal_actions()[-1])
    assert st.revealed
    reveals = kit.events(st, "reveal")
    assert [e.data["seat"] for e in reveals] == [0, 1, 2] and all(e.clause == "XJ-2.3" for e in reveals)
    for s in range(3):
        assert st.view(s)["players"][(s + 1) % 3]["character"] is not None
        assert st.p[s].dealt == []
    assert st.p[0].character == kept
    assert len(st.char_out) == 3 and len(st.char_pile) == 3


@pytest.mark.clause("XJ-2.3")
def test_xj_2_3_hp_starts_at_the_maximum(kit):
    for seed in range(5):
        st = kit.started(seed=seed, players=4)
        for s in range(4):
            reveal = [e for e in kit.events(st, "reveal") if e.data["seat"] == s][0]
            assert reveal.data["hp"] == st.cdef(s).hp


@pytest.mark.clause("XJ-2.4")
@pytest.mark.parametrize("hp", [5, 7, 8])
def test_xj_2_4_recovery_never_above_the_maximum(kit, hp):
    st = kit.scen(phase="skill", seats=[{"character": "li-xiaoyao", "hp": hp, "hand": ["spirit-gourd-elixir"]}])
    kit.do(st, "play", name="spirit-gourd-elixir")
    assert kit.hp(st, 0) == min(8, hp + 2)
    heal = kit.events(st, "heal")[-1]
    assert heal.data["capped"] == max(0, hp + 2 - 8)


@pytest.mark.clause("XJ-2.5")
def test_xj_2_5_hp_card_turned_at_six_or_less(kit):
    st = kit.scen(seats=[{"character": "wang-xiaohu", "hp": 7}, {"character": "zixuan", "hp": 5}])
    v = st.view(None)["players"]
    assert (v[0]["hp_card"], v[1]["hp_card"]) == ("front", "back")
    st = kit.scen(seats=[{"character": "wang-xiaohu", "hp": 6}])
    assert st.view(None)["players"][0]["hp_card"] == "back"


@pytest.mark.clause("XJ-2.6")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_xj_2_6_three_starting_cards(kit, players):
    st = kit.started(seed=9, players=players)
    start = kit.events(st, "draw", clause="XJ-2.6")
    assert [(e.data["seat"], e.data["n"]) for e in start] == [(s, 3) for s in range(players)]
    assert all(e.data["only"] == e.data["seat"] for e in start)
    # hands of the others are hidden, their size is not
    v = st.view(0)
    assert v["players"][1]["hand"] is None and v["players"][1]["hand_count"] == len(st.p[1].hand)
    assert v["players"][0]["hand"] is not None


@pytest.mark.clause("XJ-2.7")
def test_xj_2_7_character_numbers_and_skills_on_view(kit, xj):
    st = kit.started(seed=1, players=2)
    ch = st.view(1)["players"][0]["character"]
    d = xj.cards[ch["id"]]
    assert (ch["hp_max"], ch["power"], ch["hit"], ch["gender"]) == (d.hp, d.power, d.hit, d.gender)
    assert [s["id"] for s in ch["skills"]] == [s.id for s in d.skills]
    assert st.view(1)["players"][0]["power"] == d.power    # no equipment or pets yet


@pytest.mark.clause("XJ-2.7")
def test_xj_2_7_scenario_refuses_impossible_hp(kit):
    with pytest.raises(DataError, match="between 0 and the maximum"):
        kit.scen(seats=[{"character": "zixuan", "hp": 6}])
