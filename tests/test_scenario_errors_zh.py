"""A position the scenario builders refuse (the position editor, a ruling's scenario, a test's
position) is refused in either language: the 中文 reader of the position editor sees what is wrong
in Chinese, with the field it is in, and ``str()`` stays the English message."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tabletop_rules as tr
from tabletop_rules.core.datafile import DataError
from tests.chinese import english_in

CJK = re.compile(r"[\u4e00-\u9fff]")
PKG = Path(tr.__file__).parent

# (scenario, the field the refusal names, a piece of the English message); one row per check the
# builders make, so a new English-only check shows here as well as in the source scan below.
CASES: dict[str, list[tuple[object, str, str]]] = {
    "buddyfight": [
        ([1], "scenario", "a scenario is a mapping"),
        ({"players": [{"flag": "nope"}]}, "scenario.players.0.flag", "unknown card 'nope'"),
        ({"players": [{"hand": ["nope"]}]}, "scenario.players.0.hand", "unknown card 'nope'"),
        ({"players": [{"field": {"center": {"card": "nope"}}}]}, "scenario.players.0.field.center", "unknown card"),
        ({"turn": "two"}, "scenario.turn", "valid integer"),
        ({"colour": 1}, "scenario.colour", "unknown field"),
        ({"options": {"colour": 1}}, "colour", "unknown option 'colour'"),
        ({"options": {"decks": ["nope", "nope"]}}, "decks.0", "unknown deck 'nope'"),
    ],
    "blood-recall-duel": [
        ({"players": [{"vessel": "slash-1"}]}, "scenario.players.0.vessel", "is not a vessel"),
        ({"players": [{"recaller": "slash-1"}]}, "scenario.players.0.recaller", "is not a Blood Recaller"),
        ({"players": [{"life": 30}]}, "scenario.players.0.life", "life is between 0 and 20"),
        ({"piles": {9: ["slash-1"]}}, "scenario.piles", "piles are numbered 0 to"),
        ({"supply": {"slash-1x": 1}}, "scenario.supply", "is not an art or hindrance card"),
        ({"phase": "lunch"}, "scenario.phase", "phase must be one of"),
        ({"deal": [["a"]], "phase": "setup"}, "scenario.deal", "three vessel ids"),
        ({"players": [{"lif": 3}]}, "scenario.players.0.lif", "unknown scenario keys ['lif']"),
        ({"round": "x"}, "scenario.round", "valid integer"),
        ({"players": [{"hand": 2.5}]}, "scenario.players.0.hand", ""),
    ],
    "blood-recall-story": [
        ({"difficulty": "zzz"}, "scenario.difficulty", "unknown difficulty 'zzz'"),
        ({"madness": "slash-1"}, "scenario.madness", "is not a Mythic Madness"),
        ({"chapter": 5}, "scenario.chapter", "chapter is 0 (prologue)"),
        ({"m_deck": ["zzz"]}, "scenario.m_deck", "unknown disaster kind 'zzz' (known:"),
        ({"disaster_supply": {"zzz": 1}}, "scenario.disaster_supply", "unknown disaster kind 'zzz'"),
        ({"deal": [["a"]], "phase": "setup"}, "scenario.deal", "only duel mode deals vessels"),
    ],
    "vividz": [
        ({"options": {"decks": ["aoi-demo"]}}, "decks", "expected a list of 2 decks"),
        ({"players": [{}, {}, {}]}, "scenario.players", "at most two seats"),
        ({"players": [{"field": [None, None, None, None]}]}, "scenario.players.0.field", "up to 3 lanes"),
        ({"players": [{"field": ["aoi-demo-account"]}]}, "scenario.players.0.field.0.card", ""),
        ({"players": [{"hand": ["nope"]}]}, "scenario.players.0.hand", "unknown card 'nope'"),
        ({"turn_player": 3}, "scenario.turn_player", "Input should be 0 or 1"),
    ],
    "mirror-dolls": [
        ({"players": [{}, {}, {}]}, "scenario.players", "at most two players"),
        ({"mirror": "nope"}, "scenario.mirror", "unknown mirror card 'nope'"),
        ({"players": [{"field": {"nowhere": "x"}}]}, "scenario.players.0.field", "unknown slot 'nowhere'"),
        ({"players": [{"field": {"real_f0": "nope"}}]}, "scenario.players.0.field.real_f0", "unknown doll"),
        ({"players": [{"field": {"real_f0": {"card": "glass-archer", "form": "critical"}}}]},
         "scenario.players.0.field.real_f0.form", "has no critical form"),
        ({"players": [{"spell_slot": "glass-archer"}]}, "scenario.players.0.spell_slot", "not an ongoing spell"),
        ({"players": [{"dolls": ["nope"]}]}, "scenario.players.0.dolls", "unknown doll 'nope'"),
        ({"players": [{"dolls": "three"}]}, "scenario.players.0.dolls", ""),
        ({"players": [{"spells": ["glass-archer"]}]}, "scenario.players.0.spells", "unknown spell 'glass-archer'"),
    ],
    "xianjian": [
        ({"players": 7}, "scenario.players", "played by (2, 3, 4) players, not 7"),
        ({"new_game": {"players": 9}}, "scenario.new_game.players", "not 9"),
        ({"seats": [{}] * 5, "players": 2}, "scenario.seats", "at most 2 mappings"),
        ({"players": 2, "turn_player": 5}, "scenario.turn_player", "a seat still in the game"),
        ({"phase": "lunch"}, "scenario.phase", "phase must be one of"),
        ({"seats": [{"character": "nope"}]}, "scenario.seats.0.character", "unknown character 'nope'"),
        ({"seats": [{"hp": 99}]}, "scenario.seats.0.hp", "between 0 and the maximum"),
        ({"seats": [{"weapon": "heaven-thunder"}]}, "scenario.seats.0.weapon", "is not a weapon"),
        ({"seats": [{"hp": 0}]}, "scenario.seats.0.hp", "at least 1 HP"),
        ({"seats": [{"pets": "many"}]}, "scenario.seats.0.pets", ""),
        ({"seats": [{"pets": ["courage", "snake-demon"]}]}, "scenario.seats.0.pets", "two water pets (rule XJ-3.12)"),
        ({"options": {"colour": 1}}, "scenario.options", "unknown option 'colour'"),
        ({"monsters": ["heaven-thunder"]}, "scenario.monsters", "unknown monster card 'heaven-thunder'"),
    ],
}


@pytest.fixture(scope="module")
def kit():
    games: dict = {}
    return lambda gid: games.setdefault(gid, tr.load_game(gid))


@pytest.mark.parametrize("gid", sorted(CASES))
def test_a_refused_position_reads_in_english_and_in_chinese(kit, gid):
    game = kit(gid)
    for spec, field, en in CASES[gid]:
        with pytest.raises(DataError) as err:
            game.scenario(spec)
        e = err.value
        assert e.field == field, (spec, str(e))
        assert en in str(e) and e.describe("en") == str(e), (spec, str(e))
        zh = e.describe("zh")
        assert zh != str(e) and CJK.search(zh), (spec, zh)
        assert f"字段“{field}”" in zh, (spec, zh)
        assert "'" not in en or en.split("'")[1] in zh, (spec, zh)      # the id the reader typed
        assert english_in(game, zh) is None, (spec, zh, english_in(game, zh))
        if e.clause:                      # a rule's fault cites it once, in the reader's language
            assert str(e).count(e.clause) == 1 and zh.endswith(f"（规则 {e.clause}）"), (str(e), zh)


@pytest.mark.parametrize("gid", ["vividz", "xianjian"])
def test_the_position_editor_shows_a_refusal_in_its_readers_language(kit, gid):
    from tabletop_rules.notebook.editor import PositionEditor

    game = kit(gid)
    spec, field, _ = CASES[gid][2 if gid == "vividz" else 6]
    zh = PositionEditor(game, lang="zh")
    assert zh.set_spec(spec) is None and isinstance(zh.refusal, DataError)
    assert zh.refusal.describe("zh") in zh.board.value.replace("&quot;", '"').replace("&#x27;", "'")
    assert f"局面编辑器，字段“{field}”" in zh.board.value
    assert english_in(game, re.sub(r"<[^>]+>", " ", zh.board.value.split("DataError:")[1])) is None
    en = PositionEditor(game, lang="en")
    en.set_spec(spec)
    assert str(en.refusal) in en.board.value.replace("&quot;", '"').replace("&#x27;", "'")
    zh.set_lang("en")                     # the switch rewrites the refusal in the other language
    assert str(zh.refusal) in zh.board.value.replace("&quot;", '"').replace("&#x27;", "'")


def _english_only_raises(path: Path) -> list[str]:
    """``raise DataError(...)`` calls with no Chinese form (neither ``DataError.bilingual`` nor a
    ``says=``) in one module."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            fn = node.exc.func
            if isinstance(fn, ast.Name) and fn.id == "DataError" and \
                    not any(k.arg == "says" for k in node.exc.keywords):
                out.append(f"{path.relative_to(PKG)}:{node.lineno}")
    return out


def test_every_check_of_a_position_or_of_options_has_a_chinese_form():
    """What a reader types into the position editor or a game's options is checked by the scenario
    builders, core/scenario.py and Game.resolve_options: none of their refusals is English only."""
    files = sorted(PKG.glob("games/*/scenario.py")) + [PKG / "core/scenario.py"]
    bare = [where for f in files for where in _english_only_raises(f)]
    assert bare == []
    src = (PKG / "core/game.py").read_text(encoding="utf-8")
    body = src[src.index("def resolve_options"):src.index("def new_game")]
    assert "raise ValueError" not in body and "raise DataError(" not in body
