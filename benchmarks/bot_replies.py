"""Issue 40.2: the recommended bot's reply to a click, in a real browser in Voila, while a class plays.

Voila serves ``notebooks/apps/`` as the README says (``voila.json`` applies: the apps seat
``ismc``, the recommended bot, with the table's time budget), on 127.0.0.1 only. ``--load`` (4)
other students play meanwhile (light clients, ``_voila_client.py``: what their browsers would ask
of the server, one click a ``--think`` second). For every app where a person plays the bot, a
page in Debian's Chromium clicks ``--clicks`` (40) seeded random action buttons; each click is
timed from the click to the last change of the page before it stayed unchanged for 0.4 s: the
person's action, every bot decision up to the person's next turn and the redraw, as shown.
A game that ends is replaced by a new page (a new game). Per game: median, p90, p99 and max;
target p99 < 1 s. (The duel of Blood Recall has no app; ``table_bots.py`` measures it outside
the browser, as every game.)

    python benchmarks/bot_replies.py                    # 40 clicks a game, 4 other students
    python benchmarks/bot_replies.py --clicks 10 --load 0 --no-write     # a quick try

Bounded: each click 30 s, each page 120 s, the whole run ``--timeout`` (900) s; Voila is stopped
by its PID. ``--check`` exits 1 when a game's p99 is 1 s or more.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sys
from typing import Any

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))

from _results import add_row, machine
from _voila import CHROMIUM_ARGS, PLAYABLE, Voila, chromium, click_and_time_async, med, pct
from _voila_client import light_student
from classroom import CLICK_TIMEOUT, QUIET_MS, TABLE_TIMEOUT, student_context

TARGET_S = 1.0
BOT_APPS = {"buddyfight": "buddyfight-table", "vividz": "vividz-table", "mirror-dolls": "mirror-dolls-table",
            "xianjian": "xianjian-table"}
LOAD_APPS = ["buddyfight-table", "vividz-table", "mirror-dolls-table", "xianjian-table", "blood-recall-story-table"]
SECTION = "Bot replies in the browser, while a class plays (benchmarks/bot_replies.py)"
HEADERS = ["date", "machine", "Python", "run", "game", "other students", "clicks", "median s", "p90 s", "p99 s",
           "max s", "target p99 1 s"]
ACTIONS = "div.ttr-playtable button.ttr-action:not([disabled])"


async def timed_click(page: Any, rng: random.Random) -> float:
    """Click a seeded random action button (else any play control); seconds until the page's answer."""
    actions = page.locator(ACTIONS)
    n = await actions.count()
    control = actions.nth(rng.randrange(n)) if n else page.locator(PLAYABLE).first
    return await click_and_time_async(page, control, QUIET_MS, CLICK_TIMEOUT, poll_s=0.1)


async def measure(browser: Any, url: str, clicks: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    out: list[float] = []
    pages = 0
    while len(out) < clicks and pages < 20:
        pages += 1
        context = await student_context(browser)
        page = await context.new_page()
        try:
            await page.goto(url, wait_until="commit", timeout=int(TABLE_TIMEOUT * 1000))
            await page.locator(PLAYABLE).first.wait_for(state="visible", timeout=int(TABLE_TIMEOUT * 1000))
            while len(out) < clicks and not await page.locator("div.ttr-playtable .ttr-banner").count():
                await asyncio.sleep(0.3)                # a person reads the table
                out.append(await timed_click(page, rng))
        finally:
            await page.close(run_before_unload=True)
            await context.close()
    return out


async def class_load(base: str, k: int, think: float, stop: asyncio.Event) -> None:
    async def one(i: int) -> None:
        n = 0
        while not stop.is_set():
            r: dict = {}
            await light_student(base, LOAD_APPS[(i + n) % len(LOAD_APPS)], 40, think, 1000 * i + n, r)
            n += 1
    await asyncio.gather(*(one(i) for i in range(k)))


async def run(server: Voila, games: list[str], clicks: int, load: int, think: float) -> dict[str, list[float]]:
    from playwright.async_api import async_playwright

    stop = asyncio.Event()
    others = asyncio.create_task(class_load(server.url, load, think, stop))
    out: dict[str, list[float]] = {}
    try:
        await asyncio.sleep(min(5.0, load * 1.0))       # the others are seated first
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS, headless=True)
            try:
                for g in games:
                    out[g] = await measure(browser, f"{server.url}/voila/render/{BOT_APPS[g]}.ipynb", clicks, 7)
                    print(f"{g}: {len(out[g])} clicks, median {med(out[g]):.3f} s, p99 {pct(out[g], 99):.3f} s",
                          flush=True)
            finally:
                await browser.close()
    finally:
        stop.set()
        await asyncio.wait_for(others, 120)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", choices=sorted(BOT_APPS))
    ap.add_argument("--clicks", type=int, default=40, help="clicks per game (1-200)")
    ap.add_argument("--load", type=int, default=4, help="other students playing meanwhile (0-30)")
    ap.add_argument("--think", type=float, default=1.0, help="seconds the others look before each click")
    ap.add_argument("--timeout", type=float, default=900.0)
    ap.add_argument("--label", default="voila.json (ismc, the table's time budget)")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    clicks, load = max(1, min(200, args.clicks)), max(0, min(30, args.load))
    games = args.game or list(BOT_APPS)
    server = Voila("notebooks/apps/")
    try:
        server.quiet()
        times = asyncio.run(asyncio.wait_for(run(server, games, clicks, load, max(0.1, args.think)), args.timeout))
    finally:
        server.stop()
    failed = False
    print(f"\n=== Bot replies in the browser, {load} other students playing (target p99 < {TARGET_S:g} s) ===")
    for g, lat in times.items():
        p99 = pct(lat, 99)
        ok = p99 < TARGET_S
        failed |= not ok
        row = [f"{med(lat):.3f}", f"{pct(lat, 90):.3f}", f"{p99:.3f}", f"{max(lat, default=float('nan')):.3f}"]
        print(f"  [{'ok' if ok else 'MISSED'}] {g}: {len(lat)} clicks, median / p90 / p99 / max {' / '.join(row)} s",
              flush=True)
        if not args.no_write:
            info = machine()
            add_row(SECTION, HEADERS, [info["date"], info["machine"], info["python"], args.label, g, str(load),
                                       str(len(lat)), *row, "ok" if ok else "missed"])
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
