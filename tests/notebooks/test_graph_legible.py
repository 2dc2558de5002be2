"""The phase graph at a glance (issue 36): legible in every game and language, and coloured by
JupyterLab's light or dark theme.

Legible: as drawn, no word of any game's graph is smaller than ``graph.MIN_FONT_PX`` pixels (before
issue 36 Blood Recall's words were about 6 px and Sword-and-Fairy's graph was shrunk to half).
Themed: a notebook shows the graph as inline SVG with a style that maps every colour the drawing
uses to a JupyterLab theme variable; only the lit node keeps its own orange and black.
"""
from __future__ import annotations

import re

import pytest

import tabletop_rules as tr

graphviz = pytest.importorskip("graphviz")

from tabletop_rules.notebook import graph  # noqa: E402

GAMES = tr.list_games()


def rendered(game, state=None, lang="en") -> str:
    if graph.use_available_dot() is None:
        pytest.skip("neither dot nor graphviz-pure is installed")
    return graph.phase_graph(game, state, lang=lang).pipe(format="svg").decode("utf-8")


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_words_are_legible_at_the_drawn_size(gid, lang):
    svg = rendered(tr.load_game(gid), lang=lang)
    width = float(re.search(r'<svg width="([\d.]+)pt"', svg).group(1))
    scale = float(re.search(r'transform="scale\(([\d.]+)', svg).group(1))
    smallest = min(float(x) for x in re.findall(r'font-size="([\d.]+)"', svg))
    assert smallest * scale * 4 / 3 >= graph.MIN_FONT_PX, (gid, lang, smallest, scale)
    assert width <= 11 * 72 + 1            # the width cap: the picture fits a wide notebook column


def test_the_end_node_sits_below_the_flow(bf):
    svg = rendered(bf)
    import html

    svg = html.unescape(svg)
    ys = {m.group(1): float(m.group(2)) for m in re.finditer(
        r'<g id="node\d+" class="node">\s*<title>([^<]+)</title>.*?<text[^>]* y="(-?[\d.]+)"', svg, re.S)}
    assert ys["game-over"] == max(ys.values())


@pytest.mark.parametrize("gid", ["buddyfight", "xianjian"])
def test_a_notebook_gets_themed_inline_svg(gid):
    game = tr.load_game(gid)
    state = game.new_game(seed=1)
    dg = graph.phase_graph(game, state)
    if graph.use_available_dot() is None:
        pytest.skip("neither dot nor graphviz-pure is installed")
    bundle = dg._repr_mimebundle_()
    html = bundle["text/html"]
    assert "<svg" in html and "var(--jp-ui-font-color0" in html and "var(--jp-layout-color" in html
    assert "overflow-x: auto" in html                    # shown at its size, scrolling if need be
    assert bundle["image/svg+xml"].lstrip().startswith("<?xml")      # for exports that read images
    used = set(re.findall(r'(?:fill|stroke)="(#[0-9a-fA-F]{6}|white|black)"', bundle["image/svg+xml"]))
    lit = {graph.STYLE["current"]["fillcolor"], graph.STYLE["current"]["fontcolor"]}
    unmapped = used - set(graph.THEME) - lit - {"none", "transparent"}
    assert not unmapped, unmapped
    assert dg._repr_mimebundle_(include=["image/svg+xml"]).keys() == {"image/svg+xml"}


def test_graph_html_for_widgets_is_themed_too(bf):
    if graph.use_available_dot() is None:
        pytest.skip("neither dot nor graphviz-pure is installed")
    out = graph.graph_html(bf, bf.new_game(seed=1))
    assert "var(--jp-ui-font-color0" in out and "<svg" in out
