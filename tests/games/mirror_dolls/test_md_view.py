"""The board view: what a UI needs (sides, rows, threshold, dolls' numbers, points with caps, the overflow
wait, the mirror card, scores, hand sizes, piles), JSON only, and hidden information hidden."""
from __future__ import annotations

import json


def test_view_has_the_board_and_counters(kit):
    st = kit.scen(mirror={"card": "sunlit-pane", "owner": 1}, players=[
        {"score": 12, "order": 3, "chaos": 4, "overflow": 1, "ready": 5, "own_turns": 2, "dolls": ["tin-drummer"],
         "spells": ["veil-of-glass"], "pile": ["lace-duelist"], "spell_slot": "rallying-waltz",
         "field": {"real_b1": {"card": "clockwork-knight", "damage": 1, "acted": True}, "threshold": "shard-golem"}},
        {"field": {"mirror_f0": "mirror-wisp"}}])
    v = st.view(0)
    json.dumps(v)
    me = v["players"][0]
    assert me["score"] == 12 and me["doll_hand_count"] == 1 and me["spell_hand_count"] == 1
    assert me["points"] == {"order": 3, "order_cap": 10, "chaos": 4, "chaos_cap": 10, "overflow": 1,
                            "overflow_cap": 1, "chaos_count": 0, "no_overflow_for": 0, "overflow_wait": 3,
                            "own_turns": 2}
    knight = me["field"]["real_b1"]
    assert (knight["form"], knight["attack"], knight["hp"], knight["max_hp"], knight["shield"], knight["acted"]) == \
        ("real", 3 + 1 + 2, 4, 5, 3, True)
    golem = me["field"]["threshold"]
    assert golem["form"] == "critical" and golem["sides"] == ["real", "mirror"]
    assert me["mirror_pile"][0]["id"] == "lace-duelist" and me["spell_slot"]["id"] == "rallying-waltz"
    assert v["mirror"]["id"] == "sunlit-pane" and v["mirror"]["owner"] == 1
    assert v["ongoing"][0]["name"] == "Rallying Waltz"
    other = v["players"][1]
    assert other["dolls"] is None and other["spells"] is None and isinstance(other["real_deck"], int)
    assert other["mirror_deck"] is None and other["mirror_deck_count"] == 0
    assert other["field"]["mirror_f0"]["id"] == "mirror-wisp"


def test_views_are_json_and_hide_the_order_of_decks(kit):
    st = kit.new(seed=7)
    for seat in (None, 0, 1):
        json.dumps(st.view(seat))
    assert "deck_order" in st.view(None)["players"][0]
    assert "deck_order" not in st.view(0)["players"][0] and "spell_deck_order" not in st.view(1)["players"][1]
