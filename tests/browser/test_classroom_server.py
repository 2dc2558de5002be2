"""Issues 33.6, 33.8 and 40.4 in a real browser: Voila started as the README says (from the clone's root,
so it reads ``voila.json``), three students' table apps, uploads of 12, 19.9 and 25 MB, then the pages
closed without a goodbye and their kernels culled (the warm pool of preheated kernels, issue 40.1, is
kept). The copy of ``voila.json`` the test serves differs from the shipped one only in shorter culling
times (seconds instead of minutes)."""
from __future__ import annotations

import json
import pathlib
import shutil
import time

import pytest

from tests.browser.conftest import ROOT, Server, local_only_context

pytestmark = [pytest.mark.browser, pytest.mark.slow]
psutil = pytest.importorskip("psutil")

KERNEL_TIMEOUT = 60          # s: a page's kernel to start and draw the table
CLICK_TIMEOUT = 30           # s: an upload or a click to be answered
CULL_TIMEOUT = 60            # s: every kernel gone after the pages close (idle 4 s, checked every 2 s)
TABLE = "div.widget-vbox.ttr-playtable"
APPS = ["buddyfight-table", "vividz-table", "mirror-dolls-table"]


def kernels(server: Server) -> list:
    """The kernel processes the Voila server started."""
    out = []
    for p in psutil.Process(server.proc.pid).children(recursive=True):
        try:                         # a kernel just culled may be a zombie for a moment: not counted
            if p.status() != psutil.STATUS_ZOMBIE and any("ipykernel" in part for part in p.cmdline()):
                out.append(p)
        except psutil.Error:
            pass
    return out


def warm_pool() -> int:
    """The preheated kernels ``voila.json`` keeps: ``default_pool_size`` for each app notebook not
    on the ``preheat_denylist``."""
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    deny = config.get("VoilaKernelManager", {}).get("preheat_denylist", [])
    apps = [p for p in (ROOT / "notebooks" / "apps").glob("*.ipynb") if not any(d in str(p) for d in deny)]
    return int(config["VoilaConfiguration"]["default_pool_size"]) * len(apps)


def wait_for(fn, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = fn()
        if value:
            return value
        time.sleep(0.5)
    raise AssertionError(f"waited {timeout} s for {what}")


@pytest.fixture(scope="module")
def classroom_server(jupyter_home, browser_tools, tmp_path_factory):
    root = tmp_path_factory.mktemp("classroom")
    shutil.copytree(ROOT / "notebooks" / "apps", root / "notebooks" / "apps")
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    config["MappingKernelManager"].update(cull_idle_timeout=4, cull_interval=2)
    (root / "voila.json").write_text(json.dumps(config), encoding="utf-8")

    def argv(port):         # the README's command, on this machine only
        return [browser_tools["voila"], "notebooks/apps/", "--no-browser", "--Voila.ip=127.0.0.1",
                f"--port={port}", "--Voila.port_retries=0"]

    server = Server("Voila (classroom)", argv, jupyter_home["env"], root, "/voila/static/",
                    jupyter_home["logs"] / "voila-classroom.log")
    try:
        yield server
    finally:
        server.stop()


def upload(page, table, path: pathlib.Path) -> str:
    """Upload ``path`` with the table's Upload button; the sentence shown beside it."""
    table.locator(".lm-TabBar-tab", has_text="Save").click()
    note = table.locator(".ttr-upload-note")
    page.evaluate("el => { el.querySelector('.widget-html-content').textContent = '' }",
                  note.element_handle())
    with page.expect_file_chooser() as chooser:
        table.locator(".widget-upload").click()
    chooser.value.set_files(str(path))
    return wait_for(lambda: note.inner_text().strip(), CLICK_TIMEOUT, f"a sentence after uploading {path.name}")


def test_a_class_plays_uploads_and_leaves_and_its_kernels_are_culled(classroom_server, browser, artifacts,
                                                                     tmp_path):
    report = {}
    with local_only_context(browser, artifacts, "classroom") as (context, log):
        # voila.json keeps preheated kernels per app notebook (their tables already drawn): a warm
        # pool that Voila never culls. The kernels the pages take are the ones that must go.
        pool_size = warm_pool()
        warm = wait_for(lambda: len(kernels(classroom_server)) >= pool_size and kernels(classroom_server),
                        KERNEL_TIMEOUT, "the warm pool of preheated kernels")
        pages, seeds = [], []
        for app in APPS:
            page = context.new_page()
            page.goto(f"{classroom_server.url}/voila/render/{app}.ipynb", wait_until="domcontentloaded",
                      timeout=KERNEL_TIMEOUT * 1000)
            table = page.locator(TABLE)
            table.locator(".ttr-board").first.wait_for(state="visible", timeout=KERNEL_TIMEOUT * 1000)
            seeds.append(table.locator("input[type=text]").first.input_value())
            # The shipped settings take "Open hands" away from the class.
            assert not table.get_by_text("Open hands").is_visible()
            pages.append(page)
        assert len(set(seeds)) == len(seeds), f"every page deals its own game: {seeds}"
        running = wait_for(lambda: len(kernels(classroom_server)) >= pool_size + len(APPS)
                           and kernels(classroom_server), KERNEL_TIMEOUT, "a kernel per page and the pool refilled")
        report["kernel_mb"] = [round(p.memory_info().rss / 2**20) for p in running]

        page, table = pages[0], pages[0].locator(TABLE)
        assert page.evaluate("window.ttrUploadGuard") == 1
        sizes = {"12MB": 12_000_000, "19.9MB": 19_900_000, "25MB": 25_000_000}
        for label, size in sizes.items():
            path = tmp_path / f"upload-{label}.json"
            # not a record, but the size and shape of one: a JSON object of blanks
            path.write_bytes(b"{" + b" " * (size - 2) + b"}")
            t0 = time.monotonic()
            report[label] = (upload(page, table, path), round(time.monotonic() - t0, 1))
        assert "not sent" in report["25MB"][0]                     # refused in the browser
        for label in ("12MB", "19.9MB"):                           # carried to the kernel, refused there
            assert "not a tabletop-rules game record" in report[label][0], report[label]
        # The websocket is still open: a click is answered (the next callback clears the note).
        table.locator(".ttr-action, .ttr-do").first.click()
        wait_for(lambda: not table.locator(".ttr-upload-note").inner_text().strip(), CLICK_TIMEOUT,
                 "the table to answer a click after the uploads")
        assert not log.page_errors, log.page_errors

        for p in pages:
            p.close()                   # no beforeunload: a lid shut, a crash, a lost network
    t0 = time.monotonic()
    before = {p.pid for p in warm}
    # The pages' kernels (taken from the first pool) are culled; the refilled pool stays, one per app.
    wait_for(lambda: len(kernels(classroom_server)) == pool_size
             and len(before & {p.pid for p in kernels(classroom_server)}) == pool_size - len(APPS),
             CULL_TIMEOUT, "every page's kernel to be culled, the warm pool kept")
    report["culled_after_s"] = round(time.monotonic() - t0, 1)
    (artifacts / "classroom-report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False),
                                                     encoding="utf-8")
    print(report)
