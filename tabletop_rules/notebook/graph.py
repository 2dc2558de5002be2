"""The phase flow as a graphviz picture: phases as clusters around their steps, the current node lit.

One drawing for the notebooks and for ``tabletop-rules graph``. Node and edge styles are data
(pytransitions' habit), so a reader's theme or a test can change them without touching the
drawing code. Works with the ``dot`` program, or with the ``graphviz-pure`` program that pip
installs where ``dot`` is missing. Only the standard library is imported until a graph is drawn.

Legible at a glance (issue 36): the drawing is scaled down only beyond ``STYLE["graph"]["size"]``
(11 inches wide), so its words stay at least ``MIN_FONT_PX`` pixels high; in a notebook it is as
wide as the cell but never shrunk below that (a narrower cell scrolls sideways). A label
of an edge that leaves its phase is an ``xlabel`` (placed after the layout, so the long edges
that skip ahead do not widen the picture), and the end node's list of endings is one per line.
Colours follow JupyterLab's light and dark themes: in a notebook the SVG is shown inline with a
style that maps each colour of ``STYLE`` to a theme variable (``THEME``), with the light colours
as fallbacks where no theme exists (an exported page, the command line).
"""
from __future__ import annotations

import pathlib
import re
import shutil
import sys
import sysconfig
from html import escape
from typing import Any

from ..core.flow import node_offers
from .i18n import columns, t
from .style import wrap

FONT = "Helvetica"
MIN_FONT_PX = 10.5          # the smallest word of any game's graph, as drawn (tests check it)

STYLE = {
    "graph": {"rankdir": "TB", "compound": "true", "newrank": "true", "nodesep": "0.25", "ranksep": "0.35",
              "bgcolor": "white", "size": "11,100", "fontname": FONT, "fontsize": "16", "labelloc": "t",
              "fontcolor": "#222222", "forcelabels": "true"},
    "node": {"fontname": FONT, "fontsize": "12", "style": "rounded,filled", "fillcolor": "#ffffff",
             "color": "#555555", "fontcolor": "#222222"},
    # one shape per kind: a step passes by itself, a decision waits for a player, the end ends
    "kind": {"step": {"shape": "box"},
             "decision": {"shape": "hexagon", "peripheries": "2"},
             "end": {"shape": "doubleoctagon", "fillcolor": "#eeeeee"},
             "phase": {"shape": "box3d"}},
    "visited": {"fillcolor": "#e3ecf7"},
    "previous": {"fillcolor": "#fff3c4"},
    "current": {"fillcolor": "#f5a623", "fontcolor": "#000000", "penwidth": "2.5", "color": "#b36b00"},
    "edge": {"fontname": FONT, "fontsize": "10.5", "color": "#777777", "fontcolor": "#555555"},
    "last_edge": {"penwidth": "3", "color": "#b36b00"},
    "end_edge": {"style": "dashed", "color": "#bbbbbb", "fontcolor": "#999999", "constraint": "false"},
    "cluster": {"style": "rounded,filled", "fillcolor": "#f3f6fb", "color": "#8899bb", "fontname": FONT,
                "fontsize": "13", "fontcolor": "#222222"},
}

# Each colour of STYLE -> the JupyterLab theme variable that replaces it in a notebook (the colour
# itself is the fallback). The lit node keeps its orange and black text: readable in both themes.
THEME = {
    "white": ("fill", "var(--jp-layout-color0, white)"),
    "#ffffff": ("fill", "var(--jp-layout-color1, #ffffff)"),
    "#f3f6fb": ("fill", "var(--jp-layout-color2, #f3f6fb)"),
    "#eeeeee": ("fill", "var(--jp-layout-color3, #eeeeee)"),
    "#e3ecf7": ("fill", "color-mix(in srgb, var(--jp-brand-color1, #1976d2) 22%, var(--jp-layout-color1, #fff))"),
    "#fff3c4": ("fill", "color-mix(in srgb, var(--jp-warn-color1, #f57c00) 28%, var(--jp-layout-color1, #fff))"),
    "#222222": ("fill", "var(--jp-ui-font-color0, #222222)"),
    "#555555": ("both", "var(--jp-ui-font-color1, #555555)"),
    "#777777": ("both", "var(--jp-ui-font-color2, #777777)"),
    "#8899bb": ("stroke", "var(--jp-border-color1, #8899bb)"),
    "#999999": ("fill", "var(--jp-ui-font-color2, #999999)"),
    "#bbbbbb": ("stroke", "var(--jp-ui-font-color3, #bbbbbb)"),
    "#b36b00": ("both", "var(--jp-warn-color0, #b36b00)"),
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


def theme_css(scope: str) -> str:
    """A style mapping the graph's colours to JupyterLab's theme variables, under ``scope``."""
    rules = [f"{scope} svg text:not([fill]) {{ fill: var(--jp-ui-font-color0, #000); }}"]
    for colour, (what, var) in THEME.items():
        for attr in (("fill", "stroke") if what == "both" else (what,)):
            rules.append(f"{scope} svg [{attr}='{colour}'] {{ {attr}: {var}; }}")
    return "<style>" + "\n".join(rules) + "</style>"


def _legible_svg(svg: str) -> str:
    """The SVG scaled to the cell's width, but never below the size at which its smallest word is
    ``MIN_FONT_PX`` high (a narrower cell scrolls sideways instead)."""
    head = re.search(r"<svg[^>]*>", svg)
    size = re.search(r'width="([\d.]+)pt" height="([\d.]+)pt"', head.group(0)) if head else None
    fonts = [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]
    if head is None or size is None or not fonts:
        return svg
    scaled = re.search(r'transform="scale\(([\d.]+)', svg)
    px = float(size.group(1)) * 4 / 3                       # graphviz writes points
    smallest = min(fonts) * (float(scaled.group(1)) if scaled else 1.0) * 4 / 3
    least = px * min(1.0, MIN_FONT_PX / smallest)
    tag = head.group(0).replace(size.group(0), f'style="width: 100%; max-width: {px:.0f}px; '
                                               f'min-width: {least:.0f}px; height: auto"')
    return svg[:head.start()] + tag + svg[head.end():]


def themed_html(svg: str, fit: bool = False) -> str:
    """An SVG of the graph inline, coloured by the notebook's theme: as wide as the cell, but not
    so small that a word is under ``MIN_FONT_PX`` (then the box scrolls sideways), or (``fit``: a
    widget's panel) scaled to the box whatever the size."""
    start = svg.find("<svg")
    body = svg[start:] if start >= 0 else svg
    if fit:
        return f"{theme_css('.ttr-graph')}<div class='ttr-graph'>{body}</div>"
    return (f"{theme_css('.ttr-graph')}<div class='ttr-graph' style='overflow-x: auto; max-width: 100%'>"
            f"{_legible_svg(body)}</div>")


_THEMED: list[type] = []


def _themed() -> Any:
    """``graphviz.Digraph`` that a notebook shows as themed inline SVG (``themed_html``), with
    the plain SVG beside it for programs that read only images (a PDF export). Made on first use:
    importing this module imports no graphviz."""
    if not _THEMED:
        import graphviz

        class ThemedDigraph(graphviz.Digraph):
            def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **_: Any) -> dict:
                svg = self.pipe(format="svg", encoding="utf-8")
                bundle = {"text/html": themed_html(svg), "image/svg+xml": svg}
                wanted = set(include) if include is not None else set(bundle)
                wanted -= set(exclude or ())
                return {k: v for k, v in bundle.items() if k in wanted}

        _THEMED.append(ThemedDigraph)
    return _THEMED[0]


# Columns (CJK characters count two) after which a node's name goes on to a new line, by kind.
WRAP = {"step": 26, "decision": 20, "phase": 26, "end": 30}


def wrap_words(text: str, width: int) -> str:
    """``text`` broken into lines of about ``width`` columns: at spaces, or anywhere in Chinese."""
    if columns(text) <= width:
        return text
    spaced = " " in text and columns(text) == len(text)
    parts = text.split(" ") if spaced else list(text)
    lines = [""]
    for part in parts:
        trial = f"{lines[-1]} {part}" if spaced and lines[-1] else lines[-1] + part
        if columns(trial) > width and lines[-1]:
            lines.append(part)
        else:
            lines[-1] = trial
    return "\n".join(lines)


OFFERS_MARK = "▸"


def offered(game: Any, node: str, lang: str) -> list[str]:
    """The game's words for the action kinds a decision node offers (``core.flow.node_offers``)."""
    words = (game.kind_label(kind, lang) for kind in node_offers(game, node))
    return list(dict.fromkeys(w for w in words if w))


COLLAPSE_ENDS_OVER = 3        # more ways to end than this: marks instead of edges
END_MARK = "⊗"


def phase_graph(game: Any, state: Any = None, lang: str = "en", style: dict | None = None) -> Any:
    """A ``graphviz.Digraph`` of the game's flow; with a state, its current phase is lit,
    the previous one tinted and the last edge taken drawn bold.

    Declared phases (and any phase of several nodes) are clusters; node tooltips cite the
    clause, edges are labelled with their ``when`` in ``lang``. ``style`` replaces entries of ``STYLE``.
    """
    use_available_dot()
    st = {**STYLE, **(style or {})}
    flow = game.flow
    visited, previous, last = _history(game, state)
    current = state.phase if state is not None else None
    g = _themed()(name=f"{game.id}_flow", comment=f"{game.title.get('en', game.id)} phase flow")
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
        # a long name on two lines: a wide hexagon or box widened the whole picture
        label = wrap_words(label, WRAP.get(node.kind, WRAP["step"]))
        offers = offered(game, nid, lang)
        if offers:
            # What a player may do here (flow.yaml's moves and waits), beside the node: an xlabel
            # is placed after the layout, so the list does not widen the picture.
            attrs["xlabel"] = wrap_words(f"{OFFERS_MARK} " + " · ".join(offers), WRAP["decision"])
        if collapse and node.kind == "end":
            whens = list(dict.fromkeys(e.label(lang) for e in ends if e.when and e.to == nid))
            lines = [t("graph_ends_from", lang, mark=END_MARK), *whens[:4]]
            label += "\n" + "\n".join(wrap_words(x, WRAP["end"]) for x in lines)
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
    if collapse:
        # the end node below the flow rather than beside it (beside, it widened the picture): an
        # invisible edge from the last step declared ties it to the flow's bottom
        last_step = [n.id for n in flow.nodes.values() if n.kind != "end"][-1]
        for node in flow.nodes.values():
            if node.kind == "end" and not any(last == (e.source, e.to) for e in ends if e.to == node.id):
                g.edge(last_step, node.id, style="invis")
    for e in flow.edges:
        attrs = dict(st["end_edge"]) if flow.nodes[e.to].kind == "end" else {}
        if collapse and flow.nodes[e.to].kind == "end" and last != (e.source, e.to):
            continue
        if last == (e.source, e.to):
            attrs.update(st["last_edge"])
        if e.when:
            # an edge that leaves its phase is long: its words go beside it, not into the layout
            inside = flow.phase_of(e.source) == flow.phase_of(e.to)
            attrs["label" if inside else "xlabel"] = e.label(lang)
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
            return wrap(f"<div class='ttr-svg'>{themed_html(svg, fit=True)}</div>")
        except Exception as exc:
            note = f"{t('no_dot', lang)} ({type(exc).__name__})"
    else:
        note = t("no_dot", lang)
    return wrap(f"<div class='ttr-note'>{escape(note)}</div>"
                f"<pre style='max-height: 360px; overflow: auto'>{escape(dot.source)}</pre>")
