"""A deck that breaks a deck-building rule is refused with a sentence in either language (the
中文 reader sees the fault in Chinese, with the rule it breaks), and the widgets show refusals
in the reader's language."""
from __future__ import annotations

import copy
import re

import pytest

import tabletop_rules as tr
from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.datafile import DataError
from tests.chinese import english_in

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def kit():
    games: dict = {}
    return lambda gid: games.setdefault(gid, tr.load_game(gid))


def _first_deck(game) -> dict:
    return copy.deepcopy(next(iter(game.decks.values())).model_dump())


def _vv_cases(d: dict, game) -> list[tuple[dict, str, str]]:
    other = next(c.id for c in game.cards.values() if c.type == "character" and c.account_info != "Aoi")
    return [({**d, "cards": {**d["cards"], other: 1}}, "VV-3.6", "deck.fits"),
            ({**d, "missions": d["missions"][:2]}, "VV-3.2", "deck.missions"),
            ({**d, "account": d["missions"][0]}, "VV-3.1", "deck.account"),
            ({**d, "cards": {**d["cards"], d["missions"][0]: 1}}, "VV-3.3", "deck.card_type"),
            ({**d, "cards": dict(list(d["cards"].items())[:3])}, "VV-3.4", "deck.size")]


def _md_cases(d: dict, game) -> list[tuple[dict, str, str]]:
    first = next(iter(d["dolls"]))
    return [({**d, "dolls": dict(list(d["dolls"].items())[:3])}, "MD-2.1", "deck.size"),
            ({**d, "dolls": {**d["dolls"], first: 4}}, "MD-2.1", "deck.copies"),
            ({**d, "spells": {**d["spells"], first: 1}}, "MD-2.4", "deck.part")]


def _bf_cases(d: dict, game) -> list[tuple[dict, str, str]]:
    return [({**d, "cards": dict(list(d["cards"].items())[:3])}, "BF-2.2", "deck.size"),
            ({**d, "flag": d["buddy"]}, "BF-2.1", "deck.flag"),
            ({**d, "cards": {**d["cards"], d["flag"]: 1}}, "BF-2.1", "deck.flag_in_deck")]


CASES = {"vividz": _vv_cases, "mirror-dolls": _md_cases, "buddyfight": _bf_cases}


@pytest.mark.parametrize("gid", sorted(CASES))
def test_a_refused_deck_names_its_rule_in_english_and_in_chinese(kit, gid):
    game = kit(gid)
    game.texts.strict = True            # an unknown word or field fails here, not silently
    try:
        for spec, clause, key in CASES[gid](_first_deck(game), game):
            with pytest.raises(DataError) as err:
                game.new_game(seed=0, options={"decks": [spec, spec]})
            exc = err.value
            assert exc.clause == clause and exc.says is not None and exc.says.key == key, (key, str(exc))
            assert f"(rule {clause})" in str(exc)                  # the English message is unchanged
            zh = exc.describe("zh")
            assert f"（规则 {clause}）" in zh and CJK.search(zh), zh
            assert exc.file in zh and f"字段“{exc.field}”" in zh and "卡组“" in zh, zh
            assert english_in(game, zh.replace(exc.file, "")) is None, zh
            assert exc.describe("en") == str(exc)
    finally:
        game.texts.strict = False


def test_every_deck_sentence_has_the_same_fields_in_both_languages(kit):
    field = re.compile(r"\{(\w+)")
    for gid in CASES:
        game = kit(gid)
        keys = [k for k in game.texts.templates if k.startswith("deck.")]
        assert len(keys) >= 4, gid
        for k in keys:
            pair = game.texts.templates[k]
            assert set(field.findall(pair["en"])) == set(field.findall(pair["zh"])), (gid, k)
            assert CJK.search(pair["zh"]), (gid, k)


def test_the_widgets_show_a_refusal_in_the_readers_language(kit):
    pytest.importorskip("ipywidgets")
    from tabletop_rules.notebook.base import error_text

    game = kit("vividz")
    d = _first_deck(game)
    with pytest.raises(DataError) as err:
        game.new_game(seed=0, options={"decks": [{**d, "missions": d["missions"][:2]}, d]})
    zh = error_text(err.value, "zh")
    assert "（规则 VV-3.2）" in zh and "张任务卡" in zh, zh
    assert "mission cards" in error_text(err.value, "en")
    state = game.new_game(seed=0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action("attack", state.current_player, {"lane": 0}))
    before = str(refused.value)
    zh = error_text(refused.value, "zh")
    assert CJK.search(zh) and f"（规则 {refused.value.clause}）" in zh, zh
    assert str(refused.value) == before and refused.value.describe("en") in error_text(refused.value, "en")


def test_a_deck_the_models_refuse_reads_in_chinese_too(kit):
    """A deck a reader types is checked by the data models before the deck rules: a missing field, an
    unknown one or a value of the wrong kind reads in Chinese as well (naming the field)."""
    game = kit("vividz")
    d = _first_deck(game)
    first = next(iter(d["cards"]))
    cases = [({k: v for k, v in d.items() if k != "account"}, "account", "缺少这个字段"),
             ({**d, "acount": d["account"]}, "acount", "未知字段"),
             ({**d, "cards": {**d["cards"], first: "four"}}, f"cards.{first}", "应为整数")]
    for spec, field, words in cases:
        with pytest.raises(DataError) as err:
            game.new_game(seed=0, options={"decks": [spec, d]})
        assert err.value.field == field, str(err.value)
        zh = err.value.describe("zh")
        assert words in zh and f"字段“{field}”" in zh, zh
        assert english_in(game, zh.replace(err.value.file, "")) is None, zh
    # a kind of problem with no Chinese sentence stays English, and says so in English only
    plain = DataError("deck.yaml", "something odd", entry="deck 'x'", field="cards")
    assert plain.describe("zh") == str(plain) == "deck.yaml, deck 'x', field 'cards': something odd"
