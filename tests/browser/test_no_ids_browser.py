"""Issue 35 item 2 in a real browser: what a learner reads at a Voila table app shows no engine id.

One table per language (Vividz in English; the mirror-doll duel switched to 中文 by its language
buttons), a bounded number of clicks on the table's own controls; after each click the page's
innerText, every button's text and every picker option are read with the in-process test's
detector (tests/notebooks/noid.py)."""
from __future__ import annotations

import pytest

import tabletop_rules as tr
from tests.browser.test_browser import CLICK_TIMEOUT, KERNEL_TIMEOUT, TABLE, settle, table_state, wait_until
from tests.notebooks.noid import id_leaks

pytestmark = pytest.mark.browser

CLICKS = 12

READ_JS = """el => ({
  text: el.innerText,
  buttons: [...el.querySelectorAll('button')].filter(b => b.offsetParent !== null).map(b => b.innerText),
  options: [...el.querySelectorAll('select option')].map(o => o.innerText),
})"""


def page_leaks(table, words: set[str]) -> list[str]:
    seen = table.evaluate(READ_JS)
    found = [f"page: {x}" for x in id_leaks(seen["text"], words, control=False)]
    found += [f"button {b!r}: {x}" for b in seen["buttons"] for x in id_leaks(b, words)]
    found += [f"option {o!r}: {x}" for o in seen["options"] for x in id_leaks(o, words, option=True)]
    return found


def play_reading(page, table, words: set[str], clicks: int) -> list[str]:
    found: list[str] = []
    for i in range(clicks):
        before = settle(page, table)
        found += [f"click {i}: {x}" for x in page_leaks(table, words)]
        if before["over"]:
            break
        control = table.locator("button.ttr-do:not([disabled]), button.ttr-action:not([disabled])")
        control.nth(i % control.count()).click()
        wait_until(page, lambda before=before: table_state(table)["status"] != before["status"]
                   or table_state(table)["board"] != before["board"] or table_state(table)["log"] != before["log"],
                   CLICK_TIMEOUT, "the table to answer a click")
    return found


@pytest.mark.parametrize("app,game_id,lang", [("vividz-table", "vividz", "en"),
                                              ("mirror-dolls-table", "mirror-dolls", "zh")])
def test_no_engine_id_on_the_page(voila_context, voila_apps, app, game_id, lang):
    context, _log = voila_context
    game = tr.load_game(game_id)
    words = {c for c in game.cards if "-" in c or "_" in c}
    page = context.new_page()
    table = page.locator(TABLE)
    try:
        page.goto(f"{voila_apps}/voila/render/{app}.ipynb", wait_until="domcontentloaded",
                  timeout=KERNEL_TIMEOUT * 1000)
        table.locator(".ttr-board").first.wait_for(state="visible", timeout=KERNEL_TIMEOUT * 1000)
        settle(page, table)
        if lang == "zh":
            table.locator("button", has_text="中文").first.click()
            wait_until(page, lambda: "座位" in table_state(table)["board"], CLICK_TIMEOUT, "the Chinese board")
        leaks = play_reading(page, table, words, CLICKS)
        assert not leaks, "\n".join(leaks[:15])
        # the detector reads this page: an id planted into it is found
        table.evaluate("el => el.querySelector('.ttr-board').insertAdjacentText('beforeend', ' real_f0 ')")
        assert any("real_f0" in x for x in page_leaks(table, words))
    finally:
        page.close()


def test_voila_listing_page_opens_an_app(voila_context, voila_apps):
    """The README's Voila note: the listing page of the served apps folder lists the apps and a
    click opens one, playable (Voila 0.5.13, JupyterLab 4.6)."""
    context, _log = voila_context
    page = context.new_page()
    try:
        page.goto(voila_apps + "/", wait_until="domcontentloaded", timeout=KERNEL_TIMEOUT * 1000)
        entry = page.get_by_text("vividz-table.ipynb").first
        entry.wait_for(state="visible", timeout=KERNEL_TIMEOUT * 1000)
        assert "buddyfight-table.ipynb" in page.locator("body").inner_text()
        with context.expect_page(timeout=KERNEL_TIMEOUT * 1000) as opened:
            entry.click()
        app = opened.value
        try:
            app.locator(TABLE).locator("button.ttr-action, button.ttr-do").first.wait_for(
                state="visible", timeout=KERNEL_TIMEOUT * 1000)
            assert "/voila/render/vividz-table.ipynb" in app.url
        finally:
            app.close()
    finally:
        page.close()
