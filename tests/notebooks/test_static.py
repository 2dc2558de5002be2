"""Plain (no-kernel) output of the widgets (notebook/static.py) and grouped event lines (explain.py).

Checked: the static glossary lists the terms asked for, in the reader's language first, with the
clauses that use them; the rulings list shows each ruling's question and answer in the language
and its clauses; the walkthrough's list numbers the actions as the walkthrough does and ends with
the game's result; the editor lists the scenario fields from the game's own model; repeated event
lines are grouped (consecutive, same kind, clause and player) with the count in words.
"""
from __future__ import annotations

import html
import random
import re

import pytest

import tabletop_rules as tr
from tabletop_rules.core.actions import Event
from tabletop_rules.notebook import explain, static

GAMES = tr.list_games()


def plain(s: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", s))


def played(game, n=30, seed=3):
    state = game.new_game(seed=seed)
    r = random.Random(seed)
    for _ in range(n):
        if state.is_over:
            break
        state.apply(r.choice(state.legal_actions()))
    return state


def test_glossary_key_words_up_front(bf):
    out = static.glossary_html(bf, "zh", ids=["gauge", "size", "critical", "soul"]).data
    rows = re.findall(r"<tr><td>(.*?)</td>", out)
    assert rows == ["计量区", "体型", "打击力", "灵魂"]          # in the order asked, Chinese column first
    assert "关键术语" in out and "BF-3.5" in out                # the clauses that use "gauge"


def test_glossary_full_table_and_unknown_id(bf):
    out = static.glossary_html(bf, "en").data
    assert out.count("<tr><td>") == len(bf.glossary) and f"Glossary ({len(bf.glossary)} terms)" in out
    with pytest.raises(ValueError, match="gaugee"):
        static.glossary_html(bf, "en", ids=["gaugee"])


def test_glossary_without_japanese_has_no_japanese_column():
    game = tr.load_game("mirror-dolls")
    if any(x.ja for x in game.glossary):
        pytest.skip("this glossary has Japanese")
    assert "日本語" not in static.glossary_html(game, "en").data


@pytest.mark.parametrize("gid", GAMES)
def test_rulings_show_question_answer_and_clauses(gid):
    game = tr.load_game(gid)
    for lang in ("en", "zh"):
        out = static.rulings_html(game, lang).data
        assert out.count("<li>") == len(game.rulings)
        r = game.rulings[0]
        q = r.question.zh if lang == "zh" and r.question.zh else r.question.en
        assert html.escape(q) in out and r.clauses[0] in out


def test_rulings_subset_and_unknown(bf):
    rid = bf.rulings[1].id
    out = static.rulings_html(bf, "en", ids=[rid]).data
    assert out.count("<li>") == 1 and html.escape(bf.rulings[1].answer.en) in out
    with pytest.raises(ValueError):
        static.rulings_html(bf, "en", ids=["no-such-ruling"])


@pytest.mark.parametrize("gid", GAMES)
def test_walkthrough_lists_every_action_numbered_with_its_clause(gid):
    game = tr.load_game(gid)
    state = played(game)
    n = len(state.record.actions)
    out = static.walkthrough_html(game, state, "zh").data
    assert re.findall(r"<li value='(\d+)'>", out) == [str(i) for i in range(1, n + 1)]
    again = static.walkthrough_html(game, state.record.to_json(), "en", highlights=[1, n]).data
    assert re.findall(r"<li value='(\d+)'>", again) == ["1", str(n)]
    from tabletop_rules.core.actions import Action

    first = Action.from_dict(state.record.actions[0])
    act = next(a for a in game.new_game(seed=3).legal_actions() if a == first)
    if act.clause:                                   # the first step cites the clause that allows it
        assert f"[{act.clause} " in again


def test_walkthrough_shows_the_ending():
    game = tr.load_game("buddyfight")
    state = played(game, n=3000, seed=5)
    assert state.is_over
    out = static.walkthrough_html(game, state, "en", highlights=[len(state.record.actions)]).data
    assert "Game over" in out and html.escape(state.describe_result("en")) in out


def test_walkthrough_refuses_another_games_record(bf):
    other = tr.load_game("vividz").new_game(seed=1)
    with pytest.raises(ValueError, match="vividz"):
        static.walkthrough_html(bf, other, "en")


@pytest.mark.parametrize("gid", GAMES)
def test_editor_lists_the_scenario_fields(gid):
    from tabletop_rules.notebook.editor_controls import spec_model

    game = tr.load_game(gid)
    for lang in ("en", "zh"):
        out = static.editor_html(game, lang).data
        for name in spec_model(game).model_fields:
            assert f"<code>{name}</code>" in out
    assert "局面编辑器" in static.editor_html(game, "zh").data


def test_events_are_grouped_consecutive_same_kind_clause_player(bf):
    state = bf.new_game(seed=1)
    draws = [e for e in state.log if e.kind == "draw"]
    assert len(draws) >= 6
    groups = explain.group_events(bf, state.log, seat=None, lang="en")
    # the referee reads each draw: one group per seat's opening hand (BF-3.4), not six lines each
    sizes = [n for texts, clause, n in groups if clause == draws[0].clause]
    assert sizes and max(sizes) >= 6


def test_group_text_says_the_count_in_words(bf):
    from tabletop_rules.core.texts import Say  # noqa: F401  (events below are literal sentences)

    evs = [Event("draw", "Seat 0 draws a card.", "BF-4.2", {"seat": 0}) for _ in range(5)]
    evs.append(Event("draw", "Seat 1 draws a card.", "BF-4.2", {"seat": 1}))
    groups = explain.group_events(bf, evs)
    assert [(g[0], g[2]) for g in groups] == [(["Seat 0 draws a card."], 5), (["Seat 1 draws a card."], 1)]
    out = explain.events_html(bf, evs, lang="en").data
    assert "Seat 0 draws a card. (5 times)" in plain(out) and out.count("<details>") == 2
    assert "（共 5 次）" in explain.events_html(bf, evs, lang="zh").data


def test_editor_reads_fields_as_the_editor_does():
    game = tr.load_game("xianjian")
    out = plain(static.editor_html(game, "en").data)
    # one entry per seat, at most as many as the game's largest player count (XJ-1.1: up to four)
    # each key is followed by the field's word as the editor labels it
    assert re.search(r"seats\s+Players\s+one entry per seat, each with the fields below\s+at most 4 items", out)
    assert re.search(r"turn_player\s+Turn player\s+a seat, 0 to 3", out)
    assert "seats.N.hand" in out and "cards: a number, or a list of card ids" in out
    zh = plain(static.editor_html(game, "zh").data)
    assert "至多 4 项" in zh and "局面编辑器" in zh
