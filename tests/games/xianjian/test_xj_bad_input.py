"""Broken data, bad arguments and foreign or corrupt records: a clear error naming what is wrong."""
from __future__ import annotations

import json
import shutil

import pytest

from tabletop_rules.core.datafile import DataError
from tabletop_rules.games.xianjian import load


@pytest.fixture()
def data_copy(tmp_path, xj):
    d = tmp_path / "xianjian"
    shutil.copytree(xj.dir, d)
    return d


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def broken(data_copy, fname, old, new):
    edit(data_copy / fname, old, new)
    with pytest.raises(DataError) as err:
        load(data_copy)
    return str(err.value)


def test_broken_card_file_names_file_and_line(data_copy):
    msg = broken(data_copy, "monsters.yaml", "monsters:", "monsters: [\n")
    assert "monsters.yaml" in msg and "line" in msg


def test_unknown_effect_name_names_file_card_and_field(data_copy):
    msg = broken(data_copy, "monsters.yaml", "op: hurt, who: hinderers, n: 4", "op: hrut, who: hinderers, n: 4")
    assert "monsters.yaml" in msg and "snake-demon" in msg and "win.0.op" in msg and "hrut" in msg


def test_unknown_effect_parameter(data_copy):
    msg = broken(data_copy, "monsters.yaml", "op: hurt, who: hinderers, n: 4", "op: hurt, who: hinderers, m: 4")
    assert "snake-demon" in msg and "'m'" in msg


def test_bad_effect_parameter_value(data_copy):
    msg = broken(data_copy, "monsters.yaml", "op: hurt, who: hinderers, n: 4", "op: hurt, who: hindrers, n: 4")
    assert "snake-demon" in msg and "who" in msg and "hindrers" in msg


def test_unknown_skill_function(data_copy):
    msg = broken(data_copy, "characters.yaml", "do: tiger_roll", "do: tiger_rol")
    assert "characters.yaml" in msg and "wang-xiaohu" in msg and "skills.0.do" in msg


def test_unknown_pet_effect_and_equipment_trait(data_copy):
    msg = broken(data_copy, "monsters.yaml", "op: final_power, n: 8", "op: final_powr, n: 8")
    assert "courage" in msg and "pet.0.op" in msg
    shutil.copy(load().dir / "monsters.yaml", data_copy / "monsters.yaml")
    msg = broken(data_copy, "handcards.yaml", "op: reduce_damage", "op: reduce_damages")
    assert "dragon-soul-armour" in msg and "traits.0.op" in msg


def test_card_use_at_the_wrong_moment(data_copy):
    msg = broken(data_copy, "handcards.yaml", "{at: war_step, op: escape}", "{at: skill_step, op: escape}")
    assert "golden-cicada" in msg and "skill_step" in msg


def test_missing_number_names_card_and_field(data_copy):
    msg = broken(data_copy, "characters.yaml", "    hp: 11\n", "\n")
    assert "wang-xiaohu" in msg and "hp" in msg


def test_unknown_field_is_an_error(data_copy):
    msg = broken(data_copy, "events.yaml", "    demo: true\n", "    dmeo: true\n")
    assert "events.yaml" in msg and "dmeo" in msg and "island-encounter" in msg


def test_box_with_the_wrong_number_of_cards(data_copy):
    msg = broken(data_copy, "decks.yaml", "golden-silkworm: 5", "golden-silkworm: 4")
    assert "decks.yaml" in msg and "45" in msg and "44" in msg and "XJ-1.4" in msg


def test_box_naming_an_unknown_card(data_copy):
    msg = broken(data_copy, "decks.yaml", "[li-xiaoyao,", "[li-xiaoyo,")
    assert "li-xiaoyo" in msg and "characters" in msg


def test_clause_with_unknown_term_and_flow_with_unknown_node(data_copy):
    msg = broken(data_copy, "rules.yaml", "terms: [team, beginner-mode]", "terms: [teem, beginner-mode]")
    assert "XJ-1.1" in msg and "teem" in msg
    shutil.copy(load().dir / "rules.yaml", data_copy / "rules.yaml")
    msg = broken(data_copy, "flow.yaml", "{from: draw, to: discard}", "{from: draw, to: discrad}")
    assert "flow.yaml" in msg and "discrad" in msg


def test_bad_player_count(xj):
    for n in (1, 5, "4"):
        with pytest.raises(ValueError, match="played by"):
            xj.new_game(players=n)


def test_bad_options(xj):
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        xj.new_game(players=3, options={"colour": "red"})
    with pytest.raises(ValueError, match="three_player_order"):
        xj.new_game(players=3, options={"three_player_order": "backwards"})
    with pytest.raises(ValueError, match="seed"):
        xj.new_game(seed="one")


def test_record_of_another_game(xj):
    rec = xj.new_game(seed=1, players=3).record.to_dict()
    rec["game"] = "buddyfight"
    with pytest.raises(DataError) as err:
        xj.replay(json.dumps(rec), source="save.json")
    msg = str(err.value)
    assert "save.json" in msg and "buddyfight" in msg and "xianjian" in msg and "game" in msg


def test_record_with_bad_player_count_or_option(xj):
    rec = xj.new_game(seed=1, players=3).record.to_dict()
    rec["players"] = 6
    with pytest.raises(DataError, match="played by"):
        xj.replay(json.dumps(rec), source="save.json")
    rec["players"] = 3
    rec["options"] = {"three_player_order": "backwards"}
    with pytest.raises(DataError, match="three_player_order"):
        xj.replay(json.dumps(rec), source="save.json")


@pytest.mark.parametrize("text, needle", [("{not json", "not a JSON game record"), ("[1]", "must be a JSON object"),
                                          ('{"format": "x"}', "not a tabletop-rules game record")])
def test_corrupt_record_files(xj, text, needle):
    with pytest.raises(DataError) as err:
        xj.replay(text, source="save.json")
    assert needle in str(err.value) and "save.json" in str(err.value)


def test_record_with_an_impossible_action_names_it(xj):
    st = xj.new_game(seed=1, players=2)
    st.apply(st.legal_actions()[0])
    rec = st.record.to_dict()
    rec["actions"].append({"kind": "fight", "player": 1, "args": {}})
    with pytest.raises(DataError) as err:
        xj.replay(json.dumps(rec), source="save.json")
    assert "action #2" in str(err.value) and "cannot be replayed" in str(err.value)


@pytest.mark.parametrize("spec, needle", [
    ({"players": 5}, "not 5"),
    ({"seats": [{"character": "no-one"}]}, "unknown character"),
    ({"seats": [{"hand": ["courage"]}]}, "unknown hand card 'courage'"),
    ({"seats": [{"weapon": "rainbow-robe"}]}, "not a weapon"),
    ({"seats": [{"character": "zixuan"}, {"character": "zixuan"}]}, "same one"),
    ({"seats": [{"colour": 1}]}, "seats.0.colour"),
    ({"phase": "lunch"}, "phase must be one of"),
    ({"monsters": ["li-xiaoyao"]}, "unknown monster card"),
    ({"turn_player": 3}, "turn_player"),
    ({"options": {"three_player_order": "x"}}, "three_player_order"),
])
def test_bad_scenarios_name_the_field(xj, spec, needle):
    with pytest.raises(DataError) as err:
        xj.scenario(spec, source="my ruling")
    assert needle in str(err.value) and "my ruling" in str(err.value)


def test_a_refused_action_loses_nothing_of_a_running_game(xj):
    from tabletop_rules.core.actions import Action, IllegalAction

    st = xj.new_game(seed=4, players=4)
    st.apply(st.legal_actions()[0])
    before = json.dumps(st.view(None)), st.record.to_json(), len(st.log)
    for bad in (Action("keep_character", 1, {"card": 999}), Action("keep_character", 3, {}), "fight"):
        with pytest.raises(IllegalAction):
            st.apply(bad)
    assert (json.dumps(st.view(None)), st.record.to_json(), len(st.log)) == before
