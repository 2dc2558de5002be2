"""Issue 37: each refusal of Blood Recall names the rule that decides it, and that rule is one
registered check (games/blood_recall/checks.py), the same function in both modes under each
mode's clause. Each test builds a position, tries what the rule forbids and reads the clause and
the words of the refusal; ``conformance.refusal`` also checks that nothing changed.

Scenario defaults: seat 0 acts with Hihiirogane (lineage 2) and the recaller Suou (cost 2);
seat 1 has Apoitakara and the ongoing recaller Seishuku.
"""
from __future__ import annotations

import pytest

from tabletop_rules.core.actions import Action

# A rule both modes share: (duel clause, story clause, the check's name).
SHARED = [("BRD-3.3", "BRS-4.3", "resting"), ("BRD-3.4", "BRS-4.4", "lineage_spent"),
          ("BRD-3.5", "BRS-4.5", "cannot_recall"), ("BRD-3.6", "BRS-4.6", "face_down"),
          ("BRD-3.7", "BRS-4.7", "cannot_enhance"), ("BRD-3.8", "BRS-4.8", "cannot_enhance"),
          ("BRD-3.9", "BRS-4.9", "hand_left"), ("BRD-4.1", "BRS-6.1", "short_of_points"),
          ("BRD-4.4", "BRS-6.4", "spent"), ("BRD-6.3", "BRS-8.5", "again_too_soon"),
          ("BRD-6.11", "BRS-8.10", "unseen_cost"), ("BRD-1.4", "BRS-1.7", "wrong_crest")]


@pytest.mark.parametrize("duel_clause,story_clause,name", SHARED)
def test_a_shared_rule_is_one_check_in_both_books(duel, story, duel_clause, story_clause, name):
    (d,) = duel.state_cls.book.rule.deciding(duel_clause)
    (s,) = story.state_cls.book.rule.deciding(story_clause)
    assert d is s and d.__name__ == name
    assert duel.rules.clause(duel_clause).decides and story.rules.clause(story_clause).decides


@pytest.mark.parametrize("clause,name", [("BRD-2.4", "not_your_turn"), ("BRD-1.3", "not_dealt"),
                                         ("BRD-6.13", "secret_choice")])
def test_duel_only_rules_are_registered_in_the_duel_book(duel, story, clause, name):
    (fn,) = duel.state_cls.book.rule.deciding(clause)
    assert fn.__name__ == name
    assert not any(f is fn for fns in story.state_cls.book.rule.by_clause.values() for f in fns)


# ----- the turn -----------------------------------------------------------------------------------------
@pytest.mark.clause("BRD-2.4")
def test_brd_2_4_the_other_seat_waits_for_the_turn(dk):
    st = dk.scen(players=[{"hand": ["slash-1"]}, {"hand": ["slash-1"]}])
    err = dk.refused(st, dk.act(st, "play", 1, card="slash-1"), "BRD-2.4")
    assert "turn" in err.reason and "回合" in err.describe("zh")


@pytest.mark.clause("BRD-3.3")
@pytest.mark.clause("BRS-4.3")
@pytest.mark.parametrize("mode,clause", [("duel", "BRD-3.3"), ("story", "BRS-4.3")])
def test_self_harm_refused_while_resting(dk, sk, mode, clause):
    kit = dk if mode == "duel" else sk
    players = [{"rested": True, "hand": ["slash-1"]}] + ([{}] if mode == "duel" else [])
    st = kit.scen(players=players)
    err = kit.refused(st, kit.act(st, "self_harm", 0), clause)
    assert "already resting" in err.reason


@pytest.mark.clause("BRD-3.4")
def test_brd_3_4_lineage_used_up_refuses_recall_and_enhancement(dk):
    st = dk.scen(piles={0: ["bloodied-fang"]},
                 players=[{"lineage_used": 2, "pool": 5, "hand": ["slash-1", "slash-1"]}, {}])
    err = dk.refused(st, dk.act(st, "recall", pile=0, card="bloodied-fang"), "BRD-3.4")
    assert "lineage (2) is used up" in err.reason
    dk.refused(st, dk.act(st, "enhance", card="slash-1", to="slash-2"), "BRD-3.4")


@pytest.mark.clause("BRD-3.5")
def test_brd_3_5_a_recall_is_paid_and_takes_the_top_card(dk):
    st = dk.scen(piles={0: ["crown-memory", "bloodied-fang"]}, players=[{"pool": 0, "hand": ["slash-1"]}, {}])
    fang = st.game.cards["bloodied-fang"]
    err = dk.refused(st, dk.act(st, "recall", pile=0, card="bloodied-fang"), "BRD-3.5")
    assert f"costs {fang.cost} blood and your pool holds 0" in err.reason
    err = dk.refused(st, dk.act(st, "recall", pile=0, card="crown-memory"), "BRD-3.5")
    assert "only the top card" in err.reason
    err = dk.refused(st, dk.act(st, "recall", pile=9), "BRD-3.5")
    assert "recall piles 0 to" in err.reason


@pytest.mark.clause("BRD-3.6")
@pytest.mark.clause("BRD-6.11")
def test_brd_3_6_and_6_11_a_face_down_top_card(dk):
    st = dk.scen(piles={0: ["bloodied-fang"]}, face_down=[0], players=[{"pool": 9, "hand": ["slash-1"]}, {}])
    err = dk.refused(st, dk.act(st, "recall", pile=0, card="bloodied-fang"), "BRD-3.6")
    assert "without naming a card" in err.reason
    st = dk.scen(piles={0: ["bloodied-fang"]}, face_down=[0], players=[{"pool": 0, "hand": ["slash-1"]}, {}])
    err = dk.refused(st, dk.act(st, "recall", pile=0), "BRD-6.11")
    assert "face down and may cost up to" in err.reason


@pytest.mark.clause("BRD-3.7")
def test_brd_3_7_enhancement_needs_a_pair_of_arts_and_a_higher_stage(dk):
    st = dk.scen(players=[{"hand": ["slash-1", "crimson-1", "crimson-1"]}, {}], supply={"crimson-2": 0})
    err = dk.refused(st, dk.act(st, "enhance", card="slash-1", to="slash-2"), "BRD-3.7")
    assert "needs two" in err.reason
    err = dk.refused(st, dk.act(st, "enhance", card="crimson-1", to="slash-2"), "BRD-3.7")
    assert "not a higher stage" in err.reason
    err = dk.refused(st, dk.act(st, "enhance", card="crimson-1", to="crimson-2"), "BRD-3.7")
    assert "left in the covenant area" in err.reason
    err = dk.refused(st, dk.act(st, "enhance", card="blood-loss", to="slash-2"), "BRD-3.7")
    assert err.reason.startswith("only art cards")


@pytest.mark.clause("BRD-3.8")
def test_brd_3_8_a_wrong_free_enhancement_pick_names_the_rule(dk):
    st = dk.scen(piles={3: ["crown-memory"]},
                 players=[{"pool": 2, "lineage_used": 1, "hand": ["slash-1", "slash-1", "crimson-1"]}, {}])
    dk.do(st, "recall", pile=3)
    assert st.choices[-1].kind == "free_enhance"
    err = dk.refused(st, dk.act(st, "free_enhance", card="crimson-1", to="crimson-2"), "BRD-3.8")
    assert "needs two" in err.reason
    for args in ({"card": 10**6}, {}):
        err = dk.refused(st, dk.act(st, "free_enhance", **args), "BRD-3.8")
        assert "not one of the answers" not in err.reason
    err = dk.refused(st, dk.act(st, "decline", use="maybe"), "BRD-3.8")
    assert "takes no choices" in err.reason


@pytest.mark.clause("BRS-4.8")
def test_brs_4_8_a_wrong_free_enhancement_pick_names_the_rule(sk):
    st = sk.scen(piles={3: ["crown-memory"]}, players=[{"pool": 2, "hand": ["slash-1", "slash-1", "crimson-1"]}])
    sk.do(st, "recall", pile=3)
    assert st.choices[-1].kind == "free_enhance" and st.choices[-1].clause == "BRS-4.8"
    err = sk.refused(st, sk.act(st, "free_enhance", card="slash-1", to="crimson-2"), "BRS-4.8")
    assert "not a higher stage" in err.reason


@pytest.mark.clause("BRS-4.9")
def test_brs_4_9_no_ending_with_cards_in_hand(sk):
    st = sk.scen(players=[{"hand": ["slash-1"]}])
    err = sk.refused(st, sk.act(st, "end_turn"), "BRS-4.9")
    assert "every card in hand must be played first" in err.reason


# ----- Blood Recall -------------------------------------------------------------------------------------
@pytest.mark.clause("BRD-4.1")
def test_brd_4_1_the_cost_in_recall_points_and_ones_own_recaller(dk):
    st = dk.scen(players=[{"recall_points": 1, "hand": ["slash-1"]}, {}])
    err = dk.refused(st, dk.act(st, "blood_recall", recaller="suou"), "BRD-4.1")
    assert "costs 2 recall points and you have 1" in err.reason
    err = dk.refused(st, dk.act(st, "blood_recall", recaller="seishuku"), "BRD-4.1")
    assert "not your Blood Recaller" in err.reason


@pytest.mark.clause("BRD-6.3")
def test_brd_6_3_an_ongoing_recaller_once_per_turn(dk):
    st = dk.scen(turn_player=1, players=[{}, {"recall_points": 9, "hand": ["slash-1"]}])
    dk.do(st, "blood_recall", 1, recaller="seishuku")
    err = dk.refused(st, dk.act(st, "blood_recall", 1, recaller="seishuku"), "BRD-6.3")
    assert "already used in this turn" in err.reason


@pytest.mark.clause("BRD-4.4")
def test_brd_4_4_in_the_blood_battle_a_used_recaller_cites_its_own_rule(dk):
    # The window's refusal names the rule that forbids, not only the window's clause (issue 37).
    st = dk.scen(turn_player=1, players=[{"recall_points": 4, "recaller": ["suou", "akane"]}, {"recall_points": 3}])
    suou = next(u for u in st.seats[0].recaller if st.cards[u].cid == "suou")
    st.cards[suou].used = st.cards[suou].face_up = True        # Blood Recalled in an earlier round
    dk.do(st, "end_turn", 1)
    dk.do(st, "pass", 1)
    assert st.choices[-1].player == 0
    err = dk.refused(st, dk.act(st, "blood_recall", 0, recaller="suou"), "BRD-4.4")
    assert "once per game" in err.reason


# ----- setup's choices ------------------------------------------------------------------------------------
def _at(kit, kind, seed=0):
    st = kit.new(seed)
    while st.choices and st.choices[-1].kind != kind:
        st.apply(st.legal_actions()[0])
    assert st.choices and st.choices[-1].kind == kind
    return st


@pytest.mark.clause("BRD-1.4")
@pytest.mark.clause("BRS-1.7")
@pytest.mark.parametrize("mode,clause", [("duel", "BRD-1.4"), ("story", "BRS-1.7")])
def test_a_recaller_pick_names_the_crest_rule(dk, sk, mode, clause):
    kit = dk if mode == "duel" else sk
    st = _at(kit, "recaller")
    seat = st.choices[-1].player
    crest = st.cards[st.seats[seat].vessel[0]].d.crest
    foreign = next(c for c in st.tables.by_type["recaller"] if st.game.cards[c].crest != crest)
    err = kit.refused(st, Action("recaller", seat, {"recaller": foreign}), clause)
    assert "crest" in err.reason and "家徽" in err.describe("zh")
    for args in ({"recaller": "no-such"}, {"card": 10**6}):
        err = kit.refused(st, Action("recaller", seat, args), clause)
        assert "carry your vessel's crest" in err.reason and "not one of the answers" not in err.reason


@pytest.mark.clause("BRD-1.3")
def test_brd_1_3_a_vessel_not_dealt_to_the_seat(dk):
    st = _at(dk, "vessel")
    theirs = dk.cids(st, 1, "dealt")[0]
    err = dk.refused(st, Action("vessel", 0, {"vessel": theirs}), "BRD-1.3")
    assert "dealt to you" in err.reason
    err = dk.refused(st, Action("vessel", 0, {"slot": 99}), "BRD-1.3")
    assert "dealt to you" in err.reason


# ----- effects: one signature, in the Books (issue 37, Forge's shape) ---------------------------------------
def test_every_effect_is_in_a_book_and_called_with_a_context(duel, story):
    import inspect

    d, s = duel.state_cls.book, story.state_cls.book
    assert d.effects.fns == s.effects.fns and d.effects.fns      # the player's effects: one table per mode
    assert "madness" not in d.tables and s.registry("madness").fns   # the Madness fights in story mode only
    for fn in (*d.effects.fns.values(), *s.registry("madness").fns.values()):
        assert list(inspect.signature(fn).parameters)[:2] == ["s", "ctx"], fn.__name__


@pytest.mark.clause("BRS-3.8")
def test_a_madness_effect_resolves_under_its_disasters_clause(sk):
    # A special card: the Madness's effect (ctx.clause) cites the special card's rule.
    st = sk.scen(phase="madness.start", m_deck=["special"], madness="seedbed-worm", players=[{"hand": []}])
    kinds = [e.kind for e in st.log if e.clause == "BRS-3.8"]
    assert kinds[:2] == ["madness_play", "special"] and kinds[2:] == ["madness_attack"]


# ----- story mode: the same checks cite story mode's clauses ------------------------------------------------
@pytest.mark.clause("BRS-4.4")
@pytest.mark.clause("BRS-4.5")
@pytest.mark.clause("BRS-4.6")
@pytest.mark.clause("BRS-8.10")
def test_story_recalls_cite_story_clauses(sk):
    st = sk.scen(piles={0: ["bloodied-fang"], 1: ["bloodied-fang"]}, face_down=[1], players=[{"pool": 0}])
    err = sk.refused(st, sk.act(st, "recall", pile=0, card="bloodied-fang"), "BRS-4.5")
    assert "your pool holds 0" in err.reason and "血池" in err.describe("zh")
    sk.refused(st, sk.act(st, "recall", pile=1), "BRS-8.10")
    st = sk.scen(piles={1: ["bloodied-fang"]}, face_down=[1], players=[{"pool": 9}])
    sk.refused(st, sk.act(st, "recall", pile=1, card="bloodied-fang"), "BRS-4.6")
    st = sk.scen(piles={0: ["bloodied-fang"]}, players=[{"pool": 9, "lineage_used": 2}])
    sk.refused(st, sk.act(st, "recall", pile=0, card="bloodied-fang"), "BRS-4.4")


@pytest.mark.clause("BRS-6.1")
@pytest.mark.clause("BRS-6.4")
@pytest.mark.clause("BRS-8.5")
def test_story_blood_recalls_cite_story_clauses(sk):
    st = sk.scen(players=[{"recall_points": 1, "hand": ["slash-1"]}])
    err = sk.refused(st, sk.act(st, "blood_recall", recaller="suou"), "BRS-6.1")
    assert "costs 2 recall points" in err.reason
    st = sk.scen(players=[{"recall_points": 9, "hand": ["slash-1"], "recaller": ["suou", "akane"]}])
    sk.do(st, "blood_recall", recaller="suou")
    sk.do(st, "blood_recall", recaller="akane")
    err = sk.refused(st, sk.act(st, "blood_recall", recaller="suou"), "BRS-6.4")
    assert "once per game" in err.reason
    err = sk.refused(st, sk.act(st, "blood_recall", recaller="akane"), "BRS-8.5")
    assert "already used in this turn" in err.reason
