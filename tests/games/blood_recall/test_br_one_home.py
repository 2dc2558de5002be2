"""One home per rule (issue 8): the listers that list the legal actions are the ones that explain a
refusal, and the Books name every procedure, decision, move and effect.

Over random games of both modes: every listed action is an exact Action of the listers of that
moment; every refused action is refused with the reason and clause of the Refusal those listers
yield for it, or with the kind's declared ``not_now`` / ``no_such`` sentence; skipping refusals
while listing (``s.explaining`` False) changes no listed action.
"""
from __future__ import annotations

import pytest
from br_games import game

from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.moves import Refusal

IDS = ["duel", "story"]


@pytest.mark.parametrize("which", IDS)
def test_the_books_declare_every_node_and_kind(which):
    g = game(which)
    book = g.state_cls.book
    assert book.moves.check(g.flow.nodes) == []
    assert not getattr(book, "legacy", False)
    for kind in ("play", "self_harm", "reveal", "recall", "enhance", "blood_recall", "end_turn", "pass",
                 "free_enhance", "decline", "vessel", "recaller", "difficulty", "madness"):
        assert g.kind_label(kind) and g.kind_label(kind, "zh"), kind


@pytest.mark.parametrize("which,clause", [("duel", "BRD-3.1"), ("story", "BRS-4.1")])
def test_an_action_the_game_does_not_have(which, clause):
    st = game(which).scenario({})
    with pytest.raises(IllegalAction) as info:
        st.apply(Action("fly", 0, {}))
    assert info.value.clause == clause and "no 'fly' action" in info.value.reason


@pytest.mark.parametrize("which,spec,field", [
    ("duel", {"playrs": []}, "scenario.playrs"),
    ("duel", {"players": [{"lif": 3}, {}]}, "scenario.players.0.lif"),
    ("story", {"players": [{"hand": ["slash-1"], "recaler": "suou"}]}, "scenario.players.0.recaler"),
    ("story", {"chaptr": 1}, "scenario.chaptr"),
    ("duel", {"token": "first"}, "scenario.token"),
    ("story", {"players": [{"life": True}]}, "scenario.players.0.life")])
def test_a_scenario_typo_names_the_field(which, spec, field):
    with pytest.raises(DataError) as info:
        game(which).scenario(spec, source="my-ruling")
    err = info.value
    assert err.field == field and err.file == "my-ruling"
    assert field.rsplit(".", 1)[1] in str(err)


@pytest.mark.parametrize("which", IDS)
def test_listers_build_refusals_only_while_explaining(which):
    """The one flag for "refusals are read now" is the core's ``State.explaining`` (set by
    ``Moves.explain`` while it runs the listers); the package has no flag of its own."""
    g = game(which)
    st = g.scenario({"players": [{"hand": ["slash-1"]}, {}][:g.player_counts[0]]})
    listers = list(st.phase_listers())
    assert not st.explaining and not hasattr(st, "why")
    assert not [o for fn in listers for o in fn(st, 0) if isinstance(o, Refusal)]
    st.explaining = True
    refusals = [o for fn in listers for o in fn(st, 0) if isinstance(o, Refusal)]
    st.explaining = False
    assert any("every card in hand" in st.describe_refusal(r) for r in refusals)
    with pytest.raises(IllegalAction) as info:
        st.apply(Action("end_turn", 0, {}))
    assert "every card in hand" in info.value.reason and not st.explaining
