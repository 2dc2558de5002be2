"""Broken data, foreign or corrupt save files and bad options: a clear error naming what is wrong,
for both game ids."""
from __future__ import annotations

import json
import shutil

import pytest
from br_games import game

from tabletop_rules.core.datafile import DataError
from tabletop_rules.games.blood_recall import load_duel, load_story

LOADERS = {"duel": load_duel, "story": load_story}


@pytest.fixture(params=["duel", "story"])
def data_copy(request, tmp_path):
    """Copies of the mode's folder and the shared card folder, side by side."""
    g = game(request.param)
    shared = g.tables.shared_cards
    for d in (g.dir, shared.parent):
        shutil.copytree(d, tmp_path / d.name)
    return request.param, tmp_path / g.dir.name, tmp_path / shared.parent.name / shared.name


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_copies_load(data_copy):
    which, d, _ = data_copy
    assert LOADERS[which](d).cards


def test_broken_card_file_names_file_and_line(data_copy):
    which, d, cards = data_copy
    edit(cards, "cards:\n", "cards: [\n")
    with pytest.raises(DataError) as err:
        LOADERS[which](d)
    assert "cards.yaml" in str(err.value) and "line" in str(err.value)


def test_unknown_effect_name_names_card_and_field(data_copy):
    which, d, cards = data_copy
    edit(cards, "effect: [{op: draw, n: 1}]}\n  awakened", "effect: [{op: drwa, n: 1}]}\n  awakened")
    with pytest.raises(DataError) as err:
        LOADERS[which](d)
    msg = str(err.value)
    assert "shiragane" in msg and "front.effect.0.op" in msg and "drwa" in msg


@pytest.mark.parametrize("old,new,field,needle", [
    ("effect: [{op: draw, n: 1}]}\n  awakened", "effect: [{op: draw, m: 1}]}\n  awakened", "front.effect.0.m",
     "no parameter 'm'"),
    ("effect: [{op: draw, n: 1}]}\n  awakened", "effect: [{op: draw, n: -1}]}\n  awakened", "front.effect.0.n",
     "whole number"),
    ("effect: [{op: draw, n: 1}]}\n  awakened", "effect: [{op: hindrance, to: opponent}]}\n  awakened",
     "front.effect.0.name", "needs parameter 'name'"),
    ("effect: [{op: draw, n: 1}]}\n  awakened", "effect: [{op: attack, n: two}]}\n  awakened", "front.effect.0.n",
     "whole number")])
def test_effect_parameters_are_checked_at_load(data_copy, old, new, field, needle):
    which, d, cards = data_copy
    edit(cards, old, new)
    with pytest.raises(DataError) as err:
        LOADERS[which](d)
    assert err.value.entry == "card 'shiragane'" and err.value.field == field and needle in str(err.value)


def test_unknown_madness_effect(data_copy):
    which, d, cards = data_copy
    edit(cards, "special: [{op: madness_attack, n: 2}]", "special: [{op: draw, n: 2}]")
    with pytest.raises(DataError) as err:
        LOADERS[which](d)
    assert "seedbed-worm" in str(err.value) and "front.special.0.op" in str(err.value)


def test_unknown_hindrance_and_crest(data_copy):
    which, d, cards = data_copy
    edit(cards, "{op: hindrance, name: binding, to: opponent}]", "{op: hindrance, name: bindng, to: opponent}]")
    with pytest.raises(DataError, match="bindng"):
        LOADERS[which](d)
    edit(cards, "name: bindng", "name: binding")
    edit(cards, "crest: crane\n  era", "crest: heron\n  era")
    with pytest.raises(DataError) as err:
        LOADERS[which](d)
    assert "shiragane" in str(err.value) and "heron" in str(err.value) and "crest" in str(err.value)


def test_missing_field_and_unknown_field(data_copy):
    which, d, cards = data_copy
    edit(cards, "  cost: 2\n  effect: [{op: attack, n: 4}]", "  effect: [{op: attack, n: 4}]")
    with pytest.raises(DataError) as err:
        LOADERS[which](d)
    assert "suou" in str(err.value) and "cost" in str(err.value)
    edit(cards, "  effect: [{op: attack, n: 4}]", "  cost: 2\n  atack: 3\n  effect: [{op: attack, n: 4}]")
    with pytest.raises(DataError) as err:
        LOADERS[which](d)
    assert "atack" in str(err.value)


def test_card_neither_demo_nor_sourced(data_copy):
    which, d, cards = data_copy
    text = 'text: {en: "Attack 5.", zh: "攻击 5。"}'
    edit(cards, f"supply: 4\n  {text}\n  demo: true", f"supply: 4\n  {text}")
    with pytest.raises(DataError) as err:
        LOADERS[which](d)
    assert "slash-3" in str(err.value) and "demo" in str(err.value)


def test_shared_card_file_missing(data_copy):
    which, d, cards = data_copy
    cards.unlink()
    with pytest.raises(DataError) as err:
        LOADERS[which](d)
    assert "shared" in str(err.value) and "blood-recall-common" in str(err.value)


def test_clause_citing_an_unknown_term(data_copy):
    which, d, _ = data_copy
    edit(d / "rules.yaml", "terms: [vessel]", "terms: [vesel]")
    with pytest.raises(DataError) as err:
        LOADERS[which](d)
    assert "vesel" in str(err.value) and "rules.yaml" in str(err.value)


def test_flow_edge_to_an_unknown_node(data_copy):
    which, d, _ = data_copy
    edit(d / "flow.yaml", "to: cleanup.draw}", "to: cleanup.drwa}")
    with pytest.raises(DataError) as err:
        LOADERS[which](d)
    assert "flow.yaml" in str(err.value) and "cleanup.drwa" in str(err.value)


@pytest.mark.parametrize("which,other", [("duel", "blood-recall-story"), ("story", "blood-recall-duel"),
                                         ("duel", "buddyfight")])
def test_record_of_another_game(which, other):
    g = game(which)
    rec = g.new_game(seed=1).record.to_dict()
    rec["game"] = other
    with pytest.raises(DataError) as err:
        g.replay(json.dumps(rec), source="save.json")
    assert "save.json" in str(err.value) and other in str(err.value) and "game" in str(err.value)


@pytest.mark.parametrize("which", ["duel", "story"])
def test_a_duel_record_replayed_as_story_fails_clearly(which):
    duel, story = game("duel"), game("story")
    src, dst = (duel, story) if which == "duel" else (story, duel)
    rec = src.new_game(seed=2).record.to_dict()
    rec["game"] = dst.id
    with pytest.raises(DataError) as err:
        dst.replay(json.dumps(rec), source="save.json")
    assert "save.json" in str(err.value)


@pytest.mark.parametrize("text,needle", [("{not json", "not a JSON game record"), ("[1]", "must be a JSON object"),
                                         ('{"format": "x"}', "not a tabletop-rules game record")])
def test_corrupt_record_files(text, needle):
    with pytest.raises(DataError) as err:
        game("story").replay(text, source="save.json")
    assert needle in str(err.value)


def test_record_with_an_impossible_action_names_it():
    g = game("duel")
    st = g.new_game(seed=1)
    st.apply(st.legal_actions()[0])
    rec = st.record.to_dict()
    rec["actions"].append({"kind": "end_turn", "player": 1, "args": {}})
    with pytest.raises(DataError) as err:
        g.replay(json.dumps(rec), source="save.json")
    assert "action #2" in str(err.value) and "cannot be replayed" in str(err.value)


@pytest.mark.parametrize("which,options,needle", [
    ("duel", {"crimson_blood": 0}, "crimson_blood"), ("duel", {"crimson_blood": "four"}, "crimson_blood"),
    ("duel", {"difficulty": "easy"}, "unknown option 'difficulty'"),
    ("story", {"difficulty": "impossible"}, "difficulty"), ("story", {"madness": "cosmic-evil-fruit"}, "madness"),
    ("story", {"vessel": "obotsukagura"}, "vessel"), ("story", {"colour": "red"}, "unknown option")])
def test_bad_options(which, options, needle):
    with pytest.raises(ValueError) as err:
        game(which).new_game(seed=0, options=options)
    assert needle in str(err.value)


@pytest.mark.parametrize("which,players", [("duel", 1), ("duel", 3), ("story", 2)])
def test_bad_player_counts(which, players):
    with pytest.raises(ValueError, match="played by"):
        game(which).new_game(players=players)


@pytest.mark.parametrize("spec,needle", [
    ({"players": [{"vessel": "suou"}, {}]}, "not a vessel"), ({"players": [{"hand": ["no-card"]}, {}]}, "no-card"),
    ({"phase": "battle.damage"}, "phase"), ({"piles": {7: []}}, "pile"), ({"colour": 1}, "unknown scenario keys"),
    ({"phase": "setup", "deal": [["shiragane"], []]}, "deal"), ({"players": [{"lif": 3}, {}]}, "lif")])
def test_bad_duel_scenarios(spec, needle):
    with pytest.raises(DataError) as err:
        game("duel").scenario(spec, source="my-ruling")
    assert needle in str(err.value) and "my-ruling" in str(err.value)


@pytest.mark.parametrize("spec,needle", [({"madness": "cosmic-evil-fruit"}, "Mythic Madness"),
                                         ({"m_deck": ["sael"]}, "sael"), ({"chapter": 3}, "chapter"),
                                         ({"difficulty": "medium"}, "medium"), ({"deal": []}, "deal")])
def test_bad_story_scenarios(spec, needle):
    if "deal" in spec:
        spec = dict(spec, phase="setup")
    with pytest.raises(DataError) as err:
        game("story").scenario(spec, source="my-ruling")
    assert needle in str(err.value)


def test_a_refused_action_loses_nothing_of_a_running_game():
    g = game("story")
    st = g.new_game(seed=4)
    before = st.record.to_json()
    with pytest.raises(ValueError):
        st.apply("end_turn")
    assert st.record.to_json() == before and not st.is_over
