"""Real-browser fixtures: JupyterLab and Voila on free local ports, headless Chromium through Playwright.

Facts these fixtures rely on (measured, see shared/notes/jupyter-stack.md):
- the servers run as root with their own temporary JUPYTER_CONFIG_DIR / DATA_DIR / RUNTIME_DIR
  and serve a temporary COPY of ``notebooks/`` (a test never writes outputs into the repository);
- JupyterLab is ready when ``/api/status`` answers, Voila when ``/voila/static/`` answers (a GET
  of a Voila page starts a kernel, so ``/`` is no probe);
- Playwright never downloads a browser here: Debian's chromium is launched by path;
- every request that is not to 127.0.0.1/localhost is aborted (Voila asks a CDN for a font).

Servers are stopped by their own PID (SIGTERM, then SIGKILL after a grace period).
Screenshots go to ``test-artifacts/browser/`` (git-ignored).
"""
from __future__ import annotations

import contextlib
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urlparse

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts" / "browser"
BIN = pathlib.Path(sys.executable).parent          # the venv's scripts, even when PATH lacks them

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", "--disable-quic"]
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
SERVER_START_TIMEOUT = 60        # seconds for a server to answer its readiness probe
SERVER_STOP_TIMEOUT = 15         # seconds between SIGTERM and SIGKILL


def command(name: str) -> str | None:
    """A console script beside this Python first (venv not activated), else on PATH."""
    return shutil.which(name, path=str(BIN)) or shutil.which(name)


def chromium_path() -> str | None:
    return shutil.which("chromium") or ("/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(url: str) -> bool:
    """True when the server gives any HTTP answer below 500 (a 404 still means it is up)."""
    try:
        with urllib.request.urlopen(url, timeout=2) as resp:
            return resp.status < 500
    except urllib.error.HTTPError as exc:
        return exc.code < 500
    except (urllib.error.URLError, OSError):
        return False


def _tail(path: pathlib.Path, lines: int = 25) -> str:
    try:
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


class Server:
    """One server process on a free port; ``url`` is its base address."""

    def __init__(self, name: str, argv_for_port, env: dict, cwd: pathlib.Path, probe: str, log: pathlib.Path):
        self.name, self.env, self.cwd, self.probe, self.log = name, env, cwd, probe, log
        self.proc: subprocess.Popen | None = None
        self.url = ""
        last = ""
        for _attempt in range(3):              # a port taken between choosing and binding: try another
            port = _free_port()
            self.url = f"http://127.0.0.1:{port}"
            with open(log, "ab") as out:
                self.proc = subprocess.Popen(argv_for_port(port), cwd=cwd, env=env, stdout=out,
                                             stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
            deadline = time.monotonic() + SERVER_START_TIMEOUT
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    break
                if _answers(self.url + probe):
                    return
                time.sleep(0.25)
            last = _tail(log)
            self.stop()
        raise RuntimeError(f"{name} did not answer {probe} within {SERVER_START_TIMEOUT} s; log {log}:\n{last}")

    def stop(self) -> None:
        """SIGTERM to our own PID (the server shuts its kernels down), SIGKILL if it hangs."""
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(SERVER_STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(5)


# ----- session fixtures --------------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def browser_tools():
    """The programs the browser tests need; skip (not fail) when one is missing on this machine."""
    tools = {"chromium": chromium_path(), "jupyter-lab": command("jupyter-lab"), "voila": command("voila")}
    missing = [name for name, path in tools.items() if not path]
    if missing:
        pytest.skip(f"browser tests skipped: {', '.join(missing)} not found (looked on PATH, beside {sys.executable}"
                    " and at /usr/bin/chromium); install Debian's chromium and the [notebook] extra to run them")
    return tools


@pytest.fixture(scope="session")
def artifacts() -> pathlib.Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for stale in ARTIFACTS.glob("*-FAILED-*.png"):     # a picture of an old failure would mislead
        stale.unlink()
    return ARTIFACTS


@pytest.fixture(scope="session")
def jupyter_home(tmp_path_factory, browser_tools):
    """Temporary Jupyter dirs, a copy of the notebooks folder and the environment for the servers."""
    home = tmp_path_factory.mktemp("jupyter-home")
    dirs = {key: home / key for key in ("config", "data", "runtime", "ipython", "logs")}
    for d in dirs.values():
        d.mkdir()
    served = home / "notebooks"
    shutil.copytree(NOTEBOOKS, served, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    # The apps seat ismc, which wins a game in a dozen of the tests' "first control" clicks; the tests
    # of the apps' clicks and Undo need longer games: the classroom setting a teacher would use for an
    # easy opponent (voila.json's TabletopRules.bot; the app kernels find it above their notebooks).
    (home / "voila.json").write_text(json.dumps({"TabletopRules": {"bot": "random"}}), encoding="utf-8")
    # No news pop-up, no update check (both would also ask a public website).
    settings = dirs["config"] / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8")
    # Every cell rendered, on screen or not: JupyterLab 4.6 defaults to windowingMode
    # "contentVisibility", under which an off-screen cell's innerText is empty right after a
    # scroll, so a read of the play table could see nothing although it is there.
    notebook = dirs["config"] / "lab" / "user-settings" / "@jupyterlab" / "notebook-extension"
    notebook.mkdir(parents=True)
    (notebook / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"}), encoding="utf-8")
    env = dict(os.environ)
    env.update({
        "JUPYTER_CONFIG_DIR": str(dirs["config"]),
        "JUPYTER_DATA_DIR": str(dirs["data"]),
        "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
        "JUPYTERLAB_SETTINGS_DIR": str(dirs["config"] / "lab" / "user-settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(dirs["config"] / "lab" / "workspaces"),
        "IPYTHONDIR": str(dirs["ipython"]),
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONUNBUFFERED": "1",
        # The servers' kernels run in the copied notebooks folder: a relative PYTHONPATH ("."
        # as the README's command gives it) would import another copy of the kit than the one
        # under test, so the clone under test comes first, by absolute path.
        "PYTHONPATH": os.pathsep.join([str(ROOT)] + [str(pathlib.Path(p).resolve()) for p in
                                                      os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]),
    })
    for key in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "JUPYTER_TOKEN", "JUPYTER_PLATFORM_DIRS"):
        env.pop(key, None)
    return {"home": home, "notebooks": served, "logs": dirs["logs"], "env": env}


@pytest.fixture(scope="session")
def jupyter_lab(jupyter_home, browser_tools):
    """JupyterLab serving the copied notebooks; yields its base URL."""
    def argv(port):
        return [browser_tools["jupyter-lab"], "--allow-root", "--no-browser", "--IdentityProvider.token=",
                "--ServerApp.password=", "--ServerApp.ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
                "--LabApp.extension_manager=readonly", f"--ServerApp.root_dir={jupyter_home['notebooks']}"]

    server = Server("JupyterLab", argv, jupyter_home["env"], jupyter_home["notebooks"], "/api/status",
                    jupyter_home["logs"] / "jupyterlab.log")
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_apps(jupyter_home, browser_tools):
    """Voila serving the copied notebooks/apps folder; yields the base URL (apps are under
    ``/voila/render/<name>.ipynb``)."""
    apps = jupyter_home["notebooks"] / "apps"

    def argv(port):
        return [browser_tools["voila"], str(apps), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                "--Voila.port_retries=0"]

    server = Server("Voila", argv, jupyter_home["env"], apps, "/voila/static/", jupyter_home["logs"] / "voila.log")
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_server(voila_apps):
    """The Buddyfight play table app's page URL."""
    return voila_apps + "/voila/render/buddyfight-table.ipynb"


@pytest.fixture(scope="module")
def browser(browser_tools):
    """Chromium for one test module. Not for the session: Playwright's sync API keeps an event loop
    running while it is open, and later modules (Voila's kernel manager, the class hub's own browser)
    run asyncio themselves."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=browser_tools["chromium"], args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


class PageLog:
    """What a page asked for outside localhost (blocked) and the script errors it raised."""

    def __init__(self):
        self.blocked: list[str] = []
        self.page_errors: list[str] = []

    def summary(self) -> str:
        return (f"blocked requests: {self.blocked[:5] or 'none'}; "
                f"page errors: {[e[:200] for e in self.page_errors[:3]] or 'none'}")


@contextlib.contextmanager
def local_only_context(browser, artifacts: pathlib.Path, name: str):
    """A browser context whose every request outside 127.0.0.1/localhost is aborted."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, service_workers="block")
    log = PageLog()

    def route(r):
        if urlparse(r.request.url).hostname in LOCAL_HOSTS or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            log.blocked.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    context.on("page", lambda p: p.on("pageerror", lambda exc: log.page_errors.append(str(exc))))
    context.set_default_timeout(15_000)
    try:
        yield context, log
    finally:
        (artifacts / f"{name}-requests.txt").write_text(
            "blocked (outside localhost):\n" + "\n".join(log.blocked) +
            "\n\npage errors:\n" + "\n".join(log.page_errors) + "\n", encoding="utf-8")
        context.close()


@pytest.fixture(scope="module")
def lab_context(browser, artifacts, jupyter_lab):
    with local_only_context(browser, artifacts, "lab") as pair:
        yield pair


@pytest.fixture(scope="module")
def voila_context(browser, artifacts, voila_server):
    with local_only_context(browser, artifacts, "voila") as pair:
        yield pair
