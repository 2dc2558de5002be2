"""A quiz from the rulings (issue 38): the position, the question, three or four answers; the right
one is what the engine does.

Every ruling with a move in it (a ``do`` step) makes a question. Its position is the ruling's
scenario (parameters at their defaults); the engine plays the ruling's steps and what happens (the
events, and a refusal where a step is refused) is the right answer. The wrong answers are never
written by hand:

- the outcomes of *other legal lines* from the same position: the ruling's first move replaced by
  another legal move of the same seat (moves of the same kind first: another target, another card),
  the ruling's later steps played on where they still apply;
- where the engine gives too few different outcomes, the *misreadings* the ruling itself names
  (``misreadings:`` in rulings.yaml: a wrong reading of the rule, in the kit's own words, each in
  English and Chinese).

Each answer is a different outcome: two lines whose outcomes read the same (in either language) give
one answer. A question needs at least three answers; a ruling that gives fewer makes no question.
After the choice, ``Question.replay(lang)`` gives the engine's resolution step by step, each step
with its clause, and ``Question.positions`` the position after each step (the widgets draw them).

The rulings a reader saved from the position editor (``core.rulings.load_ruling_file``) make
questions the same way (``build_quiz(game, extra=...)``).
"""
from __future__ import annotations

import json
import random
import zlib
from typing import Any

from .actions import Action, Event, IllegalAction
from .bots import bot_actions
from .rulings import Ruling, _match_action, substitute
from .tutor import _clause, _event, _label, ui

MAX_ANSWERS = 4
MAX_SHOWN = 4          # event sentences an answer shows (the rest: "and N more")
MAX_TRIED = 16         # other lines tried per question
MAX_RUN = 50           # a ``run`` step repeats at most this often (as the rulings' runner)
SKIP = ("phase", "scenario")


class Step:
    """One step of a line: the action taken (or refused), its events, the refusal if any, and the
    position after it."""

    __slots__ = ("action", "events", "refused", "state")

    def __init__(self, action: Action | None, events: list[Event], refused: IllegalAction | None, state: Any):
        self.action, self.events, self.refused, self.state = action, events, refused, state


class Answer:
    """An answer: its words in each language, whether it is right, and where it comes from
    (``engine``: the ruling's line; ``line``: another legal line, whose first move is ``move``;
    ``misreading``); ``end``: the position the line ends in (None for a misreading)."""

    __slots__ = ("texts", "right", "origin", "move", "end")

    def __init__(self, texts: dict[str, str], right: bool, origin: str, move: Action | None = None,
                 end: Any = None):
        self.texts, self.right, self.origin, self.move, self.end = texts, right, origin, move, end

    def text(self, lang: str = "en") -> str:
        return self.texts.get(lang) or self.texts["en"]


class Question:
    """A question of the quiz (see the module doc)."""

    def __init__(self, game: Any, ruling: Ruling, start: Any, steps: list[Step], answers: list[Answer]):
        self.game, self.ruling, self.start, self.steps, self.answers = game, ruling, start, steps, answers

    @property
    def id(self) -> str:
        return self.ruling.id

    @property
    def right(self) -> int:
        return next(i for i, a in enumerate(self.answers) if a.right)

    @property
    def positions(self) -> list[Any]:
        """The position before the first step, then after each step (the board draws them)."""
        return [self.start, *(s.state for s in self.steps)]

    def question(self, lang: str = "en") -> str:
        """The ruling's question and the moves the engine will make."""
        q = self.ruling.question
        words = (getattr(q, "zh", None) if lang == "zh" else None) or q.en
        moves = [_label(self.game, s.action, lang) for s in self.steps if s.action is not None]
        if moves:
            words += " " + ui("quiz_moves", lang, moves=ui("hint_sep", lang).join(moves))
        return words

    def step_lines(self, lang: str = "en") -> list[list[str]]:
        """The engine's resolution by step: each step's move with its clause, then what it caused,
        each event with its clause."""
        out = []
        for i, s in enumerate(self.steps, 1):
            lines = []
            if s.action is not None:
                cite = f" [{_clause(self.game, s.action.clause, lang)}]" if s.action.clause else ""
                lines.append(ui("quiz_step", lang, n=i, move=_label(self.game, s.action, lang)) + cite)
            if s.refused is not None:
                lines.append("  " + _refusal(self.game, s.refused, lang))
            for e in s.events:
                if e.kind not in SKIP:
                    lines.append("  · " + _event(self.game, e, lang) + (f" [{e.clause}]" if e.clause else ""))
            out.append(lines)
        return out

    def ruling_answer(self, lang: str = "en") -> str:
        a = self.ruling.answer
        return ui("quiz_ruling", lang, answer=(getattr(a, "zh", None) if lang == "zh" else None) or a.en)

    def replay(self, lang: str = "en") -> list[str]:
        """The engine's resolution, step by step, each with its clause, then the ruling's answer."""
        return [line for step in self.step_lines(lang) for line in step] + [self.ruling_answer(lang)]


class Quiz:
    """A game's questions and the reader's score for the session (kept in memory only)."""

    def __init__(self, game: Any, questions: list[Question]):
        self.game, self.questions = game, questions
        self.answered: dict[str, bool] = {}

    def choose(self, index: int, choice: int) -> bool:
        """The reader picks answer ``choice`` of question ``index``: right or not (the first choice
        of a question counts)."""
        q = self.questions[index]
        if not 0 <= choice < len(q.answers):
            raise ValueError(f"answer {choice + 1} of {len(q.answers)}")
        right = q.answers[choice].right
        self.answered.setdefault(q.id, right)
        return right

    @property
    def score(self) -> tuple[int, int]:
        """(right, answered)."""
        return sum(self.answered.values()), len(self.answered)

    def score_text(self, lang: str = "en") -> str:
        right, asked = self.score
        return ui("quiz_score", lang, right=right, asked=asked, total=len(self.questions))

    def score_file(self) -> bytes:
        """The score as a small JSON file (what the reader downloads when asking to save it)."""
        right, asked = self.score
        return json.dumps({"game": self.game.id, "right": right, "answered": asked, "questions": len(self.questions),
                           "answers": self.answered}, ensure_ascii=False, indent=1).encode("utf-8")


def build_quiz(game: Any, extra: list[Ruling] | None = None) -> Quiz:
    """Every question the game's rulings (and ``extra``: a reader's saved rulings) give."""
    out = [q for q in (question(game, r) for r in game.rulings) if q is not None]
    for r in extra or []:
        # A reader's ruling was checked when it was read (load_ruling_file), but its steps only by
        # shape: one whose step names no action the engine can build makes no question.
        try:
            q = question(game, r)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError):
            q = None
        if q is not None:
            out.append(q)
    return Quiz(game, out)


def question(game: Any, ruling: Ruling) -> Question | None:
    """The ruling's question, or None when it has no move or fewer than three different outcomes."""
    values = {k: p.default for k, p in ruling.params.items()}
    steps = [substitute(s, values) for s in ruling.steps]
    branch = next((i for i, s in enumerate(steps) if "do" in s), None)
    if branch is None:
        return None
    try:
        start = game.scenario(substitute(ruling.scenario, values), source=f"{ruling._file}, ruling '{ruling.id}'")
    except ValueError:
        return None
    at = start.clone()
    for s in steps[:branch]:
        _step(at, s)
    fork = at.clone()
    right = _line(at, steps[branch:], strict=True)
    if right is None:
        return None
    first = right[0].action
    assert first is not None
    # Lines as (said in each language, first move, end position): the engine's first.
    lines = [(_said(game, right), first, right[-1].state)]
    ends = {_position(right[-1].state)}          # a different outcome: another position, other words
    others = [a for a in bot_actions(fork) if a.key != first.key]
    rng = random.Random(zlib.crc32(ruling.id.encode("utf-8")))
    rng.shuffle(others)
    others.sort(key=lambda a: a.kind != first.kind)     # same kind first (stable: shuffled within)
    for alt in others[:MAX_TRIED]:
        if len(lines) >= MAX_ANSWERS:
            break
        line = _line(fork.clone(), [{"do": alt}, *steps[branch + 1:]], strict=False)
        if not line or _position(line[-1].state) in ends:
            continue
        ends.add(_position(line[-1].state))
        lines.append((_said(game, line), alt, line[-1].state))
    answers: list[Answer] = []
    seen: list[dict[str, str]] = []
    for k, (said, move, end) in enumerate(lines):
        texts = _shown(game, said, [o[0] for o in lines], end)
        if _different(texts, seen):
            seen.append(texts)
            answers.append(Answer(texts, k == 0, "engine" if k == 0 else "line", move, end))
    for m in getattr(ruling, "misreadings", ()) or ():
        texts = {"en": m.en, "zh": m.zh or m.en}
        if len(answers) < MAX_ANSWERS and _different(texts, seen):
            seen.append(texts)
            answers.append(Answer(texts, False, "misreading"))
    if len(answers) < 3:
        return None
    rng.shuffle(answers)
    return Question(game, ruling, start, right, answers)


def _said(game: Any, line: list[Step]) -> dict[str, list[str]]:
    """What a line does, sentence by sentence in each language: its events (as the referee reads
    them) and refusals."""
    out: dict[str, list[str]] = {}
    for lang in ("en", "zh"):
        said: list[str] = []
        for s in line:
            if s.refused is not None:
                said.append(_refusal(game, s.refused, lang))
            said += [_event(game, e, lang) for e in s.events if e.kind not in SKIP]
        out[lang] = said
    return out


def _shown(game: Any, said: dict[str, list[str]], every: list[dict[str, list[str]]], end: Any) -> dict[str, str]:
    """An answer's words: the sentences of its line that not every line shares (what sets it apart),
    at most ``MAX_SHOWN`` of them; an ending names the result."""
    texts = {}
    for lang in ("en", "zh"):
        common = set.intersection(*(set(o[lang]) for o in every)) if len(every) > 1 else set()
        own = [x for x in said[lang] if x not in common] or said[lang]
        words = ("" if lang == "zh" else " ").join(own[:MAX_SHOWN]) or ui("quiz_nothing", lang)
        if len(own) > MAX_SHOWN:
            words += " " + ui("quiz_more", lang, n=len(own) - MAX_SHOWN)
        if end.is_over:
            words += " " + end.describe_result(lang)
        texts[lang] = words
    return texts


def _position(state: Any) -> str:
    return json.dumps(state.view(None), sort_keys=True, default=str)


def _different(texts: dict[str, str], seen: list[dict[str, str]]) -> bool:
    return all(texts["en"] != s["en"] and texts["zh"] != s["zh"] for s in seen)


def _step(state: Any, step: dict) -> list[Step]:
    """Play one ruling step on ``state`` (as the rulings' runner does); a step that does not apply
    is skipped."""
    out: list[Step] = []
    if "do" in step:
        act = step["do"] if isinstance(step["do"], Action) else _match_action(state, step["do"])
        if act is not None:
            out.append(Step(act, state.apply(act), None, state.clone()))
    elif "run" in step:
        for _ in range(MAX_RUN):
            act = _match_action(state, {"kind": step["run"]})
            if act is None:
                break
            out.append(Step(act, state.apply(act), None, state.clone()))
    elif "illegal" in step:
        act = state.build_action(step["illegal"])
        try:
            out.append(Step(act, state.apply(act), None, state.clone()))
        except IllegalAction as exc:
            out.append(Step(act, [], exc, state.clone()))
    return out


def _line(state: Any, steps: list[dict], strict: bool) -> list[Step] | None:
    """Play ``steps``: the first must apply (else None); later ones stop the line when ``strict``
    is off and a move no longer applies."""
    out: list[Step] = []
    for i, s in enumerate(steps):
        if state.is_over:
            break
        done = _step(state, s)
        if "do" in s and not done:
            if i == 0 or strict:
                return None
            break
        out += done
    return out


def _refusal(game: Any, exc: IllegalAction, lang: str) -> str:
    return ui("quiz_refused", lang, why=exc.describe(lang), rule=_clause(game, exc.clause, lang) if exc.clause else "")
