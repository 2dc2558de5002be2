"""Issue 37: each refusal of the mirror-doll duel is decided by the check registered for its clause.

Every test builds a position the rule speaks about, tries the action the rule forbids and reads the
refusal: IllegalAction cites the clause and says the check's reason, and the state is unchanged
(conformance.refusal). The same check, asked directly, gives the same (text key, clause)."""
from __future__ import annotations

import pytest

from tabletop_rules.games.mirror_dolls import checks, points
from tabletop_rules.games.mirror_dolls.book import BOOK
from tabletop_rules.games.mirror_dolls.turn import not_your_turn


def refused(kit, st, action, clause, *words):
    err = kit.refused(st, action, clause)
    for w in words:
        assert w in str(err), f"{w!r} not in {str(err)!r}"
    return err


def test_every_check_is_the_one_registered_for_its_clause():
    """The checks this file exercises are the ones ``tabletop-rules rules`` names (one hop)."""
    for clause, fn in [("MD-3.4", not_your_turn), ("MD-4.4", checks.first_mirror), ("MD-4.5", checks.mirror_step),
                       ("MD-5.1", points.cannot_pay), ("MD-5.6", points.overflow_waits),
                       ("MD-7.1", checks.hand_summon), ("MD-7.2", checks.pile_summon), ("MD-7.6", checks.side_full),
                       ("MD-8.1", checks.acted), ("MD-9.2", checks.must_target), ("MD-9.3", checks.back_row),
                       ("MD-9.6", checks.out_of_reach), ("MD-11.1", checks.aim), ("MD-11.4", checks.no_ongoing),
                       ("MD-11.5", checks.no_cast), ("MD-12.1", checks.other_side),
                       ("MD-12.2", checks.onto_threshold), ("MD-12.5", checks.forced_slot),
                       ("MD-13.5", checks.sideless)]:
        assert BOOK.rule.deciding(clause) == [fn], clause


@pytest.mark.clause("MD-3.4")
def test_md_3_4_the_defender_takes_no_action(kit):
    st = kit.scen(players=[{"order": 4, "dolls": ["tin-drummer"]}, {"order": 4, "dolls": ["lace-duelist"]}])
    duel = kit.uid(st, 1, "lace-duelist")
    refused(kit, st, kit.act(st, "summon", player=1, card=duel, slot="real_f0"), "MD-3.4", "only the attacker acts")
    refused(kit, st, kit.act(st, "end_turn", player=1), "MD-3.4")


@pytest.mark.clause("MD-4.4")
def test_md_4_4_the_first_mirror_cannot_be_kept_empty(kit):
    st = kit.scen(turn=1, phase="start.mirror", players=[{"mirror_deck": ["still-pond"]}, {}])
    assert checks.first_mirror(st) == ("why.first_mirror", "MD-4.4")
    refused(kit, st, kit.act(st, "keep_mirror"), "MD-4.4", "must be placed")


@pytest.mark.clause("MD-4.5")
def test_md_4_5_one_replacement_in_the_action_step(kit):
    st = kit.scen(players=[{"mirror_deck": ["still-pond", "sunlit-pane"]}, {}])
    refused(kit, st, kit.act(st, "keep_mirror"), "MD-4.5", "just replace it")
    kit.do(st, "place_mirror", name="still-pond")
    assert checks.mirror_step(st, "place_mirror") == ("why.mirror_once", "MD-4.5")
    pane = kit.uid(st, 0, "sunlit-pane", "mirror_deck")
    refused(kit, st, kit.act(st, "place_mirror", card=pane, name="sunlit-pane"), "MD-4.5")


@pytest.mark.clause("MD-7.1")
def test_md_7_1_a_summon_from_hand_is_paid_in_order(kit):
    st = kit.scen(players=[{"order": 1, "chaos": 10, "dolls": ["lace-duelist"]}, {}])
    duel = kit.uid(st, 0, "lace-duelist")
    assert checks.hand_summon(st, 0, 2) == ("why.summon_cost", "MD-7.1")
    refused(kit, st, kit.act(st, "summon", card=duel, name="lace-duelist", slot="real_f0"), "MD-7.1",
            "costs 2 order", "has 1")


@pytest.mark.clause("MD-7.2")
def test_md_7_2_a_summon_from_the_pile_is_paid_in_chaos_onto_the_mirror_side(kit):
    st = kit.scen(players=[{"order": 10, "chaos": 1, "pile": ["tin-drummer", "glass-archer"]}, {}])
    archer = kit.uid(st, 0, "glass-archer", "mirror_pile")
    refused(kit, st, kit.act(st, "summon", card=archer, name="glass-archer", slot="mirror_f0"), "MD-7.2",
            "costs 2 chaos")
    drummer = kit.uid(st, 0, "tin-drummer", "mirror_pile")
    refused(kit, st, kit.act(st, "summon", card=drummer, name="tin-drummer", slot="real_f0"), "MD-7.2",
            "mirror side")


@pytest.mark.clause("MD-7.6")
def test_md_7_6_no_summon_onto_a_full_side(kit):
    six = {f"real_{r}{i}": d for (r, i), d in zip([(r, i) for r in "fb" for i in range(3)],
                                                  ["lace-duelist", "tin-drummer", "glass-archer", "velvet-oracle",
                                                   "porcelain-guard", "cracked-jester"])}
    st = kit.scen(players=[{"order": 5, "dolls": ["echo-dancer"], "field": six}, {}])
    dancer = kit.uid(st, 0, "echo-dancer")
    assert checks.side_full([]) == ("why.summon_full", "MD-7.6")
    refused(kit, st, kit.act(st, "summon", card=dancer, name="echo-dancer", slot="real_f0"), "MD-7.6",
            "real side is full")


@pytest.mark.clause("MD-8.1")
def test_md_8_1_a_doll_that_acted_does_nothing_more(kit):
    st = kit.scen(players=[{"field": {"real_f0": {"card": "lace-duelist", "acted": True}}}, {}])
    refused(kit, st, kit.act(st, "attack", card=st.at(0, "real_f0"), target="player"), "MD-8.1",
            "Lace Duelist has already acted")


@pytest.mark.clause("MD-9.2")
def test_md_9_2_an_attacker_facing_dolls_must_aim_at_one(kit):
    st = kit.scen(players=[{"field": {"real_f0": "lace-duelist"}}, {"field": {"real_f1": "tin-drummer"}}])
    refused(kit, st, kit.act(st, "attack", card=st.at(0, "real_f0"), target="player"), "MD-9.2",
            "must target one of them")


@pytest.mark.clause("MD-9.3")
def test_md_9_3_a_blocked_doll_is_not_attacked(kit):
    st = kit.scen(players=[{"field": {"real_f0": "lace-duelist"}},
                           {"field": {"real_f2": "tin-drummer", "real_b2": "glass-archer"}}])
    archer = st.at(1, "real_b2")
    refused(kit, st, kit.act(st, "attack", card=st.at(0, "real_f0"), target=archer), "MD-9.3", "Glass Archer")


@pytest.mark.clause("MD-9.6")
def test_md_9_6_the_other_side_is_out_of_reach(kit):
    st = kit.scen(players=[{"field": {"real_f0": "lace-duelist"}}, {"field": {"mirror_f0": "tin-drummer"}}])
    assert checks.out_of_reach(("real",), ("mirror",)) == ("why.reach", "MD-9.6")
    refused(kit, st, kit.act(st, "attack", card=st.at(0, "real_f0"), target=st.at(1, "mirror_f0")), "MD-9.6",
            "out of reach")


@pytest.mark.clause("MD-11.1")
def test_md_11_1_a_cast_without_a_target_to_take(kit):
    st = kit.scen(players=[{"order": 3, "spells": ["shatter-bolt"]}, {}])
    bolt = kit.uid(st, 0, "shatter-bolt", "spells")
    refused(kit, st, kit.act(st, "cast", card=bolt, name="shatter-bolt"), "MD-11.1", "there is none")


@pytest.mark.clause("MD-11.4")
def test_md_11_4_nothing_to_end_in_an_empty_spell_slot(kit):
    st = kit.scen(players=[{}, {}])
    refused(kit, st, kit.act(st, "end_spell"), "MD-11.4", "no ongoing spell")


@pytest.mark.clause("MD-11.5")
def test_md_11_5_a_form_without_a_cast(kit):
    st = kit.scen(players=[{"order": 3, "field": {"real_f0": "hollow-puppeteer"}}, {}])
    refused(kit, st, kit.act(st, "ability", card=st.at(0, "real_f0")), "MD-11.5", "no cast in its real form")


@pytest.mark.clause("MD-5.1")
def test_md_5_1_a_doll_cast_that_cannot_be_paid(kit):
    st = kit.scen(players=[{"order": 0, "field": {"real_f0": "velvet-oracle", "real_f1": "lace-duelist"}}, {}])
    oracle = st.at(0, "real_f0")
    refused(kit, st, kit.act(st, "ability", card=oracle, target=st.at(0, "real_f1")), "MD-5.1", "has 0")


@pytest.mark.clause("MD-12.1")
def test_md_12_1_the_matching_slot_is_taken(kit):
    st = kit.scen(players=[{"field": {"real_f0": "tin-drummer", "mirror_f0": "glass-archer"}}, {}])
    refused(kit, st, kit.act(st, "move", card=st.at(0, "real_f0"), to="mirror_f0"), "MD-12.1", "is taken")


@pytest.mark.clause("MD-12.2")
def test_md_12_2_the_threshold_needs_the_overflow_point_and_room(kit):
    st = kit.scen(players=[{"overflow": 0, "field": {"real_f0": "clockwork-knight"}}, {}])
    knight = st.at(0, "real_f0")
    refused(kit, st, kit.act(st, "move", card=knight, to="threshold"), "MD-12.2", "needs the overflow point")
    st = kit.scen(players=[{"overflow": 1, "field": {"real_f0": "clockwork-knight",
                                                     "threshold": {"card": "frost-reflection", "form": "critical"}}},
                           {}])
    refused(kit, st, kit.act(st, "move", card=st.at(0, "real_f0"), to="threshold"), "MD-12.2",
            "threshold is taken")


@pytest.mark.clause("MD-5.6")
def test_md_5_6_the_wait_bars_the_threshold(kit):
    st = kit.scen(turn=9, players=[{"overflow": 1, "ready": 7, "field": {"real_f0": "clockwork-knight"}}, {}])
    assert points.overflow_waits(st, 0) == ("why.overflow_wait", "MD-5.6")
    refused(kit, st, kit.act(st, "move", card=st.at(0, "real_f0"), to="threshold"), "MD-5.6",
            "cannot be spent again")


@pytest.mark.clause("MD-13.5")
def test_md_13_5_a_sideless_doll_on_the_threshold_does_not_attack(kit):
    st = kit.scen(players=[{"field": {"threshold": {"card": "porcelain-guard", "form": "real"}}}, {}])
    refused(kit, st, kit.act(st, "attack", card=st.at(0, "threshold"), target="player"), "MD-13.5",
            "without its critical form")
