"""The public API contract (DESIGN.md section 2) as seen from outside the package."""
from __future__ import annotations

import subprocess
import sys

import networkx as nx
import pytest

import tabletop_rules as tr
from tabletop_rules.core.actions import Action, Event, IllegalAction


def test_list_and_load_games():
    assert "buddyfight" in tr.list_games()
    g = tr.load_game("buddyfight")
    assert g is tr.load_game("buddyfight")          # cached
    assert g.title["en"] == "Future Card Buddyfight" and g.title["zh"]
    assert g.player_counts == (2,)


def test_unknown_game_names_the_known_ones():
    with pytest.raises(KeyError) as err:
        tr.load_game("chess")
    assert "buddyfight" in str(err.value)


def test_import_is_light():
    code = ("import sys, tabletop_rules; "
            "print(sorted(m for m in ('ipywidgets','graphviz','IPython','networkx','pydantic','yaml') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_game_parts(bf):
    assert len(bf.rules.clauses) >= 50
    assert bf.rules.clause("BF-6.7").title.zh
    assert len(bf.glossary) >= 30 and all(t.zh and t.en for t in bf.glossary)
    assert isinstance(bf.flow.graph, nx.DiGraph)
    assert len(bf.cards) >= 24
    assert len(bf.rulings) >= 1


def test_new_game_arguments_are_checked(bf):
    with pytest.raises(ValueError, match="played by"):
        bf.new_game(players=3)
    with pytest.raises(ValueError, match="unknown option"):
        bf.new_game(options={"colour": "red"})
    with pytest.raises(ValueError, match="link_critical"):
        bf.new_game(options={"link_critical": "all"})
    with pytest.raises(ValueError, match="seed"):
        bf.new_game(seed="x")


def test_state_contract(bf):
    st = bf.new_game(seed=0)
    assert st.phase in bf.flow.graph
    assert st.current_player in (0, 1) and not st.is_over and st.winners is None and st.result is None
    acts = st.legal_actions()
    assert acts and all(isinstance(a, Action) and a.label and a.player == st.current_player for a in acts)
    evs = st.apply(acts[0])
    assert all(isinstance(e, Event) for e in evs) and st.log[-len(evs):] == evs
    assert isinstance(st.view(0), dict)
    import json
    json.dumps(st.view(None)), json.dumps(st.view(0))
    assert st.record.to_json() == bf.replay(st.record.to_json()).record.to_json()


def test_illegal_action_is_a_value_error_with_clause():
    err = IllegalAction("no", "BF-1.1")
    assert isinstance(err, ValueError) and err.clause == "BF-1.1" and err.reason == "no"
    assert "BF-1.1" in str(err)


def test_actions_compare_by_kind_player_and_args():
    a = Action("attack", 0, {"attackers": ["left", "center"], "target": "fighter"}, "label one")
    b = Action("attack", 0, {"target": "fighter", "attackers": ["left", "center"]}, "label two")
    assert a == b and hash(a) == hash(b)
    assert a != Action("attack", 1, a.args)
    assert Action.from_dict(a.to_dict()) == a
