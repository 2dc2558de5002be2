"""Issue 40.1: seconds from opening a table app to a playable table, in a real browser.

For each language, Voila serves that edition's apps folder as the README says (``voila
notebooks/apps/`` or ``notebooks/zh/apps/`` from the clone's root, so ``voila.json`` applies,
preheated kernels included), on 127.0.0.1 only. Each table app is opened ``--repeat`` times, one
page at a time (a student arriving): the clock runs from the page's request until one of the
table's action controls is enabled (or the hot-seat's reveal button). Between openings the
server is left to become quiet (a preheated kernel refilled), bounded in time. Debian's Chromium
is launched by path (never ``playwright install``). One row per app and language is appended to
``RESULTS.md``::

    python benchmarks/first_table.py                   # both languages, 3 openings per app
    python benchmarks/first_table.py --no-preheat      # the same, every page starting its kernel
    python benchmarks/first_table.py --lang zh --repeat 1 --no-write

``--check`` exits 1 when an app's median is 3 s or more (issue 40's target).
"""
from __future__ import annotations

import argparse
import sys
import time

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))

from _results import add_row, machine
from _voila import APPS, CHROMIUM_ARGS, FOLDERS, PLAYABLE, Voila, chromium, local_context, med

TARGET_S = 3.0
HEADERS = ["date", "machine", "Python", "run", "lang", "app", "openings", "first table median s", "max s",
           "target 3 s"]


def open_once(browser, url: str, timeout_s: float = 60.0) -> float:
    context = local_context(browser)
    try:
        page = context.new_page()
        t0 = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=int(timeout_s * 1000))
        page.locator(PLAYABLE).first.wait_for(state="visible", timeout=int(timeout_s * 1000))
        took = time.perf_counter() - t0
        page.close(run_before_unload=True)       # Voila's page shuts its kernel down on leaving
        return took
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lang", choices=["en", "zh", "both"], default="both")
    ap.add_argument("--app", action="append", choices=APPS, help="only these apps (repeatable)")
    ap.add_argument("--repeat", type=int, default=3, help="openings per app (1-10)")
    ap.add_argument("--no-preheat", action="store_true", help="start a kernel per page (Voila's default)")
    ap.add_argument("--label", default=None, help="the run's name in RESULTS.md")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    repeat = max(1, min(10, args.repeat))
    from playwright.sync_api import sync_playwright

    extra = ["--VoilaConfiguration.preheat_kernel=False"] if args.no_preheat else []
    label = args.label or ("no preheat" if args.no_preheat else "voila.json")
    langs = ["en", "zh"] if args.lang == "both" else [args.lang]
    failed = False
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS, headless=True)
        try:
            for lang in langs:
                server = Voila(FOLDERS[lang], extra)
                try:
                    server.quiet()
                    for app in args.app or APPS:
                        times = []
                        for _ in range(repeat):
                            times.append(open_once(browser, f"{server.url}/voila/render/{app}.ipynb"))
                            server.quiet()
                        m = med(times)
                        ok = m < TARGET_S
                        failed |= not ok
                        print(f"{lang} {app}: median {m:.2f} s, max {max(times):.2f} s "
                              f"({', '.join(f'{x:.2f}' for x in times)})", flush=True)
                        if not args.no_write:
                            info = machine()
                            add_row("First playable table in the browser (benchmarks/first_table.py)", HEADERS,
                                    [info["date"], info["machine"], info["python"], label, lang, app, str(repeat),
                                     f"{m:.2f}", f"{max(times):.2f}", "ok" if ok else "missed"])
                finally:
                    server.stop()
        finally:
            browser.close()
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
