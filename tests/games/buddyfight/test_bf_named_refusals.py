"""Decisions that used to offer a fixed list now list candidates through rule checks (issue 37):
a refused answer names the rule that forbids it, not "that is not one of the answers"."""
from __future__ import annotations

import pytest

import tabletop_rules as tr


def main(kit, p0=None, p1=None, **spec):
    return kit.scen(phase="main.actions", turn_player=0, players=[p0 or {}, p1 or {}], **spec)


@pytest.mark.clause("BF-5.4")
def test_bf_5_4_the_monster_just_called_stays(kit):
    st = main(kit, {"hand": ["flame-forge-dragon"], "gauge": 1,
                    "field": {"center": "spear-tusk-dragon", "right": "ember-drake-pup"}})
    kit.do(st, "call", name="flame-forge-dragon", area="left")
    kit.pay(st)
    assert kit.choice(st) == "size_drop"
    new, pup = kit.uid(st, 0, "left"), kit.uid(st, 0, "right")
    err = kit.refused(st, kit.act(st, "size_drop", card=new, name="flame-forge-dragon", area="left"), "BF-5.4")
    assert "just called" in err.reason and "not one of the answers" not in err.reason
    err = kit.refused(st, kit.act(st, "size_drop", card=pup, name="ember-drake-pup", area="right"), "BF-5.4")
    assert "size 0" in err.reason


def test_bf_5_4_is_decided_by_one_check():
    from tabletop_rules.games.buddyfight.turn import kept_for_size

    book = tr.load_game("buddyfight").state_cls.book
    assert book.rule.deciding("BF-5.4") == [kept_for_size]


@pytest.mark.clause("BF-9.6")
def test_bf_9_6_counterattack_refuses_an_attacker_out_of_reach(kit):
    st = kit.scen(phase="attack.declare", players=[
        {"field": {"left": "ember-drake-pup", "center": "spear-tusk-dragon", "right": "ember-drake-pup"}},
        {"field": {"center": {"card": "bastion-wall-dragon", "power": 2000, "defense": 20000}}}])
    kit.do(st, "attack", attackers=["left", "center", "right"], target="center")
    kit.settle(st)
    assert kit.choice(st) == "counterattack"
    spear = kit.uid(st, 0, "center")
    assert st.defense(spear) > 2000
    assert spear not in {a.args["card"] for a in st.legal_actions()}
    err = kit.refused(st, kit.act(st, "counterattack", card=spear, name="spear-tusk-dragon", area="center"), "BF-9.6")
    assert "above the power 2000" in err.reason and "高于" in err.describe("zh")
    # Not an attacker at all: the kind's own sentence, same clause.
    err = kit.refused(st, kit.act(st, "counterattack", card=10**6), "BF-9.6")
    assert "monsters that attacked" in err.reason


@pytest.mark.clause("BF-6.9")
def test_bf_6_9_link_critical_of_a_non_attacker_is_refused(kit):
    st = kit.scen(phase="attack.declare", turn_player=0, turn=2, options={"link_critical": "one"}, players=[
        {"field": {"left": "spear-tusk-dragon", "right": "twin-fang-dragon"}}, {"life": 10}])
    kit.do(st, "attack", attackers=["left", "right"], target="fighter")
    kit.settle(st)
    assert kit.choice(st) == "link_critical"
    err = kit.refused(st, kit.act(st, "link_critical", card=10**6), "BF-6.9")
    assert "one of the attacking monsters" in err.reason


@pytest.mark.clause("BF-9.3")
def test_bf_9_3_soulguard_is_yes_or_no(kit):
    st = kit.scen(phase="attack.declare", turn_player=0, turn=2, players=[
        {"field": {"center": "spear-tusk-dragon"}}, {"field": {"center": {"card": "drum-bunker-dragon", "soul": 1}}}])
    kit.do(st, "attack", attackers=["center"], target="center")
    kit.settle(st)
    assert kit.choice(st) == "soulguard"
    assert {a.args["use"] for a in st.legal_actions()} == {True, False}
    err = kit.refused(st, kit.act(st, "soulguard", use="maybe"), "BF-9.3")
    assert "yes or no" in err.reason
