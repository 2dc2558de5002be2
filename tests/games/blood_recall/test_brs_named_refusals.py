"""Story setup's decisions list their answers through rule checks (issue 37): a refused pick
names the rule, never "that is not one of the answers"."""
from __future__ import annotations

import pytest

import tabletop_rules as tr
from tabletop_rules.core import conformance
from tabletop_rules.core.actions import Action


def _at(kind):
    game = tr.load_game("blood-recall-story")
    st = game.new_game(seed=0)
    while st.choices and st.choices[-1].kind != kind:
        st.apply(st.legal_actions()[0])
    assert st.choices and st.choices[-1].kind == kind
    return game, st


@pytest.mark.clause("BRS-1.4")
def test_brs_1_4_the_prologue_madness_is_not_chosen():
    game, st = _at("madness")
    fruit = next(c for c in st.tables.by_type["madness"] if game.cards[c].prologue)
    err = conformance.refusal(st, Action("madness", 0, {"madness": fruit}), "BRS-1.4")
    assert "every game" in err.reason and "每局" in err.describe("zh")
    assert game.state_cls.book.rule.deciding("BRS-1.4")[0].__name__ == "on_the_table_anyway"


@pytest.mark.parametrize("kind,args,clause", [("vessel", {"vessel": "no-such"}, "BRS-1.2"),
                                              ("difficulty", {"difficulty": "extreme"}, "BRS-1.3"),
                                              ("madness", {"madness": "no-such"}, "BRS-1.4")])
def test_brs_setup_picks_outside_the_box_cite_their_rule(kind, args, clause):
    _, st = _at(kind)
    err = conformance.refusal(st, Action(kind, 0, args), clause)
    assert "not one of the answers" not in err.reason
