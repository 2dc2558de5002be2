"""Issue 36 in a real JupyterLab: the phase graph is legible and follows the theme; the table
diagram shows as an SVG picture; a "rules at a glance" link scrolls to its clause's row of the rule
table. A small notebook written here is run with Run All.

Checked in the page: the graph's words are at least ``graph.MIN_FONT_PX`` high as drawn; a node's
text is painted in the theme's font colour (and follows it when the theme variable changes, as a
switch to the dark theme does); the diagram image loads at its size.
"""
from __future__ import annotations

import json
import re

import pytest
from test_browser import KERNEL_TIMEOUT, Shots, kernel_idle, prompts, run_all, wait_until

from tabletop_rules.notebook.graph import MIN_FONT_PX

pytestmark = pytest.mark.browser

GLANCE = """sections:
  - id: aim
    lines: [{en: "Outlast the other team.", zh: "比另一队坚持得更久。", clauses: [XJ-6.1]}]
  - id: table
    lines: [{en: "Two teams face each other.", zh: "两队相对而坐。", clauses: [XJ-1.2]}]
  - id: setup
    lines: [{en: "Three cards each.", zh: "每人三张牌。", clauses: [XJ-2.6]}]
  - id: turn
    lines: [{en: "Event, skills, battle, draw, discard.", zh: "事件、技牌、战斗、补牌、弃牌。", clauses: [XJ-4.3]}]
  - id: limits
    lines: [{en: "Hand limit 3.", zh: "手牌上限 3。", clauses: [XJ-4.8]}]
"""

CELLS = [
    "import tabletop_rules as tr\nfrom tabletop_rules.notebook.graph import phase_graph\n"
    "from tabletop_rules.notebook.diagram import show_table_diagram\ngame = tr.load_game('xianjian')",
    "phase_graph(game, game.new_game(seed=1))",
    "show_table_diagram(game, 'zh', players=4)",
    "from IPython.display import HTML\nfrom tabletop_rules.notebook.glance import glance_html\n"
    "HTML(glance_html(game, 'en', path='issue36-glance.yaml'))",
    "from tabletop_rules.notebook.explain import rules_table\nrules_table(game)",
]


@pytest.fixture(scope="module")
def themed_page(lab_context, jupyter_lab, jupyter_home, artifacts):
    nb = {"cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None, "outputs": [],
                     "source": src} for i, src in enumerate(CELLS)],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (jupyter_home["notebooks"] / "issue36-graph.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    (jupyter_home["notebooks"] / "issue36-glance.yaml").write_text(GLANCE, encoding="utf-8")
    context, log = lab_context
    page = context.new_page()
    shots = Shots(page, artifacts, log, "issue36")
    with shots.step("open-and-run"):
        page.goto(f"{jupyter_lab}/lab/tree/issue36-graph.ipynb?reset", wait_until="domcontentloaded",
                  timeout=KERNEL_TIMEOUT * 1000)
        page.locator(".jp-NotebookPanel .jp-Notebook").wait_for(timeout=KERNEL_TIMEOUT * 1000)
        wait_until(page, lambda: kernel_idle(page), KERNEL_TIMEOUT, "the kernel to start and be idle")
        run_all(page)
        try:
            wait_until(page, lambda: any(p != "[ ]:" for p in prompts(page)), 10, "Run All to start")
        except AssertionError:
            run_all(page)
        wait_until(page, lambda: kernel_idle(page) and all(re.fullmatch(r"\[\d+\]:", p) for p in prompts(page)),
                   KERNEL_TIMEOUT, "every cell to run")
        page.locator(".ttr-graph svg").first.wait_for(state="visible", timeout=KERNEL_TIMEOUT * 1000)
    yield page, shots
    page.close()


def test_graph_words_are_legible_as_drawn(themed_page):
    page, shots = themed_page
    with shots.step("legible", page.locator(".ttr-graph").first):
        smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.ttr-graph svg text')]
            .filter(t => t.textContent.trim()).map(t => t.getBoundingClientRect().height))""")
        # a text box is about 1.15 times its font size
        assert smallest / 1.15 >= MIN_FONT_PX - 0.5, smallest
    shots.take("graph", page.locator(".ttr-graph").first)


def test_graph_text_follows_the_theme_colour(themed_page):
    page, shots = themed_page
    with shots.step("theme", page.locator(".ttr-graph").first):
        fill = page.evaluate("""() => getComputedStyle(document.querySelector(
            ".ttr-graph svg text[fill='#222222']")).fill""")
        want = page.evaluate("""() => { const d = document.createElement('div');
            d.style.color = 'var(--jp-ui-font-color0)'; document.body.appendChild(d);
            const c = getComputedStyle(d).color; d.remove(); return c; }""")
        assert fill == want, (fill, want)
        # what a switch to the dark theme does: the variables change, the graph follows
        page.evaluate("() => document.body.style.setProperty('--jp-ui-font-color0', 'rgb(250, 240, 230)')")
        fill = page.evaluate("""() => getComputedStyle(document.querySelector(
            ".ttr-graph svg text[fill='#222222']")).fill""")
        assert fill == "rgb(250, 240, 230)", fill
        page.evaluate("() => document.body.style.removeProperty('--jp-ui-font-color0')")


def test_table_diagram_shows_as_a_picture(themed_page):
    page, shots = themed_page
    img = page.locator(".jp-RenderedSVG img").first
    with shots.step("diagram", img):
        img.scroll_into_view_if_needed()
        img.wait_for(state="visible")
        size = img.evaluate("i => [i.complete, i.naturalWidth, i.naturalHeight]")
        assert size[0] and size[1] > 500 and size[2] > 300, size
    shots.take("diagram", img)


def test_glance_links_land_on_the_rule_table_rows(themed_page):
    page, shots = themed_page
    link = page.locator(".ttr-glance a[href='#clause-XJ-4.8']").first
    with shots.step("glance-link", link):
        link.scroll_into_view_if_needed()
        link.click()
        row = page.locator("tr#clause-XJ-4\\.8")

        def in_view():
            return row.evaluate("""r => { const b = r.getBoundingClientRect();
                return b.height > 0 && b.top >= 0 && b.bottom <= window.innerHeight; }""")
        wait_until(page, in_view, 10, "the clicked clause's row to scroll into view")
    shots.take("glance-link", row)
