"""Play on the board in a real browser (issue 35): for each game (``list_games()``), Voila serves
a play table against the random bot, and a whole seeded game is played by clicks on the board
alone: a card or a place (``[data-el]``), then a lit target, the ready card, or one of the choices
the board offers; the list view's buttons only for actions that belong to no card (marked
``ttr-offboard``). Some games in English, some in Chinese. Every click waits for what it changes
(never a fixed sleep). Screenshots: test-artifacts/browser/board-*.png.

Whole games take 50 to 160 clicks each here, the mirror dolls about 560 (the in-process test plays the same games
in a second); the browser's clicks are capped (MAX_CLICKS) and the time of each game is printed.
"""
from __future__ import annotations

import os
import random
import re
import time

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import tabletop_rules as tr
from tests.browser.test_browser import KERNEL_TIMEOUT, STDERR, TABLE, Shots, wait_until

pytestmark = pytest.mark.browser

GAMES = tr.list_games()
# a cap on one game's clicks (the longest, the mirror dolls' seeded game, takes 558); TTR_BOARD_CLICKS changes it
MAX_CLICKS = int(os.environ.get("TTR_BOARD_CLICKS", "800"))
TAIL = 30            # actions before the end of the seeded random game the table starts at
CLICK_TIMEOUT = 20
SHORT_WAIT = 6       # s: a click that changed nothing by then is read again (at most MAX_STALE times)
MAX_STALE = 5
# seeds of short games against the random bot (measured with tests/notebooks/test_board_click.py)
SEEDS = {"blood-recall-duel": 1, "blood-recall-story": 12, "buddyfight": 5, "vividz": 5, "mirror-dolls": 5,
         "xianjian": 5}
CJK = re.compile(r"[\u4e00-\u9fff]")

# What the board shows now, and where to click next (the test's random choice is made in Python).
MARKS_JS = """el => {
  const bv = el.querySelector('.ttr-boardview');
  const vis = n => n.offsetParent !== null;
  const pick = sel => [...bv.querySelectorAll(sel)].filter(vis).map(n => n.dataset.el);
  const status = el.querySelector('.widget-html');
  return {
    stamp: (status ? status.innerText : '') + '|' + bv.innerHTML.length + '|' + pick('.ttr-sel').join(',') + '|'
           + pick('.ttr-lit').join(',') + '|' + bv.querySelectorAll('.ttr-choice').length + '|'
           + [...el.querySelectorAll('button.ttr-offboard')].map(b => b.innerText).join(','),
    selected: pick('.ttr-sel'), lit: pick('.ttr-lit'), play: pick('.ttr-play'),
    choices: bv.querySelectorAll('.ttr-choice').length,
    off: [...el.querySelectorAll('button.ttr-offboard:not([disabled])')].length,
    over: !!el.querySelector('.ttr-banner'),
    status: status ? status.innerText : '',
    error: [...el.querySelectorAll('.ttr-error')].map(e => e.innerText).join(' | '),
  };
}"""


def app_notebook(folder, gid: str, lang: str, tail: int | None) -> str:
    """A one-cell app: the game's table, seat 0 a person, the others the random bot. ``tail``: the
    table starts ``tail`` actions before the end of a seeded random game (at seat 0's move), so
    the browser plays that game's last part; None: a whole game from the deal."""
    game = tr.load_game(gid)
    seats = ["human"] + ["random"] * (game.player_counts[0] - 1)
    seed = SEEDS.get(gid, 1)
    code = ["import random", "import tabletop_rules as tr", "from tabletop_rules.notebook.table import PlayTable",
            f"game = tr.load_game({gid!r})"]
    if tail is None:
        code.append(f"PlayTable(game, seed={seed}, seats={seats!r}, lang={lang!r}, graph=False)")
    else:
        code += [f"s, r = game.new_game(seed={seed}, players={len(seats)}), random.Random({seed})",
                 "while not s.is_over:", "    s.apply(r.choice(s.legal_actions()))",
                 f"n = max(0, len(s.record.actions) - {tail})",
                 "while n > 0 and s.record.actions[n]['player'] != 0:", "    n -= 1",
                 f"PlayTable(game, seats={seats!r}, lang={lang!r}, graph=False, "
                 "record=game.replay(s.record, upto=n).record)"]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("\n".join(code))])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    name = f"board-{gid}-{lang}-{'whole' if tail is None else tail}.ipynb"
    nbformat.write(nb, str(folder / name))
    return name


def stable_marks(page, table, before: str | None, timeout: float = CLICK_TIMEOUT) -> dict:
    """The board's marks once they changed from ``before`` and held for two reads."""
    reads: list[dict] = []

    def ready():
        m = table.evaluate(MARKS_JS)
        reads.append(m)
        last = reads[-2:]
        changed = before is None or m["stamp"] != before
        return changed and len(last) == 2 and last[0]["stamp"] == last[1]["stamp"] and m

    return wait_until(page, ready, timeout, "the board to answer the click", interval_ms=60)


def click_el(table, ref: str) -> None:
    node = table.locator(f".ttr-boardview [data-el='{ref}']").first
    box = node.bounding_box(timeout=SHORT_WAIT * 1000)
    card = "ttr-card" in (node.get_attribute("class") or "")
    # a card in its middle; a place, a slot or a side at its label (its top left corner)
    pos = {"x": box["width"] / 2, "y": box["height"] / 2} if card and box else {"x": 4, "y": 4}
    node.click(position=pos, timeout=SHORT_WAIT * 1000)


@pytest.mark.parametrize("gid", GAMES)
def test_a_game_ends_by_clicks_on_the_board(gid, voila_context, voila_apps, jupyter_home, artifacts):
    """The last TAIL actions of a seeded game, played to the banner by board clicks."""
    lang = "zh" if GAMES.index(gid) % 2 else "en"
    play(gid, lang, TAIL, voila_context, voila_apps, jupyter_home, artifacts)


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
def test_a_whole_game_by_clicks_on_the_board(gid, voila_context, voila_apps, jupyter_home, artifacts):
    """Whole games from the deal: ~100-160 clicks, 20-45 s each here; the mirror dolls' game is
    the long one (510 board clicks and 48 list buttons, 97 s on a quiet machine)."""
    lang = "en" if GAMES.index(gid) % 2 else "zh"
    play(gid, lang, None, voila_context, voila_apps, jupyter_home, artifacts)


def play(gid, lang, tail, voila_context, voila_apps, jupyter_home, artifacts):
    name = app_notebook(jupyter_home["notebooks"] / "apps", gid, lang, tail)
    context, log = voila_context
    page = context.new_page()
    shots = Shots(page, artifacts, log, f"board-{gid}-{lang}-{tail or 'whole'}")
    table = page.locator(TABLE)
    rng = random.Random(gid)
    board_clicks = button_clicks = stale = 0
    lit_shot = ""
    t0 = time.monotonic()
    try:
        with shots.step("open"):
            page.goto(f"{voila_apps}/voila/render/{name}", wait_until="domcontentloaded",
                      timeout=KERNEL_TIMEOUT * 1000)
            table.locator(".ttr-boardview .ttr-board").first.wait_for(state="visible", timeout=KERNEL_TIMEOUT * 1000)
            marks = stable_marks(page, table, None)
        shots.take("01-opened", table)
        for i in range(MAX_CLICKS):
            if marks["over"]:
                break
            with shots.step(f"click-{i + 1}", table):
                assert not marks["error"], marks["error"]
                before = marks["stamp"]
                try:
                    if marks["choices"]:
                        table.locator(".ttr-boardview .ttr-choice").nth(rng.randrange(marks["choices"])).click(
                            timeout=SHORT_WAIT * 1000)
                        board_clicks += 1
                    elif marks["lit"]:
                        click_el(table, rng.choice(marks["lit"]))
                        board_clicks += 1
                    elif marks["play"] and (not marks["off"] or rng.random() < 0.85):
                        click_el(table, rng.choice(marks["play"]))
                        board_clicks += 1
                    else:
                        assert marks["off"], f"nothing to click: {marks}"
                        table.locator("button.ttr-offboard:not([disabled])").nth(rng.randrange(marks["off"])).click(
                            timeout=SHORT_WAIT * 1000)
                        button_clicks += 1
                    marks = stable_marks(page, table, before, SHORT_WAIT)
                except (AssertionError, PlaywrightTimeout):
                    # The page was read between two of the kernel's messages (the status, the board,
                    # the list's buttons are drawn one after the other): what was clicked is gone or
                    # belonged to the last position. Read again once all is drawn.
                    stale += 1
                    assert stale <= MAX_STALE, f"{stale} clicks changed nothing"
                    marks = stable_marks(page, table, None)
                if marks["lit"] and not lit_shot:
                    lit_shot = shots.take("02-lit", table)
        seconds = time.monotonic() - t0
        shots.take("03-over", table)
        print(f"\n{gid} ({lang}): {board_clicks} board clicks, {button_clicks} list buttons, {stale} read again, "
              f"{seconds:.1f} s")
        with shots.step("checks", table):
            assert marks["over"], f"no game-over banner after {MAX_CLICKS} clicks"
            assert board_clicks > button_clicks
            assert bool(CJK.search(marks["status"])) == (lang == "zh"), marks["status"][:200]
            body = page.locator("body").inner_text()
            assert "Traceback" not in body, body[body.find("Traceback"):][:1500]
            assert not page.locator(".ttr-error").count()
            assert not page.locator(STDERR).all_inner_texts()
            assert not log.page_errors, log.page_errors[:3]
    finally:
        page.close()
