"""``reference``: a printable rules reference (issue 39), the turn summary on page 1 and then the rule
book, as HTML (print CSS; any browser prints it) or PDF (WeasyPrint).

    tabletop-rules reference vividz                      # vividz-reference-en.html
    tabletop-rules reference vividz --lang both --format pdf -o vividz.pdf

The document is ``tabletop_rules.reference.build``, the one the notebooks' print button offers.
"""
from __future__ import annotations

import argparse
import pathlib
import sys

from .common import PROG, UserError, _load, write_output


def cmd_reference(args: argparse.Namespace) -> int:
    from tabletop_rules.reference import NoPdfSupport, build

    words = "zh" if args.lang == "zh" else "en"          # the language of the command's own messages
    game = _load(args.game, words)
    out = args.output
    fmt = args.format
    if fmt is None:
        suffix = pathlib.Path(out).suffix.lower().lstrip(".") if out and out != "-" else ""
        fmt = {"htm": "html"}.get(suffix, suffix) if suffix in ("html", "htm", "pdf") else "html"
    if out is None:
        out = f"{game.id}-reference-{args.lang}.{fmt}"
    try:
        data = build(game, args.lang, fmt)
    except NoPdfSupport as exc:
        raise UserError(f"cannot write a PDF: {exc}; or use --format html", 1) from None
    if not write_output(out, data, words):
        return 0
    print(f"{PROG}: wrote {out} ({fmt}, {len(data):,} bytes)", file=sys.stderr)
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("reference", help="a printable rules reference: a one-page turn summary, then the rule book")
    s.add_argument("game")
    s.add_argument("--lang", choices=("zh", "en", "both"), default="en",
                   help="language (both: the two side by side; default en)")
    s.add_argument("--format", choices=("html", "pdf"),
                   help="html (prints from a browser) or pdf (needs WeasyPrint); default from -o, else html")
    s.add_argument("-o", "--output", help="file to write ('-' for stdout; default <game>-reference-<lang>.<format>)")
    s.set_defaults(func=cmd_reference)
