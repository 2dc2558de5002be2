"""Mechanics the rule book names that only demo cards can reach (issue 13, Blood Recall point 5):
several Blood Recallers (BRD-6.14, BRS-6.5, BRS-8.16), a special disaster card for every Mythic
Madness (BRS-3.8), awakened hand sizes that differ (BRD-2.10, BRS-5.5) and hindrance cards aimed at
their own player (BRD-6.10, BRS-8.4). Every effect the engine registers is used by some card: no
dead data.
"""
from __future__ import annotations

import pytest
from br_games import game

from tabletop_rules.games.blood_recall import madness

STORY = game("story")
MADNESS = list(STORY.tables.by_type["madness"])


def _effects(g):
    """Every effect call of every card, with where it is: (card id, part, call)."""
    for c in g.cards.values():
        for part in ("effect", "battle"):
            for call in getattr(c, part):
                yield c.id, part, call
        for side in ("front", "awakened", "deified"):
            sd = getattr(c, side, None)
            for part in ("effect", "end", "stars", "special"):
                for call in getattr(sd, part, ()) or ():
                    yield c.id, f"{side}.{part}", call


def test_every_registered_effect_is_used_by_a_card():
    player = ("effect", "battle", "front.effect", "awakened.effect")
    player_ops = {call["op"] for _, part, call in _effects(STORY) if part in player}
    madness_ops = {call["op"] for _, part, call in _effects(STORY) if part not in player}
    book = STORY.state_cls.book                     # every effect lives in the Book (issue 37, Forge's shape)
    player_fns, madness_fns = set(book.effects.fns), set(book.registry("madness").fns)
    assert player_fns <= player_ops, player_fns - player_ops
    assert madness_fns <= madness_ops, madness_fns - madness_ops
    targets = {call.get("to", "opponent") for _, part, call in _effects(STORY) if call["op"] == "hindrance"
               and part in ("effect", "battle")}
    assert targets == {"opponent", "self"}


# ----- several Blood Recallers ------------------------------------------------------------------------
@pytest.mark.clause("BRD-6.14")
def test_brd_6_14_an_effect_gives_a_further_recaller_of_the_crest(dk):
    st = dk.scen(piles={3: ["heirs-ledger"]}, players=[{"pool": 4, "recall_points": 5}, {}])
    evs = dk.do(st, "recall", pile=3)
    ev = dk.events(evs, "recaller")[0]
    assert ev.clause == "BRD-6.14" and ev.data["held"] == 2
    assert dk.cids(st, 0, "recaller") == ["suou", "akane"]
    assert "Akane" not in ev.text_for(1) and "Akane" in ev.text_for(0)        # face down: hidden
    assert st.view(1)["players"][0]["recallers"][1]["hidden"] is True
    assert {a.args["recaller"] for a in st.legal_actions() if a.kind == "blood_recall"} == {"suou", "akane"}
    dk.do(st, "blood_recall", recaller="akane")
    dk.do(st, "blood_recall", recaller="suou")
    assert st.seats[0].recall_points == 1 and all(st.cards[u].face_up for u in st.seats[0].recaller)   # 5 + 1 - 3 - 2


@pytest.mark.clause("BRD-6.14")
def test_brd_6_14_none_left_in_the_box_gives_nothing(dk):
    st = dk.scen(piles={3: ["heirs-ledger"]}, players=[{"pool": 4, "recaller": ["suou", "akane"]}, {}])
    evs = dk.do(st, "recall", pile=3)
    assert [e.clause for e in evs if e.kind == "no_effect"] == ["BRD-6.14"]
    assert len(st.seats[0].recaller) == 2 and st.seats[0].recall_points == 1


@pytest.mark.clause("BRS-8.16")
@pytest.mark.clause("BRS-6.5")
def test_brs_8_16_a_further_recaller_in_story_mode(sk):
    st = sk.scen(piles={3: ["heirs-ledger"]}, players=[{"vessel": "niraikanai", "recaller": "shio", "pool": 4}])
    evs = sk.do(st, "recall", pile=3)
    assert sk.events(evs, "recaller")[0].clause == "BRS-8.16"
    assert sk.cids(st, 0, "recaller") == ["shio", "nagisa"]
    census = st.zones.census()
    assert sorted(census) == list(range(len(st.cards)))          # moved from the box, not created


# ----- a special disaster card for every Mythic Madness ---------------------------------------------
@pytest.mark.clause("BRS-3.8")
@pytest.mark.parametrize("cid", MADNESS)
def test_brs_3_8_every_madness_side_brings_in_and_uses_special_cards(sk, cid):
    d = STORY.cards[cid]
    for side_name in ("front", "deified"):
        side = getattr(d, side_name)
        assert {"op": "add_disaster", "kind": "special"} in side.stars, (cid, side_name)
        assert side.special, (cid, side_name)
        spec = {"chapter": 0, "hp": 2 if side_name == "front" else 1} if d.prologue else \
            {"madness": cid, "chapter": 1 if side_name == "front" else 2}
        st = sk.scen(phase="player.turn", deified=side_name == "deified", m_deck=["seal"] * 3 + ["special"], **spec)
        start = len(st.log)
        st.phase = "madness.start"
        madness.madness_turn(st)
        st.run()
        evs = st.log[start:]
        special = [e for e in evs if e.kind == "special"]
        assert special and special[0].clause == "BRS-3.8"
        after = evs[evs.index(special[0]) + 1:]
        want = {"madness_attack" if c["op"] == "madness_attack" else "hindrance" for c in side.special}
        assert want <= {e.kind for e in after}, (cid, side_name, [e.kind for e in after])


@pytest.mark.clause("BRS-3.8")
def test_brs_3_8_the_stars_effect_adds_a_special_card(sk):
    st = sk.scen(phase="player.turn", chapter=1, madness="king-of-a-thousand-eyes", m_deck=["seal"])
    start = len(st.log)
    st.phase = "madness.start"
    madness.madness_turn(st)
    st.run()
    added = [e.data["disaster"] for e in st.log[start:] if e.kind == "add_disaster"]
    assert added[:2] == ["special", "end"]       # then the new deck runs out too, and again


# ----- awakened hand sizes ------------------------------------------------------------------------------
CHANGING = [c for c in STORY.tables.by_type["vessel"] if STORY.cards[c].front.hand != STORY.cards[c].awakened.hand]


def test_more_than_one_vessel_changes_its_hand_size_when_awakened():
    assert len(CHANGING) >= 2, CHANGING


@pytest.mark.clause("BRD-2.10")
@pytest.mark.parametrize("vessel", CHANGING)
def test_brd_2_10_the_awakened_hand_size_is_drawn_at_cleanup(dk, vessel):
    d = dk.g.cards[vessel]
    recaller = dk.g.tables.recallers_of[d.crest][0]
    st = dk.scen(turn_player=1, players=[{"bonus": 2}, {"vessel": vessel, "recaller": recaller, "life": 12}])
    dk.do(st, "end_turn", 1)
    assert st.seats[1].awake and len(st.seats[1].hand) == d.awakened.hand != d.front.hand


@pytest.mark.clause("BRS-5.5")
@pytest.mark.parametrize("vessel", CHANGING)
def test_brs_5_5_the_awakened_hand_size_in_story_mode(sk, vessel):
    d = STORY.cards[vessel]
    st = sk.scen(chapter=1, players=[{"vessel": vessel, "recaller": STORY.tables.recallers_of[d.crest][0],
                                      "life": 9, "awake": True}])
    sk.end_turn(st)
    assert len(st.seats[0].hand) == d.awakened.hand


# ----- hindrance cards aimed at their own player ------------------------------------------------------------
@pytest.mark.clause("BRD-6.10")
def test_brd_6_10_a_hindrance_for_the_player_who_recalls(dk):
    st = dk.scen(piles={4: ["withering-gaze"]}, players=[{"pool": 3}, {}])
    evs = dk.do(st, "recall", pile=4)
    hint = dk.events(evs, "hindrance")[0]
    assert hint.clause == "BRD-6.10" and hint.data["seat"] == 0
    assert dk.cids(st, 0, "discard") == ["blood-loss"] and dk.cids(st, 1, "discard") == []


@pytest.mark.clause("BRS-8.4")
def test_brs_8_4_a_hindrance_aimed_at_the_player_still_works(sk):
    st = sk.scen(piles={4: ["withering-gaze"]}, players=[{"pool": 3}])
    evs = sk.do(st, "recall", pile=4)
    assert not sk.events(evs, "no_effect") and sk.cids(st, 0, "discard") == ["blood-loss"]
    assert sk.events(evs, "hindrance")[0].clause == "BRS-8.9"
