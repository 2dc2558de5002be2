"""The phase flow as a graphviz picture: phases as clusters around their steps, the current node lit.

One drawing for the notebooks and for ``tabletop-rules graph``. Node and edge styles are data
(pytransitions' habit), so a reader's theme or a test can change them without touching the
drawing code. Works with the ``dot`` program, or with the ``graphviz-pure`` program that pip
installs where ``dot`` is missing. Only the standard library is imported until a graph is drawn.
"""
from __future__ import annotations

import pathlib
import shutil
import sys
import sysconfig
from html import escape
from typing import Any

from .i18n import columns, t
from .style import wrap

FONT = "Helvetica"

STYLE = {
    "graph": {"rankdir": "TB", "compound": "true", "newrank": "true", "nodesep": "0.25", "ranksep": "0.35",
              "bgcolor": "white", "size": "10,40", "fontname": FONT, "fontsize": "16", "labelloc": "t"},
    "node": {"fontname": FONT, "fontsize": "11", "style": "rounded,filled", "fillcolor": "#ffffff",
             "color": "#555555", "fontcolor": "#222222"},
    # one shape per kind: a step passes by itself, a decision waits for a player, the end ends
    "kind": {"step": {"shape": "box"},
             "decision": {"shape": "hexagon", "peripheries": "2"},
             "end": {"shape": "doubleoctagon", "fillcolor": "#eeeeee"},
             "phase": {"shape": "box3d"}},
    "visited": {"fillcolor": "#e3ecf7"},
    "previous": {"fillcolor": "#fff3c4"},
    "current": {"fillcolor": "#f5a623", "fontcolor": "#000000", "penwidth": "2.5", "color": "#b36b00"},
    "edge": {"fontname": FONT, "fontsize": "9", "color": "#777777", "fontcolor": "#555555"},
    "last_edge": {"penwidth": "3", "color": "#b36b00"},
    "end_edge": {"style": "dashed", "color": "#bbbbbb", "fontcolor": "#999999", "constraint": "false"},
    "cluster": {"style": "rounded,filled", "fillcolor": "#f3f6fb", "color": "#8899bb", "fontname": FONT,
                "fontsize": "13"},
}

# How much wider than its text a node of this shape must be (the text sits in the middle).
_SHAPE_WIDTH = {"diamond": 1.7, "hexagon": 1.25, "octagon": 1.25, "doubleoctagon": 1.3, "ellipse": 1.4}


def use_available_dot() -> str | None:
    """Point the graphviz binding at ``dot``, or at ``graphviz-pure`` if ``dot`` is missing.

    ``graphviz-pure`` is looked for on PATH, then in this Python's scripts directory and beside
    ``sys.executable`` (pip puts it there, which may not be on PATH: a kernel or a console script
    started from a venv that was never activated). Returns ``"dot"``, the path of
    ``graphviz-pure``, or None when neither exists (DOT text still works, rendering does not).
    """
    name = "graphviz-pure"
    program: str | None
    if shutil.which("dot"):
        program = "dot"
    else:
        program = (shutil.which(name) or shutil.which(name, path=sysconfig.get_path("scripts"))
                   or shutil.which(name, path=str(pathlib.Path(sys.executable).parent)))
    if program is None:
        return None
    import graphviz.backend.dot_command

    graphviz.backend.dot_command.DOT_BINARY = pathlib.Path(program)
    return program


def _history(game: Any, state: Any) -> tuple[set[str], str | None, tuple[str, str] | None]:
    """(visited nodes, previous node, last edge) from a state's phase events."""
    if state is None:
        return set(), None, None
    visited = {game.flow.start}
    last = None
    for ev in state.log:
        if ev.kind == "phase":
            visited.add(ev.data["to"])
            last = (ev.data["from"], ev.data["to"])
    return visited, (last[0] if last else None), last


def _cite(game: Any, clause: str, lang: str) -> str:
    try:
        return game.rules.clause(clause).cite(lang)
    except KeyError:
        return clause


def _title(game: Any, lang: str) -> str:
    name = (game.title.get("zh") if lang == "zh" else None) or game.title.get("en", game.id)
    return f"{name}: {t('flow_title', lang)}"


COLLAPSE_ENDS_OVER = 3        # more ways to end than this: marks instead of edges
END_MARK = "⊗"


def phase_graph(game: Any, state: Any = None, lang: str = "en", style: dict | None = None) -> Any:
    """A ``graphviz.Digraph`` of the game's flow; with a state, its current phase is lit,
    the previous one tinted and the last edge taken drawn bold.

    Declared phases (and any phase of several nodes) are clusters; node tooltips cite the
    clause, edges are labelled with their ``when`` in ``lang``. ``style`` replaces entries of ``STYLE``.
    """
    import graphviz

    use_available_dot()
    st = {**STYLE, **(style or {})}
    flow = game.flow
    visited, previous, last = _history(game, state)
    current = state.phase if state is not None else None
    g = graphviz.Digraph(name=f"{game.id}_flow", comment=f"{game.title.get('en', game.id)} phase flow")
    g.attr(label=_title(game, lang), **st["graph"])
    g.attr("node", **st["node"])
    g.attr("edge", **st["edge"])
    fontsize = float(st["node"].get("fontsize", 11))

    # The many ways a game can end ("life or deck 0" from almost every step) are one notation,
    # not dozens of thin dashed edges: each node that can end the game wears a mark, and the end
    # node says once what the mark means; only the edge just taken is drawn.
    ends = [e for e in flow.edges if flow.nodes[e.to].kind == "end"]
    collapse = len(ends) > COLLAPSE_ENDS_OVER
    marked = {e.source for e in ends} if collapse else set()

    def add_node(sub: Any, node: Any) -> None:
        nid = node.id
        attrs = dict(st["kind"].get(node.kind, {}))
        for key, on in (("visited", nid in visited), ("previous", nid == previous), ("current", nid == current)):
            if on:
                attrs.update(st[key])
        label = flow.label(nid, lang)
        if nid in marked:
            label += f" {END_MARK}"
        if collapse and node.kind == "end":
            whens = list(dict.fromkeys(e.label(lang) for e in ends if e.when and e.to == nid))
            label += "\n" + t("graph_ends_from", lang, mark=END_MARK) + ("\n" + "; ".join(whens[:3]) if whens else "")
        if node.clause:
            attrs["tooltip"] = f"{nid}: {_cite(game, node.clause, lang)}"
            label += f"\n[{node.clause}]"
        else:
            attrs["tooltip"] = nid
        lines = label.split("\n")
        if any(columns(line) > len(line) for line in lines):
            # Layout programs without font files (graphviz-pure) size CJK glyphs as narrow
            # characters: give such nodes a minimum width from the columns of the label.
            inches = max(map(columns, lines)) * fontsize * 0.55 / 72 + 0.3
            attrs["width"] = f"{inches * _SHAPE_WIDTH.get(attrs.get('shape', ''), 1.0):.2f}"
        sub.node(nid, label=label, **attrs)

    members: dict[str, list] = {}
    for node in flow.nodes.values():
        members.setdefault(flow.phase_of(node.id), []).append(node)
    for i, phase in enumerate(flow.phases()):
        nodes = members.get(phase, [])
        if not nodes:
            continue
        if phase in flow.phase_defs or len(nodes) > 1:
            with g.subgraph(name=f"cluster_{i}_{phase}") as c:
                c.attr(label=flow.phase_label(phase, lang), **st["cluster"])
                for node in nodes:
                    add_node(c, node)
        else:
            for node in nodes:
                add_node(g, node)
    for e in flow.edges:
        attrs = dict(st["end_edge"]) if flow.nodes[e.to].kind == "end" else {}
        if collapse and flow.nodes[e.to].kind == "end" and last != (e.source, e.to):
            continue
        if last == (e.source, e.to):
            attrs.update(st["last_edge"])
        if e.when:
            attrs["label"] = e.label(lang)
        if e.clause:
            attrs["tooltip"] = _cite(game, e.clause, lang)
        g.edge(e.source, e.to, **attrs)
    return g


def graph_html(game: Any, position: Any = None, lang: str = "en", style: dict | None = None) -> str:
    """The phase graph (``phase_graph``) as inline SVG, wrapped for a widget; when no graphviz
    program exists or rendering fails, a note and the DOT source instead."""
    dot = phase_graph(game, position, lang, style)
    if use_available_dot() is not None:
        try:
            svg = dot.pipe(format="svg").decode("utf-8")
            return wrap(f"<div class='ttr-svg'>{svg[svg.find('<svg'):]}</div>")
        except Exception as exc:
            note = f"{t('no_dot', lang)} ({type(exc).__name__})"
    else:
        note = t("no_dot", lang)
    return wrap(f"<div class='ttr-note'>{escape(note)}</div>"
                f"<pre style='max-height: 360px; overflow: auto'>{escape(dot.source)}</pre>")
