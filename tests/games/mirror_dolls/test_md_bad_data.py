"""Bad decks, broken card data and bad scenarios: a clear error naming the file, the entry and the field."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.datafile import DataError
from tabletop_rules.games.mirror_dolls import load

DATA = Path(__file__).resolve().parents[3] / "data" / "mirror-dolls"


def copy_with(tmp_path, name, edit):
    d = tmp_path / "mirror-dolls"
    shutil.copytree(DATA, d)
    doc = yaml.safe_load((d / name).read_text(encoding="utf-8"))
    edit(doc)
    (d / name).write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return d


def card(doc, cid):
    return next(c for c in doc["cards"] if c["id"] == cid)


@pytest.mark.parametrize("edit,field,words", [
    (lambda d: card(d, "shatter-bolt")["spell"]["do"][0].update(op="explode"), "spell.do.0.op", "unknown"),
    (lambda d: card(d, "shatter-bolt")["spell"]["do"][0].update(kind="fire"), "spell.do.0.kind", "must be one of"),
    (lambda d: card(d, "shatter-bolt")["spell"]["do"][0].update(power=3), "spell.do.0.power", "no parameter"),
    (lambda d: card(d, "shatter-bolt")["spell"]["do"][0].pop("n"), "spell.do.0.n", "needs parameter"),
    (lambda d: card(d, "chaos-tide")["spell"]["do"].append({"op": "aura", "attack": 1, "side": "real",
                                                             "whose": "own"}), "spell.do.1.op", "ongoing"),
    (lambda d: card(d, "sunlit-pane")["static"].append({"op": "damage", "n": 1, "kind": "normal"}), "static.1.op",
     "one-off"),
    (lambda d: card(d, "mutual-echo")["spell"]["do"].append({"op": "heal", "n": 1}), "spell.target", "target"),
    (lambda d: card(d, "velvet-oracle")["forms"]["real"]["cast"]["do"][0].update(op="nope"),
     "forms.real.cast.do.0.op", "unknown"),
])
def test_bad_effects_name_the_card_and_field(tmp_path, edit, field, words):
    d = copy_with(tmp_path, "cards.yaml", edit)
    with pytest.raises(DataError) as err:
        load(d)
    msg = str(err.value)
    assert "cards.yaml" in msg and field in msg and words in msg


@pytest.mark.parametrize("edit,words", [
    (lambda d: card(d, "tin-drummer").pop("demo"), "demo: true"),
    (lambda d: card(d, "tin-drummer").update(forms={}), "at least one form"),
    (lambda d: card(d, "tin-drummer")["forms"].update(ghost={"attack": 1, "hp": 1}), "unknown form"),
    (lambda d: card(d, "tin-drummer")["forms"]["real"].update(hp=0), "hp"),
    (lambda d: card(d, "tin-drummer").update(colour="red"), "unknown field"),
    (lambda d: card(d, "shatter-bolt").pop("spell"), "needs 'spell'"),
    (lambda d: d.update(fillers={"doll": "nobody", "spell": "mending-thread"}), "fillers"),
])
def test_bad_cards(tmp_path, edit, words):
    with pytest.raises(DataError) as err:
        load(copy_with(tmp_path, "cards.yaml", edit))
    assert words in str(err.value)


@pytest.mark.parametrize("edit,words", [
    (lambda d: d["decks"][0]["dolls"].update({"tin-drummer": 4}), "MD-2.1"),
    (lambda d: d["decks"][0]["spells"].update({"shatter-bolt": 3}), "MD-2.2"),
    (lambda d: d["decks"][0].update(mirrors=[]), "MD-2.3"),
    (lambda d: d["decks"][0]["mirrors"].append("shatter-bolt"), "MD-2.4"),
    (lambda d: d["decks"][0]["dolls"].update({"no-such-doll": 1}), "no-such-doll"),
    (lambda d: d["decks"][1].update(id=d["decks"][0]["id"]), "used twice"),
])
def test_bad_demo_decks(tmp_path, edit, words):
    with pytest.raises(DataError) as err:
        load(copy_with(tmp_path, "decks.yaml", edit))
    assert "decks.yaml" in str(err.value) and words in str(err.value)


def test_broken_yaml(tmp_path):
    d = tmp_path / "mirror-dolls"
    shutil.copytree(DATA, d)
    (d / "cards.yaml").write_text("cards: [\n  - id: x\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load(d)
    assert "broken YAML" in str(err.value)


def test_bad_scenarios(md):
    for spec, words in (({"players": [{"field": {"real_f9": "tin-drummer"}}]}, "unknown slot"),
                        ({"players": [{"field": {"real_f0": "shatter-bolt"}}]}, "unknown doll"),
                        ({"players": [{"dolls": ["shatter-bolt"]}]}, "unknown doll"),
                        ({"players": [{"colour": 1}]}, "'scenario.players.0.colour': unknown field"),   # a typo
                        ({"phse": "action.main"}, "'scenario.phse': unknown field"),
                        ({"phase": "nowhere"}, "phase"),
                        ({"mirror": "tin-drummer"}, "mirror"),
                        ({"players": [{"order": -1}]}, "'scenario.players.0.order'"),
                        ({"turn": "three"}, "'scenario.turn'")):
        with pytest.raises(DataError) as err:
            md.scenario(spec, source="test")
        assert words in str(err.value)


def test_odd_actions_are_refused_without_change(md):
    st = md.new_game(seed=1)
    before = st.view(None)
    for act in (Action("summon", 0, {"card": 10_000, "slot": "real_f0"}), Action("cast", 1, {"card": "x"}),
                Action("fly", 0, {}), Action("attack", 7, {}), Action("end_turn", st.current_player, {"x": [1]})):
        with pytest.raises(IllegalAction):
            st.apply(act)
    assert st.view(None) == before


def test_a_record_of_another_game_is_refused(md):
    st = md.new_game(seed=1)
    text = st.record.to_json().replace('"mirror-dolls"', '"buddyfight"')
    with pytest.raises(DataError) as err:
        md.replay(text)
    assert "not of 'mirror-dolls'" in str(err.value)
