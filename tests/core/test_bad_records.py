"""Issue 16: every record replays, whatever its options; a corrupt record or flow file is one
DataError that names what is wrong (never a Python error)."""
from __future__ import annotations

import json
import random
import shutil

import pytest

import tabletop_rules as tr
from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.flow import load_flow
from tabletop_rules.core.records import MAX_ACTIONS, Record

GAMES = tr.list_games()


def play(game, st, n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        if st.is_over:
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


def inline(deck):
    """A demo deck written out inline, its cards in reverse order (so key sorting would show)."""
    d = deck.model_dump(mode="json", exclude_none=True) if hasattr(deck, "model_dump") else dict(deck)
    for k, v in list(d.items()):
        if isinstance(v, dict):
            d[k] = dict(reversed(list(v.items())))
        elif isinstance(v, list):
            d[k] = list(reversed(v))
    return d


def option_sets(game):
    """Each option's every choice, and decks given inline (every game's options)."""
    yield {}
    for k, o in game.options.items():
        for c in o.choices or ():
            yield {k: c}
        d = o.default
        if isinstance(d, list) and d and all(isinstance(x, str) and x in game.decks for x in d):
            yield {k: [inline(game.decks[x]) for x in d]}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_record_replays_whatever_its_options(game_id):
    game = tr.load_game(game_id)
    tried = 0
    for opts in option_sets(game):
        try:
            st = game.new_game(seed=5, options=opts)
        except (ValueError, DataError) as exc:   # an inline deck the game itself refuses is fine
            assert isinstance(exc, ValueError)
            continue
        play(game, st, 60)
        text = st.record.to_json()
        again = game.replay(text)
        assert again.record.to_json() == text
        assert json.dumps(again.view(None), sort_keys=True, default=str) == \
            json.dumps(st.view(None), sort_keys=True, default=str)
        tried += 1
    assert tried >= 1


def record_of(game_id, **changes):
    game = tr.load_game(game_id)
    st = play(game, game.new_game(seed=2), 10)
    d = json.loads(st.record.to_json())
    d.update(changes)
    return game, d


BAD_DECKS = [5, ["dragon-demo"], {}, "dragon-demo", [5, 6], [{}, {}], ["nope", "nope"], None, [[], []]]


@pytest.mark.parametrize("game_id", [g for g in GAMES if "decks" in tr.load_game(g).options])
@pytest.mark.parametrize("decks", BAD_DECKS, ids=repr)
def test_bad_decks_option_is_one_data_error(game_id, decks):
    game, d = record_of(game_id)
    d["options"] = {**d["options"], "decks": decks}
    with pytest.raises(DataError) as err:
        game.replay(json.dumps(d))
    assert "options" in str(err.value) and "decks" in str(err.value)


@pytest.mark.parametrize("game_id", GAMES)
def test_corrupt_records_are_one_data_error(game_id):
    game, d = record_of(game_id)
    good = json.dumps(d)
    deep = "[" * 2000 + "]" * 2000
    bads = [deep, '{"a":' * 2000 + "1" + "}" * 2000, "", "null", "[]", "{}", good[:-5], good.replace('"', "'"),
            json.dumps({**d, "format": 3}), json.dumps({**d, "seed": 1.5}), json.dumps({**d, "seed": True}),
            json.dumps({**d, "players": 99}), json.dumps({**d, "players": "2"}), json.dumps({**d, "options": []}),
            json.dumps({**d, "options": {"no-such-option": 1}}), json.dumps({**d, "actions": {}}),
            json.dumps({**d, "actions": [5]}), json.dumps({**d, "actions": [{"kind": "x", "player": 1.0}]}),
            json.dumps({**d, "actions": [{"kind": "x", "player": True}]}),
            json.dumps({**d, "actions": [{"kind": "x", "player": 0, "args": {"card": "@"}}]}).replace(
                '"@"', "[" * 900 + "]" * 900),
            json.dumps({**d, "actions": [{"kind": "x", "player": 0, "args": []}]}),
            json.dumps({**d, "actions": d["actions"] + [{"kind": "no-such", "player": 0}]}),
            json.dumps({**d, "game": "other"}), good.encode("utf-32"), b"\xff\x00\xfe" * 20,
            json.dumps({**d, "actions": [{"kind": "x", "player": 0}] * (MAX_ACTIONS + 1)})]
    for bad in bads:
        with pytest.raises(DataError):
            game.replay(bad, source="upload.json")


def test_records_with_a_byte_order_mark_or_in_utf16_load():
    game, d = record_of("buddyfight")
    text = json.dumps(d)
    for data in ("\ufeff" + text, ("\ufeff" + text).encode("utf-8"), text.encode("utf-16"),
                 text.encode("utf-16-be").join([b"\xfe\xff", b""])):
        assert game.replay(data).record.actions == d["actions"]


def test_a_record_beyond_the_documented_size_is_refused_with_a_sentence():
    game, d = record_of("buddyfight")
    d["actions"] = d["actions"] * (MAX_ACTIONS // len(d["actions"]) + 1)
    with pytest.raises(DataError, match="more than a record may hold"):
        Record.from_dict(d)


@pytest.mark.parametrize("change, field", [
    ({"start": ["x"]}, "start"), ({"start": {"a": 1}}, "start"), ({"start": None, "nodes": [], "edges": []}, "nodes"),
    ({"start": "nowhere"}, "start"), ({"nodes": "x"}, "nodes"), ({"edges": None}, "edges"),
])
def test_broken_flow_file_is_a_data_error_naming_file_and_field(tmp_path, change, field):
    import yaml

    game = tr.load_game("buddyfight")
    d = tmp_path / "bf"
    shutil.copytree(game.dir, d)
    flow = yaml.safe_load((d / "flow.yaml").read_text(encoding="utf-8"))
    flow.update(change)
    if change.get("start", 1) is None:
        del flow["start"]
    (d / "flow.yaml").write_text(yaml.safe_dump(flow, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_flow(d / "flow.yaml", game.rules)
    assert "flow.yaml" in str(err.value) and field in str(err.value)
    from tabletop_rules.games import buddyfight

    with pytest.raises(DataError):
        buddyfight.load(d)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_flow_edge_removed_from_the_file_is_found_at_load(tmp_path, game_id):
    """Each edge in turn is removed: wherever that leaves a node unreachable or a dead end, loading
    the flow names the file, the node and the field (an edge another path covers is left to the
    random-play conformance tests)."""
    import yaml

    game = tr.load_game(game_id)
    flow = yaml.safe_load((game.dir / "flow.yaml").read_text(encoding="utf-8"))
    found = 0
    for i in range(len(flow["edges"])):
        cut = dict(flow, edges=flow["edges"][:i] + flow["edges"][i + 1:])
        path = tmp_path / "flow.yaml"
        path.write_text(yaml.safe_dump(cut, allow_unicode=True), encoding="utf-8")
        try:
            load_flow(path, game.rules)
        except DataError as exc:
            assert "flow.yaml" in str(exc) and "node '" in str(exc) and "edges" in str(exc)
            found += 1
    assert found >= 1


def test_a_corrupt_record_is_refused_in_chinese_too():
    """The play table and ``play --lang zh`` show a refused record in the reader's language: the
    record's own checks, and an action it holds that the rules refuse (with the rule)."""
    import re

    game, d = record_of("buddyfight")
    good = json.dumps(d)
    cases = [("nope", "不是 JSON 格式的对局记录"), ("[]", "对局记录必须是一个 JSON 对象"),
             (json.dumps({**d, "format": 3}), "不是本工具包的对局记录"), (json.dumps({**d, "seed": 1.5}), "应为整数"),
             (json.dumps({**d, "actions": [5]}), "每个行动都要有"), (b"\xff\x00\xfe" * 20, "不是 UTF-8"),
             (json.dumps({**d, "actions": [{"kind": "x", "player": 0}] * (MAX_ACTIONS + 1)}), "超过了对局记录的上限"),
             (good[:-2] + ', {"kind": "no-such", "player": 0}]}', "行动无法重放")]
    for bad, words in cases:
        with pytest.raises(DataError) as err:
            game.replay(bad, source="upload.json")
        zh = err.value.describe("zh")
        assert words in zh and zh.startswith("upload.json") and re.search(r"[\u4e00-\u9fff]", zh), (words, zh)
        assert err.value.describe("en") == str(err.value) and words not in str(err.value)
    # an action the rules refuse keeps the refusal's own Chinese sentence and its rule
    st = play(game, game.new_game(seed=0), 3)
    rec = st.record.to_dict()
    rec["actions"].append({"kind": "attack", "player": 0, "args": {"attackers": ["nobody"]}})
    with pytest.raises(DataError) as err:
        game.replay(json.dumps(rec), source="upload.json")
    assert "行动 #4" in err.value.describe("zh") and "（规则 " in err.value.describe("zh"), err.value.describe("zh")
