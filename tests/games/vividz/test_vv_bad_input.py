"""Bad data and bad input: clear errors naming file, card and field; nothing of a game is lost."""
from __future__ import annotations

import shutil

import pytest
from vv_helpers import placed

from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.datafile import DataError
from tabletop_rules.games.vividz import load


def broken(vv, tmp_path, name, old, new):
    n = 0
    while (tmp_path / f"vividz{n}").exists():
        n += 1
    d = tmp_path / f"vividz{n}"
    shutil.copytree(vv.dir, d)
    text = (d / name).read_text(encoding="utf-8")
    assert old in text, old
    (d / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load(d)
    return str(err.value)


@pytest.mark.parametrize("old,new,card,field", [
    ("check: {count: attack_successes, ge: 1}", "check: {count: attack_sucesses, ge: 1}", "aoi-debut", "check"),
    ("check: {count: attack_successes, ge: 1}", "check: {count: attack_successes}", "aoi-debut", "check"),
    ("check: {count: attack_successes, ge: 1}", "check: {count: hand, where: {cost_ge: 1}, ge: 1}", "aoi-debut",
     "check"),
    ("check: {count: attack_successes, ge: 1}", "check: {sum: [hand], ge: 1}", "aoi-debut", "check"),
    ("where: {card: ren-iron-vanguard}", "where: {card: ren-iron-vangard}", "ren-clear-lane", "check.where.card"),
    ("do: [{op: accelerate, n: 1}]", "do: [{op: accelerat, n: 1}]", "aoi-stage-rookie", "abilities.0.do.0.op"),
    ("do: [{op: accelerate, n: 1}]", "do: [{op: accelerate, m: 1}]", "aoi-stage-rookie", "abilities.0.do.0.m"),
    ("do: [{op: accelerate, n: 1}]", "do: [{op: accelerate, n: -1}]", "aoi-stage-rookie", "abilities.0.do.0.n"),
    ("symbols: [search_symbol]", "symbols: [serch_symbol]", "aoi-spotlight", "symbols.0"),
    ("valid: [standing]", "valid: [standin]", "aoi-curtain-guard", "abilities.0.valid.0"),
    ("kind: auto, trigger: enter, do: [{op: accelerate", "kind: auto, do: [{op: accelerate", "aoi-stage-rookie",
     "abilities"),
])
def test_bad_card_data_names_file_card_and_field(vv, tmp_path, old, new, card, field):
    msg = broken(vv, tmp_path, "cards.yaml", old, new)
    assert "cards.yaml" in msg and f"card '{card}'" in msg and field in msg, msg


def test_broken_yaml_and_unknown_cards_in_decks(vv, tmp_path):
    msg = broken(vv, tmp_path, "cards.yaml", "cards:\n", "cards: [\n")
    assert "broken YAML" in msg
    msg = broken(vv, tmp_path, "decks.yaml", "aoi-spotlight: 4", "aoi-spotlite: 4")
    assert "decks.yaml" in msg and "aoi-spotlite" in msg and "deck 'aoi-demo'" in msg


def test_flow_and_rules_are_validated(vv, tmp_path):
    msg = broken(vv, tmp_path, "flow.yaml", "{from: attack.battle, to: attack.end}",
                 "{from: attack.battle, to: attack.ned}")
    assert "flow.yaml" in msg and "attack.ned" in msg
    msg = broken(vv, tmp_path, "rules.yaml", "terms: [account, mission, deck]", "terms: [acount]")
    assert "rules.yaml" in msg and "acount" in msg


def test_bad_scenarios(vv):
    with pytest.raises(DataError, match="unknown card"):
        vv.scenario({"players": [{"hand": ["no-such-card"]}, {}]})
    # A typo is refused with the field it names (the spec is a pydantic model, extra keys forbidden).
    with pytest.raises(DataError, match=r"players\.0\.hnad.*unknown field"):
        vv.scenario({"players": [{"hnad": []}, {}]})
    with pytest.raises(DataError, match=r"'scenario.phse'.*unknown field"):
        vv.scenario({"phse": "main.actions"})
    with pytest.raises(DataError, match="phase"):
        vv.scenario({"phase": "attack.battle"})
    with pytest.raises(DataError, match="turn"):
        vv.scenario({"turn": "three"})
    with pytest.raises(DataError, match="not a character"):
        vv.scenario({"players": [{"field": ["aoi-fan-service"]}, {}]})


def test_bad_options_and_records(vv):
    with pytest.raises(ValueError, match="unknown option"):
        vv.new_game(seed=0, options={"deck": []})
    with pytest.raises(ValueError, match="2 decks"):
        vv.new_game(seed=0, options={"decks": ["aoi-demo"]})
    with pytest.raises(ValueError, match="unknown deck"):
        vv.new_game(seed=0, options={"decks": ["nope", "ren-demo"]})
    with pytest.raises(DataError, match="not a JSON"):
        vv.replay("{broken")
    rec = vv.new_game(seed=0).record.to_dict()
    rec["game"] = "buddyfight"
    with pytest.raises(DataError, match="not of 'vividz'"):
        vv.replay(rec)


def test_odd_actions_are_refused_with_a_sentence(vv):
    st = placed(vv, 0)
    before = st.view(None)
    for bad in (Action("fly", 0, {}), Action("setup_energy", 7, {}), Action("setup_energy", 0, {"card": [1] * 3}),
                Action("setup_energy", 1 - st.first_player, {"card": "x"})):
        with pytest.raises(IllegalAction):
            st.apply(bad)
    with pytest.raises(IllegalAction):
        st.apply("not an action")  # type: ignore[arg-type]
    assert st.view(None) == before
