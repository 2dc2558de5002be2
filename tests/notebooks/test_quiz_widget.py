"""The quiz widget and its static version (issue 38), driven in plain Python."""
from __future__ import annotations

import base64
import datetime
import json
import re
from html import unescape

import pytest
from test_zh_no_english import english

from tabletop_rules import list_games, load_game
from tabletop_rules.core.tutor import ui
from tabletop_rules.notebook.quiz import QuizWidget, quiz_block
from tabletop_rules.notebook.table import PlayTable


def test_a_right_choice_scores_and_the_replay_steps_through_the_engines_resolution():
    w = QuizWidget(load_game("blood-recall-duel"))
    q = w.question
    assert q.question("en") in unescape(w.text.value) and w.board.value
    w.answers.children[q.right].children[0].click()
    assert ui("quiz_right", "en") in w.feedback.value
    first = q.step_lines("en")[0][0]
    assert first in unescape(w.feedback.value)
    for _ in q.steps:
        w.step_btn.click()
    assert w.step == len(q.steps) and "The ruling:" in w.feedback.value
    assert ui("quiz_score", "en", right=1, asked=1, total=len(w.quiz.questions)) in w.score.value


def test_a_wrong_choice_names_the_right_answer_and_save_score_is_a_download():
    w = QuizWidget("mirror-dolls", lang="zh")
    w.next_btn.click()
    q = w.question
    wrong = next(i for i, a in enumerate(q.answers) if not a.right)
    w.answers.children[wrong].children[0].click()
    assert ui("quiz_wrong", "zh", n=q.right + 1) in w.feedback.value
    assert w.download.value == ""
    w.save_btn.click()
    data = re.search(r"base64,([^']+)'", w.download.value).group(1)
    assert json.loads(base64.b64decode(data))["answered"] == 1


def test_the_app_picks_any_game_and_switches_language():
    w = QuizWidget(None)
    w.pick_game.value = "xianjian"
    assert w.game.id == "xianjian" and w.question.question("en") in unescape(w.text.value)
    w.set_lang("zh")
    assert w.question.ruling.question.zh in w.text.value and w.next_btn.description == "下一题"


def test_the_static_quiz_lists_every_question_with_its_answer():
    html = quiz_block("vividz", "zh")
    assert html.count("class='ttr-quiz-static'") >= 15 and "答案：" in html and "第 1 步" in html


@pytest.mark.parametrize("game_id", list_games())
def test_the_quiz_and_the_hint_in_chinese_have_no_english_sentence(game_id):
    game = load_game(game_id)
    w = QuizWidget(game, lang="zh")
    found = []
    for i in range(0, len(w.quiz.questions), 4):
        w.go(i)
        w.choose(0)
        for _ in w.question.steps:
            w.show_step(w.step + 1)
        found += english(game, w.widget)
    seats = ["human"] + ["random"] * (game.player_counts[0] - 1)
    table = PlayTable(game, seed=3, seats=seats, lang="zh", app=True)
    table.tutor.button.click()
    found += english(game, table.tutor.widget)
    assert not found, f"{game_id}: English in the Chinese quiz or hint: {sorted(set(found))[:6]}"


def test_the_apps_game_list_reads_titles_not_ids():
    w = QuizWidget(None, lang="zh")
    labels = [label for label, _ in w.pick_game.options]
    assert "blood-recall-duel" not in labels and load_game("xianjian").title["zh"] in labels
    w.choose(w.question.right)
    w.pick_game.value = "vividz"
    w.set_lang("en")
    assert w.game.id == "vividz" and load_game("vividz").title["en"] in [label for label, _ in w.pick_game.options]
    w.pick_game.value = "blood-recall-duel"            # back to the first game: its score is kept
    assert w.quiz.score == (1, 1)


def _file(name: str, data: bytes) -> dict:
    return {"name": name, "type": "", "size": len(data), "content": memoryview(data),
            "last_modified": datetime.datetime(2026, 1, 1)}


def test_the_readers_own_rulings_join_the_quiz_and_a_broken_file_is_one_sentence():
    import yaml

    game = load_game("vividz")
    src = yaml.safe_load(open(game.dir / "rulings.yaml", encoding="utf-8"))
    mine = yaml.safe_dump({"rulings": [dict(src["rulings"][0], id="my-own")]}, allow_unicode=True).encode()
    w = QuizWidget(game)
    n = len(w.quiz.questions)
    w.upload.value = (_file("mine.yaml", mine),)
    assert len(w.quiz.questions) == n + 1 and w.quiz.questions[-1].id == "my-own"
    w.upload.value = (_file("bad.yaml", b"rulings: [{id: x}]"),)
    assert "bad.yaml" in w.error.value and "Traceback" not in w.error.value
    assert len(w.quiz.questions) == n + 1
