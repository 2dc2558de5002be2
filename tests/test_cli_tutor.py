"""``play --hint`` and ``quiz`` in the terminal (issue 38), called in-process with answers on stdin."""
from __future__ import annotations

import io
import json
import sys

from tabletop_rules import load_game
from tabletop_rules.cli import main
from tabletop_rules.core.quiz import build_quiz
from tabletop_rules.core.tutor import ui


def _run(capsys, monkeypatch, keys, *argv):
    monkeypatch.setattr(sys, "stdin", io.StringIO(keys))
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_play_with_hint_prints_the_suggestion_before_each_move_and_how_it_went(capsys, monkeypatch):
    code, out, err = _run(capsys, monkeypatch, "1\nq\n", "play", "blood-recall-duel", "--hint", "--seed", "2")
    assert code == 0, err
    assert out.count(ui("hint_title", "en")) == 2            # before the first move and the second
    assert ui("hint_suggest", "en", move="") in out
    assert "How did that go?" in out


def test_play_with_hint_in_chinese(capsys, monkeypatch):
    code, out, _ = _run(capsys, monkeypatch, "q\n", "play", "vividz", "--hint", "--lang", "zh")
    assert code == 0 and ui("hint_title", "zh") in out and "建议的行动：" in out


def test_quiz_scores_the_answers_read_from_stdin_and_saves_only_when_asked(capsys, monkeypatch, tmp_path):
    quiz = build_quiz(load_game("mirror-dolls"))
    q0, q1 = quiz.questions[:2]
    wrong = next(i for i, a in enumerate(q1.answers) if not a.right)
    keys = f"{q0.right + 1}\n{wrong + 1}\nq\n"
    score = tmp_path / "score.json"
    code, out, err = _run(capsys, monkeypatch, keys, "quiz", "mirror-dolls", "--save-score", str(score))
    assert code == 0, err
    assert ui("quiz_right", "en") in out and ui("quiz_wrong", "en", n=q1.right + 1) in out
    assert ui("quiz_score", "en", right=1, asked=2, total=len(quiz.questions)) in out
    assert json.loads(score.read_text())["right"] == 1
    code, out, _ = _run(capsys, monkeypatch, "q\n", "quiz", "mirror-dolls")
    assert code == 0 and list(tmp_path.iterdir()) == [score]


def test_quiz_in_chinese_replays_the_engine_with_clauses(capsys, monkeypatch):
    quiz = build_quiz(load_game("xianjian"))
    q = quiz.questions[0]
    code, out, _ = _run(capsys, monkeypatch, "1\nq\n", "quiz", "xianjian", "--lang", "zh")
    assert code == 0
    assert q.question("zh") in out and "第 1 步：" in out and f"[{q.steps[0].action.clause}" in out


def test_quiz_takes_the_readers_own_rulings(capsys, monkeypatch, tmp_path):
    import yaml

    src = yaml.safe_load(open(load_game("vividz").dir / "rulings.yaml", encoding="utf-8"))
    mine = dict(src["rulings"][0], id="my-own")
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump({"rulings": [mine]}, allow_unicode=True), encoding="utf-8")
    code, out, _ = _run(capsys, monkeypatch, "q\n", "quiz", "vividz", "--file", str(path))
    assert code == 0
    n = len(build_quiz(load_game("vividz")).questions)
    assert ui("quiz_question", "en", n=1, total=n + 1) in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("rulings: [{id: x}]\n", encoding="utf-8")
    code, _, err = _run(capsys, monkeypatch, "q\n", "quiz", "vividz", "--file", str(bad))
    assert code == 1 and "bad.yaml" in err
