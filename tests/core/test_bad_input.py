"""Broken data, decks and save files: a clear error naming file, entry and field."""
from __future__ import annotations

import json
import shutil

import pytest

from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.records import Record
from tabletop_rules.games import buddyfight


@pytest.fixture()
def data_copy(tmp_path, bf):
    d = tmp_path / "buddyfight"
    shutil.copytree(bf.dir, d)
    return d


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_broken_yaml_names_file_and_line(data_copy):
    edit(data_copy / "cards.yaml", "cards:", "cards: [\n")
    with pytest.raises(DataError) as err:
        buddyfight.load(data_copy)
    assert "cards.yaml" in str(err.value) and "line" in str(err.value)


def test_unknown_keyword_names_card_and_field(data_copy):
    edit(data_copy / "cards.yaml", "- soulguard", "- soulgard")
    with pytest.raises(DataError) as err:
        buddyfight.load(data_copy)
    msg = str(err.value)
    assert "cards.yaml" in msg and "drum-bunker-dragon" in msg and "keywords" in msg and "soulgard" in msg


def test_unknown_effect_names_card_and_field(data_copy):
    edit(data_copy / "cards.yaml", "op: nullify", "op: nullfy")
    with pytest.raises(DataError) as err:
        buddyfight.load(data_copy)
    msg = str(err.value)
    assert "green-dragon-shield" in msg and "effect.do.0.op" in msg


def test_missing_field_names_card_and_field(data_copy):
    edit(data_copy / "cards.yaml", "  defense: 5000\n", "\n")
    with pytest.raises(DataError) as err:
        buddyfight.load(data_copy)
    assert "drum-bunker-dragon" in str(err.value) and "defense" in str(err.value)


def test_unknown_field_is_an_error(data_copy):
    edit(data_copy / "rules.yaml", "    decision: false\n", "    decison: false\n")
    with pytest.raises(DataError) as err:
        buddyfight.load(data_copy)
    assert "rules.yaml" in str(err.value) and "decison" in str(err.value)


def test_clause_citing_unknown_term(data_copy):
    edit(data_copy / "rules.yaml", "terms: [fighter", "terms: [fightr")
    with pytest.raises(DataError) as err:
        buddyfight.load(data_copy)
    assert "BF-1.1" in str(err.value) and "fightr" in str(err.value)


def test_flow_edge_to_unknown_node(data_copy):
    edit(data_copy / "flow.yaml", "{from: start.draw, to: start.charge}", "{from: start.draw, to: start.chrge}")
    with pytest.raises(DataError) as err:
        buddyfight.load(data_copy)
    assert "flow.yaml" in str(err.value) and "start.chrge" in str(err.value)


def test_deck_of_49_cards_is_refused(bf):
    deck = bf.decks["dragon-demo"].model_dump()
    deck["id"] = "short"
    deck["cards"] = dict(deck["cards"])
    while sum(deck["cards"].values()) > 49:
        name = next(k for k, v in deck["cards"].items() if v > 1)
        deck["cards"][name] -= 1
    assert sum(deck["cards"].values()) == 49
    with pytest.raises(DataError) as err:
        bf.new_game(options={"decks": [deck, "danger-demo"]})
    msg = str(err.value)
    assert "49 cards" in msg and "at least 50" in msg and "BF-2.2" in msg and "short" in msg


def test_deck_with_unknown_card_is_refused(bf):
    deck = bf.decks["dragon-demo"].model_dump()
    deck["cards"] = dict(deck["cards"], **{"no-such-card": 1})
    with pytest.raises(DataError) as err:
        bf.new_game(options={"decks": [deck, "danger-demo"]})
    assert "no-such-card" in str(err.value)


def test_unknown_deck_id(bf):
    with pytest.raises(ValueError, match="unknown deck"):
        bf.new_game(options={"decks": ["dragn-demo", "danger-demo"]})


def test_record_of_another_game(bf):
    rec = bf.new_game(seed=1).record.to_dict()
    rec["game"] = "vividz"
    with pytest.raises(DataError) as err:
        bf.replay(json.dumps(rec), source="save.json")
    assert "save.json" in str(err.value) and "vividz" in str(err.value) and "game" in str(err.value)


@pytest.mark.parametrize("text, needle", [
    ("{not json", "not a JSON game record"),
    ("[1, 2]", "must be a JSON object"),
    ('{"format": "something-else"}', "not a tabletop-rules game record"),
])
def test_corrupt_record_files(bf, text, needle):
    with pytest.raises(DataError) as err:
        bf.replay(text, source="save.json")
    assert needle in str(err.value) and "save.json" in str(err.value)


def test_record_with_an_impossible_action_names_it(bf):
    st = bf.new_game(seed=1)
    st.apply(st.legal_actions()[0])
    rec = st.record.to_dict()
    rec["actions"].append({"kind": "attack", "player": 0, "args": {"attackers": ["left"], "target": "fighter"}})
    with pytest.raises(DataError) as err:
        bf.replay(json.dumps(rec), source="save.json")
    assert "action #2" in str(err.value) and "cannot be replayed" in str(err.value)


def test_record_with_wrong_types(bf):
    rec = bf.new_game(seed=1).record.to_dict()
    rec["seed"] = "one"
    with pytest.raises(DataError) as err:
        Record.from_json(json.dumps(rec), "save.json")
    assert "seed" in str(err.value)
