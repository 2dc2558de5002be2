"""Shared by the browser benchmarks (first_table.py, classroom.py): Voila started the README's way
from the clone's root (so it reads ``voila.json``), Debian's Chromium driven by Playwright, only
127.0.0.1.

Everything is bounded: each server is started on a free loopback port, probed for at most
``START_TIMEOUT`` seconds, and stopped by its own PID (SIGTERM, then SIGKILL); the browser never
asks for anything outside 127.0.0.1 (the font stylesheet Voila links from a CDN is refused).
"""
from __future__ import annotations

import asyncio
import os
import pathlib
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlparse

ROOT = pathlib.Path(__file__).resolve().parents[1]
BIN = pathlib.Path(sys.executable).parent
START_TIMEOUT = 90.0
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", "--disable-quic"]
LOCAL = {"127.0.0.1", "localhost"}
# A table is playable when one of its action controls (or the hot-seat's reveal button) is enabled.
PLAYABLE = ("div.ttr-playtable button.ttr-action:not([disabled]), div.ttr-playtable button.ttr-do:not([disabled]), "
            "div.ttr-playtable button.ttr-reveal:not([disabled])")
APPS = ["buddyfight-table", "blood-recall-story-table", "vividz-table", "mirror-dolls-table", "xianjian-table"]
FOLDERS = {"en": "notebooks/apps/", "zh": "notebooks/zh/apps/"}


def chromium() -> str:
    path = shutil.which("chromium") or "/usr/bin/chromium"
    if not os.access(path, os.X_OK):
        raise SystemExit("Debian's chromium is needed (apt-get install -y --no-install-recommends chromium)")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
            return bool(r.status < 500)
    except urllib.error.HTTPError as exc:         # a 404 is an answer: the server is up
        return exc.code < 500
    except (urllib.error.URLError, OSError):
        return False


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of ``values``; NaN when there are none."""
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q / 100 * len(s) + 0.5) - 1))]


def med(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


class Voila:
    """``voila <folder> --no-browser --Voila.ip=127.0.0.1`` run from the clone's root (the README's
    command on this machine only), with Jupyter's runtime files in a temporary folder."""

    def __init__(self, folder: str, extra: list[str] | None = None):
        self.home = pathlib.Path(tempfile.mkdtemp(prefix="ttr-bench-"))
        self.log = self.home / "voila.log"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        env.update({"JUPYTER_RUNTIME_DIR": str(self.home / "runtime"), "PYTHONUNBUFFERED": "1",
                    "PATH": f"{BIN}{os.pathsep}{env.get('PATH', '')}",
                    "PYTHONPATH": os.pathsep.join([str(ROOT), *[p for p in env.get("PYTHONPATH", "").split(os.pathsep)
                                                                 if p]])})
        argv = [str(BIN / "voila"), folder, "--no-browser", "--Voila.ip=127.0.0.1", f"--port={self.port}",
                "--Voila.port_retries=0", *(extra or [])]
        with open(self.log, "ab") as out:
            self.proc: subprocess.Popen | None = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out,
                                                                  stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            if answers(self.url + "/voila/static/"):
                return
            time.sleep(0.25)
        tail = self.log.read_text(errors="replace")[-2000:]
        self.stop()
        raise RuntimeError(f"Voila did not start within {START_TIMEOUT} s:\n{tail}")

    def kernels(self) -> list[Any]:
        """The kernel processes this server started."""
        import psutil

        if self.proc is None:
            return []
        try:
            kids = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        out = []
        for p in kids:
            try:
                if p.status() != psutil.STATUS_ZOMBIE and any("ipykernel" in part for part in p.cmdline()):
                    out.append(p)
            except psutil.Error:
                pass
        return out

    def memory(self) -> tuple[float, list[float]]:
        """(RSS of the server and all its kernels, RSS of each kernel), in MB."""
        import psutil

        if self.proc is None:
            return 0.0, []
        try:
            server = psutil.Process(self.proc.pid)
            total = server.memory_info().rss
        except psutil.Error:
            return 0.0, []
        per = []
        for k in self.kernels():
            try:
                rss = k.memory_info().rss
            except psutil.Error:
                continue
            per.append(rss / 1e6)
            total += rss
        return total / 1e6, per

    def quiet(self, timeout: float = 60.0, below: float = 15.0) -> None:
        """Wait (bounded) until the server and its kernels use under ``below`` % of a core: the
        preheated kernels have run their notebooks."""
        import psutil

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            procs = [psutil.Process(self.proc.pid), *self.kernels()] if self.proc else []
            for p in procs:
                try:
                    p.cpu_percent(None)
                except psutil.Error:
                    pass
            time.sleep(1.0)
            used = 0.0
            for p in procs:
                try:
                    used += p.cpu_percent(None)
                except psutil.Error:
                    pass
            if used < below:
                return

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            os.kill(proc.pid, signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(5)
        shutil.rmtree(self.home / "runtime", ignore_errors=True)


def local_context(browser: Any) -> Any:
    """A browser context that refuses every request outside 127.0.0.1."""
    context = browser.new_context(viewport={"width": 1300, "height": 900}, service_workers="block")

    def route(r: Any) -> None:
        if urlparse(r.request.url).hostname in LOCAL or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            r.abort()

    context.route("**/*", route)
    context.set_default_timeout(60_000)
    return context


# The table's DOM is watched from the page: the time of its last change (performance.now()).
WATCH_JS = """() => {
  if (window.ttrWatch) return;
  window.ttrWatch = {last: performance.now()};
  new MutationObserver(() => { window.ttrWatch.last = performance.now(); })
    .observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def click_and_time(page: Any, control: Any, quiet_ms: int = 400, timeout_s: float = 30.0) -> float:
    """Click ``control`` and return the seconds until the page's last change before it stayed
    unchanged for ``quiet_ms`` (the kernel's reply drawn: the human's move, the bot's replies, the
    new controls). Bounded by ``timeout_s``."""
    page.evaluate(WATCH_JS)
    t0 = page.evaluate("() => { window.ttrWatch.last = 0; return performance.now(); }")
    control.click(timeout=10_000)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        page.wait_for_timeout(100)
        now, last = page.evaluate("() => [performance.now(), window.ttrWatch.last]")
        if last > t0 and now - last >= quiet_ms and page.locator(PLAYABLE).count() + \
                page.locator("div.ttr-playtable .ttr-banner").count() > 0:
            return float((last - t0) / 1000)
    raise TimeoutError(f"no answer within {timeout_s} s")


async def click_and_time_async(page: Any, control: Any, quiet_ms: int = 400, timeout_s: float = 30.0,
                               poll_s: float = 0.1) -> float:
    """``click_and_time`` for Playwright's async API (a class's pages share one event loop)."""
    await page.evaluate(WATCH_JS)
    t0 = await page.evaluate("() => { window.ttrWatch.last = 0; return performance.now(); }")
    await control.click(timeout=10_000)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        await asyncio.sleep(poll_s)
        now, last = await page.evaluate("() => [performance.now(), window.ttrWatch.last]")
        if last > t0 and now - last >= quiet_ms and (
                await page.locator(PLAYABLE).count() or await page.locator("div.ttr-playtable .ttr-banner").count()):
            return float((last - t0) / 1000)
    raise TimeoutError(f"a click was not answered within {timeout_s} s")
