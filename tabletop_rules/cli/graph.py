"""``graph``: the phase flow as SVG, PNG or DOT text.

The drawing is ``tabletop_rules.notebook.graph.phase_graph``, the one the notebooks show;
graphviz is imported only when this command runs.
"""
from __future__ import annotations

import argparse
import pathlib
import sys

from .common import PROG, UserError, _load, write_output


def cmd_graph(args: argparse.Namespace) -> int:
    game = _load(args.game, getattr(args, "lang", "en"))
    fmt = args.format
    out = args.output
    if fmt is None:
        suffix = pathlib.Path(out).suffix.lower().lstrip(".") if out and out != "-" else ""
        fmt = {"gv": "dot"}.get(suffix, suffix) if suffix in ("svg", "png", "dot", "gv") else "svg"
    if out is None:
        out = f"{game.id}-flow.{fmt}"
    try:
        import graphviz
    except ImportError:
        raise UserError("the graph command needs the graphviz Python package: "
                        "pip install graphviz graphviz-pure (or tabletop-rules[notebook])", 1) from None
    from tabletop_rules.notebook.graph import phase_graph, use_available_dot

    dg = phase_graph(game, lang=args.lang)
    if fmt == "dot":
        data = dg.source.encode("utf-8")
    else:
        program = use_available_dot()
        if program is None:
            raise UserError(f"cannot render {fmt}: no Graphviz program found (neither 'dot' nor "
                            "'graphviz-pure'); install graphviz (apt-get install graphviz) or graphviz-pure "
                            "(pip install graphviz-pure), or use --format dot", 1)
        if args.lang == "zh" and fmt == "png" and "graphviz-pure" in program:
            print(f"{PROG}: note: graphviz-pure has no CJK font, so Chinese labels in a PNG show as boxes; "
                  "use SVG (or install graphviz) for --lang zh", file=sys.stderr)
        try:
            data = dg.pipe(format=fmt, quiet=True)
        except graphviz.ExecutableNotFound:
            raise UserError(f"cannot render {fmt}: {program} could not be run; install graphviz or "
                            "graphviz-pure, or use --format dot", 1) from None
        except graphviz.CalledProcessError as exc:
            err = (exc.stderr or b"").decode("utf-8", "replace").strip().splitlines()
            raise UserError(f"{program} failed to render {fmt}: {err[-1] if err else exc}", 1) from None
    if not write_output(out, data, "zh" if args.lang == "zh" else "en"):
        return 0
    n, m = len(game.flow.nodes), len(game.flow.edges)
    print(f"wrote {out} ({fmt}, {n} nodes, {m} edges)", file=sys.stderr)
    return 0
