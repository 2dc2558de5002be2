"""The phase flow as a graphviz picture: phases as clusters, steps inside, the current node lit.

Node and edge styles are data (pytransitions' habit), so a reader's theme or a test can change
them without touching the drawing code. Works with the ``dot`` program, or with the
``graphviz-pure`` program that pip installs where ``dot`` is missing.
"""
from __future__ import annotations

import pathlib
import shutil
import sys
import sysconfig

STYLE = {
    "node": {"fontname": "Helvetica", "fontsize": "11", "style": "rounded,filled", "fillcolor": "#ffffff",
             "color": "#555555", "fontcolor": "#222222"},
    "kind": {"step": {"shape": "box"}, "decision": {"shape": "box", "peripheries": "2"},
             "end": {"shape": "doubleoctagon", "fillcolor": "#eeeeee"}, "phase": {"shape": "box"}},
    "visited": {"fillcolor": "#e3ecf7"},
    "previous": {"fillcolor": "#fff3c4"},
    "current": {"fillcolor": "#f5a623", "fontcolor": "#000000", "penwidth": "2.5", "color": "#b36b00"},
    "edge": {"fontname": "Helvetica", "fontsize": "9", "color": "#777777", "fontcolor": "#555555"},
    "last_edge": {"penwidth": "3", "color": "#b36b00"},
    "end_edge": {"style": "dashed", "color": "#bbbbbb", "fontcolor": "#999999", "constraint": "false"},
    "cluster": {"style": "rounded", "color": "#999999", "fontname": "Helvetica", "fontsize": "13"},
}


def use_available_dot() -> str | None:
    """Point the graphviz binding at ``dot``, or at ``graphviz-pure`` if ``dot`` is missing.

    Returns the program used, or None when neither exists (DOT text still works)."""
    import graphviz

    if shutil.which("dot"):
        return "dot"
    # pip puts graphviz-pure beside the interpreter, which may not be on PATH (a kernel
    # started from a venv without activating it).
    scripts = sysconfig.get_path("scripts")
    pure = shutil.which("graphviz-pure") or shutil.which("graphviz-pure", path=scripts) or \
        shutil.which("graphviz-pure", path=str(pathlib.Path(sys.executable).parent))
    if pure:
        graphviz.backend.dot_command.DOT_BINARY = pathlib.Path(pure)
        return "graphviz-pure"
    return None


def _history(game, state):
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


def phase_graph(game, state=None, lang: str = "en", style: dict | None = None):
    """A ``graphviz.Digraph`` of the game's flow; with a state, its current phase is lit,
    the previous one tinted and the last edge taken drawn bold."""
    import graphviz

    use_available_dot()
    st = {**STYLE, **(style or {})}
    flow = game.flow
    visited, previous, last = _history(game, state)
    current = state.phase if state is not None else None
    g = graphviz.Digraph(name=game.id, graph_attr={"rankdir": "TB", "compound": "true", "nodesep": "0.25",
                                                   "ranksep": "0.35", "bgcolor": "transparent"})
    g.attr("node", **st["node"])
    g.attr("edge", **st["edge"])

    def node_attrs(nid):
        n = flow.nodes[nid]
        attrs = dict(st["kind"].get(n.kind, {}))
        for key, on in (("visited", nid in visited), ("previous", nid == previous), ("current", nid == current)):
            if on:
                attrs.update(st[key])
        label = flow.label(nid, lang)
        if n.clause:
            label += f"\n[{n.clause}]"
        return label, attrs

    for ph in flow.phases():
        members = [nid for nid, n in flow.nodes.items() if (n.phase or nid) == ph]
        if not members:
            continue
        with g.subgraph(name=f"cluster_{ph}") as c:
            c.attr(label=flow.phase_label(ph, lang), **st["cluster"])
            for nid in members:
                label, attrs = node_attrs(nid)
                c.node(nid, label, **attrs)
    for e in flow.edges:
        attrs = dict(st["end_edge"]) if flow.nodes[e.to].kind == "end" else {}
        if last == (e.source, e.to):
            attrs.update(st["last_edge"])
        g.edge(e.source, e.to, label=e.when or "", **attrs)
    return g
