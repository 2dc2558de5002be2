"""``quiz``: the game's quiz from its rulings (core/quiz.py) as plain text in the terminal.

Each question shows the position (the referee's text board, as ``play`` draws a view), the
question and its numbered answers; the reader types a number (answers may be piped in on stdin,
one a line, which the tests do), ``q`` stops. After each choice: right or not, then the engine's
resolution step by step with each step's clause. The score is kept for the run and written to a
file only when the reader asks (``--save-score FILE``). ``--file``: the reader's own rulings (the
position editor's "Save as ruling") make questions too.
"""
from __future__ import annotations

import argparse
import pathlib
from typing import Any

from .common import UserError, _load, _one_line, _out, _w, read_user_text
from .play import _show_view


def add_parser(sub: Any) -> None:
    s = sub.add_parser("quiz", help="a quiz from the game's rulings, answered in the terminal")
    s.add_argument("game")
    s.add_argument("--lang", choices=("en", "zh"), default="en")
    s.add_argument("--file", metavar="FILE", help="your own rulings file (YAML): its rulings make questions too")
    s.add_argument("--save-score", metavar="FILE", help="write your score (JSON) here at the end")
    s.set_defaults(func=cmd_quiz)


def cmd_quiz(args: argparse.Namespace) -> int:
    from tabletop_rules.core.quiz import build_quiz

    lang = args.lang
    game = _load(args.game, lang)
    extra = None
    if args.file:
        from tabletop_rules.core.datafile import DataError
        from tabletop_rules.core.rulings import load_ruling_file
        from tabletop_rules.core.userinput import MAX_YAML_BYTES

        text = read_user_text(args.file, MAX_YAML_BYTES, "rulings file", "裁定文件", lang)
        try:
            extra = load_ruling_file(args.file, game, text=text)
        except DataError as exc:
            raise UserError(_one_line(exc.describe(lang)), 1) from None
    quiz = build_quiz(game, extra)
    if not quiz.questions:
        _out(_w("quiz_none", lang))
        return 0
    total = len(quiz.questions)
    for i, q in enumerate(quiz.questions):
        _out()
        _out(_w("quiz_question", lang, n=i + 1, total=total))
        _show_view(game, q.start, None, set(range(q.start.players)), lang)
        _out(q.question(lang))
        for j, a in enumerate(q.answers, 1):
            _out(f"  {j}. {a.text(lang)}")
        choice = _ask(len(q.answers), lang)
        if choice is None:
            break
        right = quiz.choose(i, choice)
        _out(_w("quiz_right", lang) if right else _w("quiz_wrong", lang, n=q.right + 1))
        _out(_w("quiz_replay", lang))
        for line in q.replay(lang):
            _out(f"  {line}")
    _out()
    _out(quiz.score_text(lang))
    if args.save_score:
        try:
            pathlib.Path(args.save_score).write_bytes(quiz.score_file())
        except (OSError, ValueError) as exc:
            raise UserError(_w("cli_cannot_save", lang, path=args.save_score[:120],
                               why=getattr(exc, "strerror", None) or exc), 1) from None
        _out(_w("saved", lang, path=args.save_score[:120]))
    return 0


def _ask(n: int, lang: str) -> int | None:
    """The reader's answer (0-based), None to stop (``q`` or the end of the input)."""
    while True:
        try:
            line = input(_w("quiz_pick", lang, n=n)).strip().lower()
        except (EOFError, KeyboardInterrupt):
            _out()
            return None
        if line in ("q", "quit", "exit"):
            return None
        if line.isdigit() and 1 <= int(line) <= n:
            return int(line) - 1
