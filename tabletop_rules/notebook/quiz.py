"""The quiz widget (issue 38): a game's questions from its rulings (core/quiz.py), the position
drawn as the play table's board, three or four answers; after a choice, right or not, and the
engine's resolution replayed on the board step by step, each step with its clause.

``QuizWidget(game, lang=...)`` in a game's notebook; ``QuizWidget(None, lang=...)`` (the Voilà app
``notebooks/apps/quiz.ipynb``) lets the reader pick any game. The score is kept for the session;
"Save score" gives a small JSON file as a download (nothing is written on the server).
``quiz_html(game, lang)`` is the static version below the widget for an exported notebook: every
question, its answers and the right one, with the engine's steps.
"""
from __future__ import annotations

import base64
import html
from typing import Any

import ipywidgets as W

from ..core.quiz import Question, Quiz, build_quiz
from .base import WidgetBase
from .boards import board_html
from .i18n import check_lang, pick, t
from .style import wrap


def _game(game: Any) -> Any:
    if isinstance(game, str):
        import tabletop_rules as tr

        return tr.load_game(game)
    return game


class QuizWidget(WidgetBase):
    """A quiz for one game (``game``), or for any game the reader picks (``game=None``)."""

    def __init__(self, game: Any = None, lang: str = "en", extra: list | None = None):
        import tabletop_rules as tr

        self.lang = check_lang(lang)
        self.extra: dict[str, list] = {}           # a reader's rulings, per game id
        self.index: int = 0
        self.step: int = 0
        self.error = W.HTML()
        self.pick_game = W.Dropdown(options=_titles(tr.list_games(), lang) if game is None else [],
                                    description=t("quiz_game", lang))
        self.pick_game.layout.display = "none" if game is not None else None
        self.prev_btn = W.Button(description=t("quiz_prev", lang), icon="arrow-left")
        self.next_btn = W.Button(description=t("quiz_next", lang), icon="arrow-right")
        self.counter = W.HTML()
        self.board = W.HTML()
        self.text = W.HTML()
        self.text.add_class("ttr-quiz-question")
        self.answers = W.VBox()
        self.feedback = W.HTML()
        self.feedback.add_class("ttr-quiz-feedback")
        self.back_btn = W.Button(description="◀", layout=W.Layout(width="48px"))
        self.step_btn = W.Button(description="▶", layout=W.Layout(width="48px"))
        self.step_btn.add_class("ttr-quiz-step")
        self.steps_box = W.HBox([self.back_btn, self.step_btn])
        self.score = W.HTML()
        self.score.add_class("ttr-quiz-score")
        self.save_btn = W.Button(description=t("quiz_save", lang), icon="download")
        self.download = W.HTML()
        # The reader's own rulings (the position editor's "Save as ruling"): they make questions too.
        self.upload = W.FileUpload(accept=".yaml,.yml", multiple=False, description=t("quiz_upload", lang))
        self.upload.observe(lambda _ch: self._safe(self._uploaded), names="value")
        for btn, fn in ((self.prev_btn, lambda: self.go(self.index - 1)),
                        (self.next_btn, lambda: self.go(self.index + 1)),
                        (self.back_btn, lambda: self.show_step(self.step - 1)),
                        (self.step_btn, lambda: self.show_step(self.step + 1)), (self.save_btn, self.save_score)):
            btn.on_click(lambda _b, fn=fn: self._safe(fn))
        self._relabel = False
        self.pick_game.observe(self._picked, names="value")
        header = W.HBox([self.pick_game, self.prev_btn, self.counter, self.next_btn, self.lang_switch()],
                        layout=W.Layout(flex_flow="row wrap"))
        self.widget = W.VBox([header, self.board, self.text, self.answers, self.feedback, self.steps_box,
                              W.HBox([self.score, self.save_btn, self.download, self.upload]), self.error])
        self.widget.add_class("ttr-quiz")
        self.quiz: Quiz
        self._quizzes: dict[str, Quiz] = {}       # per game, for the session (nothing is stored elsewhere)
        self.chosen: int | None = None
        if game is not None:
            game = _game(game)
            if extra:
                self.extra[game.id] = list(extra)
            self.load(game)
        else:
            self.load(self.pick_game.value)

    def _uploaded(self) -> None:
        """A rulings file the reader uploads: read the kit's one checked way, then its rulings join this
        game's quiz (a new quiz for the game: its questions change, so its score starts again)."""
        from ..core.datafile import DataError
        from ..core.rulings import load_ruling_file
        from ..core.userinput import MAX_YAML_BYTES, decode_user_bytes

        files = self.upload.value
        if not files:
            return
        item = files[0] if isinstance(files, list | tuple) else next(iter(files.values()))
        name = str(item.get("name") or "upload")[:120]
        content = item["content"]
        if len(content) > MAX_YAML_BYTES:
            raise DataError.bilingual(name, f"the file is too large for a rulings file (over {MAX_YAML_BYTES:,} bytes)",
                                      f"文件太大，不是裁定文件（超过 {MAX_YAML_BYTES:,} 字节）")
        text = decode_user_bytes(bytes(content), MAX_YAML_BYTES, name, "rulings file", "裁定文件")
        self.extra[self.game.id] = load_ruling_file(name, self.game, text=text)
        self._quizzes.pop(self.game.id, None)
        self.load(self.game)

    def _picked(self, change: dict) -> None:
        if not self._relabel and change["new"] is not None:       # not while the titles change language
            self._safe(self.load, change["new"])

    # ----- state ------------------------------------------------------------------------------------
    def load(self, game: Any) -> None:
        """A game's quiz, from its first question; a game picked again keeps its score (the session's)."""
        self.game = _game(game)
        if self.game.id not in self._quizzes:
            self._quizzes[self.game.id] = build_quiz(self.game, self.extra.get(self.game.id))
        self.quiz = self._quizzes[self.game.id]
        self.download.value = ""
        self.go(0)

    @property
    def question(self) -> Question:
        return self.quiz.questions[self.index]

    def go(self, index: int) -> None:
        n = len(self.quiz.questions)
        self.index = max(0, min(index, n - 1))
        self.chosen, self.step = None, 0
        self.refresh()

    def choose(self, choice: int) -> bool:
        """The reader picks answer ``choice`` (0-based): the replay starts at the first step."""
        right = self.quiz.choose(self.index, choice)
        self.chosen, self.step = choice, 1
        self.refresh()
        return right

    def show_step(self, step: int) -> None:
        if self.chosen is not None:
            self.step = max(0, min(step, len(self.question.steps)))
            self.refresh()

    def save_score(self) -> None:
        """The score as a download link (a data URL: no file on the server)."""
        data = base64.b64encode(self.quiz.score_file()).decode()
        name = f"{self.game.id}-quiz-score.json"
        self.download.value = (f"<a download='{name}' href='data:application/json;base64,{data}'>"
                               f"{html.escape(t('ref_download', self.lang, name=name))}</a>")

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        self._sync_lang()
        for w, key in ((self.prev_btn, "quiz_prev"), (self.next_btn, "quiz_next"), (self.save_btn, "quiz_save"),
                       (self.pick_game, "quiz_game")):
            w.description = t(key, lang)
        if self.pick_game.options:                 # the app's list of games: their titles in the language
            current, self._relabel = self.pick_game.value, True
            try:
                self.pick_game.options = _titles([v for _, v in self.pick_game.options], lang)
                self.pick_game.value = current
            finally:
                self._relabel = False
        self.refresh()

    # ----- drawing ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        lang, quiz = self.lang, self.quiz
        self.score.value = html.escape(quiz.score_text(lang))
        if not quiz.questions:
            self.counter.value, self.board.value, self.text.value = "", "", html.escape(t("quiz_none", lang))
            self.answers.children = []
            return
        q = self.question
        self.counter.value = html.escape(t("quiz_question", lang, n=self.index + 1, total=len(quiz.questions)))
        self.prev_btn.disabled = self.index == 0
        self.next_btn.disabled = self.index == len(quiz.questions) - 1
        state = q.positions[self.step]
        self.board.value = wrap(board_html(self.game, state.view(None), None, lang, {}))
        title = html.escape(pick(self.game.title, lang))
        self.text.value = wrap(f"<div class='ttr-note'><b>{title}</b> · {html.escape(q.question(lang))}</div>")
        rows = []
        for i, a in enumerate(q.answers):
            btn = W.Button(description=str(i + 1), layout=W.Layout(width="48px"))
            btn.add_class("ttr-quiz-answer")
            if self.chosen is not None:
                btn.button_style = "success" if a.right else ("danger" if i == self.chosen else "")
            btn.on_click(lambda _b, i=i: self._safe(self.choose, i))
            rows.append(W.HBox([btn, W.HTML(html.escape(a.text(lang)))]))
        self.answers.children = rows
        self.steps_box.layout.display = None if self.chosen is not None else "none"
        if self.chosen is None:
            self.feedback.value = ""
            return
        right = q.answers[self.chosen].right
        verdict = t("quiz_right", lang) if right else t("quiz_wrong", lang, n=q.right + 1)
        shown = [line for step in q.step_lines(lang)[:self.step] for line in step]
        if self.step == len(q.steps):
            shown.append(q.ruling_answer(lang))
        body = "".join(f"<div>{html.escape(line)}</div>" for line in shown)
        self.back_btn.disabled, self.step_btn.disabled = self.step == 0, self.step == len(q.steps)
        self.feedback.value = wrap(f"<div class='ttr-note'><b>{html.escape(verdict)}</b>"
                                   f"<div>{html.escape(t('quiz_replay', lang))}</div>{body}</div>")


def _titles(ids: list[str], lang: str) -> list[tuple[str, str]]:
    """The games by their titles in ``lang`` (a reader never sees a game's id)."""
    import tabletop_rules as tr

    return [(pick(tr.load_game(g).title, lang), g) for g in ids]


def quiz_block(game: Any, lang: str = "en") -> str:
    """Every question of the game's quiz, its answers, the right one and the engine's steps (HTML)."""
    game, lang = _game(game), check_lang(lang)
    parts = [f"<h4>{html.escape(t('quiz_static', lang))}</h4><ol>"]
    for q in build_quiz(game).questions:
        answers = "".join(f"<li>{html.escape(a.text(lang))}</li>" for a in q.answers)
        steps = "".join(f"<div>{html.escape(line)}</div>" for line in q.replay(lang))
        parts.append(f"<li class='ttr-quiz-static'><p>{html.escape(q.question(lang))}</p><ol>{answers}</ol>"
                     f"<p><b>{html.escape(t('quiz_answer_is', lang, n=q.right + 1))}</b></p>{steps}</li>")
    parts.append("</ol>")
    return wrap("".join(parts))


def quiz_html(game: Any, lang: str = "en") -> Any:
    from IPython.display import HTML

    return HTML(quiz_block(game, lang))
