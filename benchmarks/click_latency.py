"""Issue 35 ("done when"): click to redrawn board at every game's table app, in Voila, in a real browser.

For each language, Voila serves that edition's apps folder the README's way (``voila
notebooks/apps/`` from the clone's root, so ``voila.json`` applies), on 127.0.0.1 only; Debian's
Chromium (by path) opens each table app once and makes ``--clicks`` clicks on the table's own
controls (an action button, a picker's "Do it", the hot-seat's reveal button), picked by a seeded
RNG. The clock runs in the page (``performance.now()``): from the click until the frame after the
board's element was first replaced by the kernel's reply has been painted (the first redraw: the
reader's move drawn, with a quick bot's answer; a searching bot's answer follows it, timed by
``bot_replies.py``), read when the page has then been quiet for ``QUIET_MS``; a click
that leaves the board as it was counts until the page's last change. A finished game is dealt
again by "New game" (not timed).

One row per app and language goes to ``RESULTS.md`` (median, 95th percentile, max; target
150 ms at the 95th percentile)::

    python benchmarks/click_latency.py                         # both languages, 40 clicks per app
    python benchmarks/click_latency.py --lang en --clicks 10 --app vividz-table --no-write

``--check`` exits 1 when an app's 95th percentile is at or over the target.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))

from _results import add_row, machine
from _voila import APPS, CHROMIUM_ARGS, FOLDERS, PLAYABLE, Voila, chromium, local_context, med, pct

TARGET_MS = 150.0
QUIET_MS = 300
HEADERS = ["date", "machine", "Python", "run", "lang", "app", "clicks", "median ms", "p95 ms", "max ms",
           "target p95 150 ms", "to the board's message: median / p95 ms", "message to board drawn: median / p95 ms"]

# The board's element is replaced when the kernel sends a new board: the time of that replacement
# (and of the page's last change) are kept in the page.
WATCH_JS = """() => {
  if (window.ttrClick) return;
  const board = () => document.querySelector('div.ttr-playtable .ttr-board');
  window.ttrClick = {last: performance.now(), board: 0, node: board()};
  new MutationObserver(() => {
    const now = performance.now(), w = window.ttrClick, b = board();
    w.last = now;
    if (b !== w.node && !w.board) {
      // the first board the click brings: the reader's move drawn (against a searching bot the
      // bot's reply is drawn after it, a second board: timed by benchmarks/bot_replies.py)
      w.node = b; w.board = now; w.msg = window.ttrMsgs ? window.ttrMsgs.last : 0;
      // drawn: the frame after the change has been styled, laid out and painted
      requestAnimationFrame(() => setTimeout(() => { if (w.node === b) w.board = performance.now(); }, 0));
    } else if (b !== w.node) {
      w.node = b;
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


# Where the time goes: every websocket message's arrival is noted (the page's WebSocket wrapped
# before Voila's scripts run), so a click splits into the kernel's part (click to the arrival of
# the message that brought the new board: the trip both ways, the rules, the bots, the redraw in
# Python) and the browser's (that message to the board replaced: decoding, rendering, style).
SOCKET_JS = """() => {
  const Orig = window.WebSocket;
  window.ttrMsgs = {last: 0};
  window.WebSocket = function(...args) {
    const ws = new Orig(...args);
    ws.addEventListener('message', () => { window.ttrMsgs.last = performance.now(); });
    return ws;
  };
  window.WebSocket.prototype = Orig.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
}"""


def timed_click(page, control, timeout_s: float = 30.0) -> tuple[float, bool, float]:
    """Seconds from clicking ``control`` to the board redrawn (or the page's last change),
    whether the board was redrawn, and the seconds to the arrival of the message that brought the
    board (NaN: no board, or no message seen)."""
    page.evaluate(WATCH_JS)
    t0 = page.evaluate("() => { const w = window.ttrClick; w.last = 0; w.board = 0; w.msg = 0; "
                       "return performance.now(); }")
    control.click(timeout=10_000)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        page.wait_for_timeout(50)
        now, last, board, first = page.evaluate(
            "() => [performance.now(), window.ttrClick.last, window.ttrClick.board, "
            "window.ttrClick.msg]")
        if last > t0 and now - last >= QUIET_MS:
            end = board if board > t0 else last
            msg = float((first - t0) / 1000) if board > t0 and first > t0 else float("nan")
            return float((end - t0) / 1000), board > t0, msg
    raise TimeoutError(f"no answer within {timeout_s} s")


def play(page, clicks: int, rng: random.Random) -> tuple[list[float], int, list[float], list[float]]:
    """``clicks`` timed clicks; their times, how many redrew the board, and for each redraw its
    time to the message that brought the board and from there to the board replaced."""
    out: list[float] = []
    firsts: list[float] = []
    browser: list[float] = []
    redrawn = 0
    page.locator(PLAYABLE).first.wait_for(state="visible", timeout=90_000)
    while len(out) < clicks:
        if page.locator("div.ttr-playtable .ttr-banner").count():
            new = page.locator("div.ttr-playtable button:has(i.fa-refresh)").first
            new.click()
            page.locator(PLAYABLE).first.wait_for(state="visible", timeout=30_000)
            continue
        controls = page.locator(PLAYABLE)
        n = controls.count()
        if not n:
            page.wait_for_timeout(100)
            continue
        took, drawn, first = timed_click(page, controls.nth(rng.randrange(n)))
        out.append(took)
        redrawn += drawn
        if first == first:
            firsts.append(first)
            browser.append(took - first)
    return out, redrawn, firsts, browser


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lang", choices=["en", "zh", "both"], default="both")
    ap.add_argument("--app", action="append", choices=APPS, help="only these apps (repeatable)")
    ap.add_argument("--clicks", type=int, default=40, help="timed clicks per app (5-500)")
    ap.add_argument("--seed", type=int, default=1, help="the RNG that picks the controls")
    ap.add_argument("--label", default="voila.json", help="the run's name in RESULTS.md")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    clicks = max(5, min(500, args.clicks))
    from playwright.sync_api import sync_playwright

    langs = ["en", "zh"] if args.lang == "both" else [args.lang]
    failed = False
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS, headless=True)
        try:
            for lang in langs:
                server = Voila(FOLDERS[lang])
                try:
                    server.quiet()
                    for app in args.app or APPS:
                        context = local_context(browser)
                        try:
                            context.add_init_script(script=f"({SOCKET_JS})()")
                            page = context.new_page()
                            page.goto(f"{server.url}/voila/render/{app}.ipynb", wait_until="commit")
                            times, redrawn, firsts, draws = play(page, clicks, random.Random(args.seed))
                            page.close(run_before_unload=True)
                        finally:
                            context.close()
                        ms = [x * 1000 for x in times]
                        p95, m = pct(ms, 95), med(ms)
                        ok = p95 < TARGET_MS
                        failed |= not ok
                        kernel = [x * 1000 for x in firsts]
                        drawing = [x * 1000 for x in draws]
                        print(f"{lang} {app}: median {m:.0f} ms, p95 {p95:.0f} ms, max {max(ms):.0f} ms "
                              f"({len(ms)} clicks, {redrawn} redrew the board); to the board's message: "
                              f"median {med(kernel):.0f} ms, p95 {pct(kernel, 95):.0f} ms; from it to the board drawn: "
                              f"median {med(drawing):.0f} ms, p95 {pct(drawing, 95):.0f} ms", flush=True)
                        if not args.no_write:
                            info = machine()
                            add_row("Click to redrawn board in Voila (benchmarks/click_latency.py)", HEADERS,
                                    [info["date"], info["machine"], info["python"], args.label, lang, app,
                                     str(len(ms)), f"{m:.0f}", f"{p95:.0f}", f"{max(ms):.0f}",
                                     "ok" if ok else "missed", f"{med(kernel):.0f} / {pct(kernel, 95):.0f}",
                                     f"{med(drawing):.0f} / {pct(drawing, 95):.0f}"])
                        server.quiet(timeout=20)
                finally:
                    server.stop()
        finally:
            browser.close()
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
