"""Issue 38 in a real browser: the Hint at a play table served by Voila, and the quiz app (one game,
an answer, the engine's resolution stepped through, then Chinese). Waits for what it reads, never a
fixed sleep."""
from __future__ import annotations

import pytest
from test_browser import CLICK_TIMEOUT, KERNEL_TIMEOUT, TABLE, Shots, wait_until

pytestmark = pytest.mark.browser
QUIZ = "div.ttr-quiz"


def _no_errors(page):
    body = page.locator("body").inner_text()
    assert "Traceback" not in body, body[body.find("Traceback"):][:1500]
    assert not page.locator(".ttr-error").count()


def test_hint_at_the_vividz_table(voila_context, voila_apps, artifacts):
    context, log = voila_context
    page = context.new_page()
    shots = Shots(page, artifacts, log, "voila-hint")
    table = page.locator(TABLE)
    hint = table.locator(".ttr-hint")
    try:
        with shots.step("open"):
            page.goto(voila_apps + "/voila/render/vividz-table.ipynb", wait_until="domcontentloaded",
                      timeout=KERNEL_TIMEOUT * 1000)
            table.locator("button.ttr-hint-btn").wait_for(state="visible", timeout=KERNEL_TIMEOUT * 1000)
        with shots.step("hint", table):
            table.locator("button.ttr-hint-btn").click()
            wait_until(page, lambda: "Suggested move:" in hint.inner_text(), CLICK_TIMEOUT, "the hint")
            text = hint.inner_text()
            assert "Rules:" in text and "VV-" in text, text
        shots.take("01-hint", table)
        with shots.step("no-errors", table):
            _no_errors(page)
    finally:
        page.close()


def test_quiz_app_answers_and_replays_in_both_languages(voila_context, voila_apps, artifacts):
    context, log = voila_context
    page = context.new_page()
    shots = Shots(page, artifacts, log, "voila-quiz")
    quiz = page.locator(QUIZ)
    feedback = quiz.locator(".ttr-quiz-feedback")
    try:
        with shots.step("open"):
            page.goto(voila_apps + "/voila/render/quiz.ipynb", wait_until="domcontentloaded",
                      timeout=KERNEL_TIMEOUT * 1000)
            quiz.locator("button.ttr-quiz-answer").first.wait_for(state="visible", timeout=KERNEL_TIMEOUT * 1000)
            assert "Question 1 of" in quiz.inner_text()
        shots.take("01-opened", quiz)
        with shots.step("answer", quiz):
            quiz.locator("button.ttr-quiz-answer").first.click()
            wait_until(page, lambda: "Step 1:" in feedback.inner_text(), CLICK_TIMEOUT, "the verdict and step 1")
            text = feedback.inner_text()
            assert "Right: this is what the engine does." in text or "Not this one" in text
            assert "Score: 1 right of 1" in quiz.inner_text() or "Score: 0 right of 1" in quiz.inner_text()
        with shots.step("step", quiz):
            step = quiz.locator("button.ttr-quiz-step")
            for _ in range(20):                       # through the steps to the ruling's answer
                if step.is_disabled():
                    break
                lines = len(feedback.inner_text().splitlines())
                step.click()
                wait_until(page, lambda lines=lines: len(feedback.inner_text().splitlines()) > lines,
                           CLICK_TIMEOUT, "the next step")
            assert "The ruling:" in feedback.inner_text()
        shots.take("02-replayed", quiz)
        with shots.step("chinese", quiz):
            quiz.get_by_text("中文", exact=True).click()
            wait_until(page, lambda: "第 1 题" in quiz.inner_text() and "第 1 步" in feedback.inner_text(),
                       CLICK_TIMEOUT, "the quiz in Chinese")
        shots.take("03-chinese", quiz)
        with shots.step("no-errors", quiz):
            _no_errors(page)
    finally:
        page.close()
