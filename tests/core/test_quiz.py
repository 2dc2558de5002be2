"""The quiz from the rulings (issue 38): every game has at least 15 questions; the right answer is
what the engine does (the rulings' own runner ends in the same position); every wrong answer is a
different outcome of another legal line (or a misreading the ruling names); both languages work."""
from __future__ import annotations

import json

import pytest

from tabletop_rules import list_games, load_game
from tabletop_rules.core.quiz import build_quiz
from tabletop_rules.core.tutor import ui


def _view(state) -> str:
    return json.dumps(state.view(None), sort_keys=True)


@pytest.fixture(scope="module", params=list_games())
def quiz(request):
    return build_quiz(load_game(request.param))


def test_every_game_has_at_least_15_questions_of_three_or_four_answers(quiz):
    assert len(quiz.questions) >= 15
    for q in quiz.questions:
        assert 3 <= len(q.answers) <= 4
        assert sum(a.right for a in q.answers) == 1


def test_the_right_answer_is_what_the_engine_does(quiz):
    for q in quiz.questions:
        result = q.ruling.check()
        assert result.ok, result.detail
        right = q.answers[q.right]
        assert right.origin == "engine" and _view(right.end) == _view(result.state), q.id
        said = {q.game.describe(e, "en") for e in result.events if e.says is not None and e.kind != "phase"}
        shown = [s for s in said if s in right.text("en")]
        assert shown or not said or "Refused" in right.text("en"), q.id


def test_every_wrong_answer_is_a_different_outcome_of_another_legal_line(quiz):
    for q in quiz.questions:
        right = q.answers[q.right]
        for a in q.answers:
            if a is right:
                continue
            assert a.text("en") != right.text("en") and a.text("zh") != right.text("zh"), q.id
            if a.origin == "line":
                assert a.move.key != right.move.key
                assert a.move.player == right.move.player, "another move of the same seat"
                assert _view(a.end) != _view(right.end), q.id
        texts = [a.text("en") for a in q.answers]
        assert len(set(texts)) == len(texts), q.id


def test_the_quiz_reads_in_english_and_chinese(quiz):
    q = quiz.questions[0]
    zh = q.question("zh")
    assert zh.startswith(q.ruling.question.zh) and ui("quiz_moves", "zh", moves="")[:3] in zh
    steps = q.replay("zh")
    assert steps[0].startswith(ui("quiz_step", "zh", n=1, move="")) and steps[-1].startswith("裁定")
    for line in q.replay("en"):
        assert "[" not in line or any(c.id in line for c in q.game.rules.clauses)


def test_the_score_counts_the_first_choice_of_each_question(quiz):
    q0, q1 = quiz.questions[:2]
    wrong = next(i for i, a in enumerate(q1.answers) if not a.right)
    assert quiz.choose(0, q0.right) is True
    assert quiz.choose(1, wrong) is False
    assert quiz.choose(1, q1.right) is True            # a second try is shown, not counted
    assert quiz.score == (1, 2)
    data = json.loads(quiz.score_file())
    assert data["right"] == 1 and data["answered"] == 2 and data["game"] == quiz.game.id
    with pytest.raises(ValueError):
        quiz.choose(0, 9)


def test_a_misreading_the_ruling_names_is_a_wrong_answer_in_both_languages():
    game = load_game("xianjian")
    ruling = game.ruling("hp-ceiling")
    quiz = build_quiz(game)
    q = next(q for q in quiz.questions if q.id == "hp-ceiling")
    named = [a for a in q.answers if a.origin == "misreading"]
    assert named and not any(a.right for a in named)
    assert {a.text("zh") for a in named} <= {m.zh for m in ruling.misreadings}
    assert {a.text("en") for a in named} <= {m.en for m in ruling.misreadings}
