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
