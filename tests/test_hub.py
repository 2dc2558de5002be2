"""The class hub of deploy/jupyterhub/jupyterhub_config.py, tried as a teacher and five students would.

The fast tests read the configuration the way JupyterHub does (traitlets' loader) and check what a
teacher relies on. The slow test starts the real hub (JupyterHub, configurable-http-proxy, the idle
culler) on 127.0.0.1 with free ports and a temporary state folder: the teacher signs up, five students
sign up and are approved, each signs in, lands in the Buddyfight table app (Voila inside their own
server) and plays; a sixth, unapproved, is refused; once the pages close, the culler stops every
student's server. Headless Chromium through Playwright, every request outside 127.0.0.1 blocked.
Everything started is stopped by its own PID.
"""
from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
BIN = pathlib.Path(sys.executable).parent
ARTIFACTS = ROOT / "test-artifacts" / "hub"

STUDENTS = ["ada", "bo", "chen", "dara", "eli"]
CLICKS = 3                   # per student, against the app's bot
HUB_START_TIMEOUT = 60       # s: the hub answering /hub/api
SPAWN_TIMEOUT = 150          # s: sign in -> server started -> table drawn, on a busy 2-core machine
CULL_TIMEOUT = 60            # s of no activity before the culler stops a server (the test's setting)
STOP_TIMEOUT = 45            # s: SIGTERM to exit (the hub stops the students' servers and its proxy)


def _load_config(monkeypatch, tmp_path, **env):
    """The configuration as JupyterHub loads it, with TTR_HUB_* from ``env`` and a temporary state folder
    (and TTR_HUB_ALLOW_ROOT=1: these tests may run as root)."""
    from traitlets.config.loader import PyFileConfigLoader

    for key in [k for k in os.environ if k.startswith("TTR_HUB_")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("TTR_HUB_STATE", str(tmp_path / "state"))
    monkeypatch.setenv("TTR_HUB_ALLOW_ROOT", "1")
    for key, value in env.items():
        monkeypatch.setenv(f"TTR_HUB_{key}", value)
    return PyFileConfigLoader(CONFIG.name, str(CONFIG.parent)).load_config()


# ----- the configuration ----------------------------------------------------------------------------------------
def test_config_defaults_land_students_in_the_kit(monkeypatch, tmp_path):
    pytest.importorskip("jupyterhub")
    c = _load_config(monkeypatch, tmp_path)
    assert c.JupyterHub.spawner_class == "simple"
    assert c.JupyterHub.authenticator_class == "nativeauthenticator.NativeAuthenticator"
    assert c.NativeAuthenticator.open_signup is False           # the teacher approves every account
    assert c.Authenticator.admin_users == {"teacher"}
    assert c.Spawner.default_url == "/lab/tree/00-start-here.ipynb"
    assert c.SimpleLocalProcessSpawner.home_dir_template == str((tmp_path / "state" / "home").resolve() / "{username}")
    culler = c.JupyterHub.services[0]
    assert culler["name"] == "idle-culler" and "--timeout=3600" in culler["command"]
    assert c.JupyterHub.load_roles[0]["services"] == ["idle-culler"]
    assert "delete:servers" in c.JupyterHub.load_roles[0]["scopes"]
    assert c.JupyterHub.last_activity_interval <= 300
    assert "TTR_OPEN_HANDS" in c.Spawner.env_keep                # the teacher's Open hands setting reaches the apps


def test_config_user_names_are_safe_folder_names(monkeypatch, tmp_path):
    """A user name becomes a home folder ($TTR_HUB_STATE/home/<name>): nothing that climbs out of it or
    overflows it (NativeAuthenticator adds its own checks on top of the base class's pattern)."""
    pytest.importorskip("jupyterhub")
    from jupyterhub.auth import Authenticator

    auth = Authenticator(config=_load_config(monkeypatch, tmp_path))
    ok = {name: auth.validate_username(auth.normalize_username(name))
          for name in ["ada", "Chen", "x.y-z_1", "a" * 32, "../x", "..", "-ab", "a b", "a" * 33, "é"]}
    assert ok == {"ada": True, "Chen": True, "x.y-z_1": True, "a" * 32: True, "../x": False, "..": False,
                  "-ab": False, "a b": False, "a" * 33: False, "é": False}


def test_config_copies_the_kit_once_into_a_new_home(monkeypatch, tmp_path):
    pytest.importorskip("jupyterhub")
    c = _load_config(monkeypatch, tmp_path)
    home = tmp_path / "state" / "home" / "ada"

    class Spawner:
        home_dir = str(home)

    c.Spawner.pre_spawn_hook(Spawner())
    assert (home / "00-start-here.ipynb").is_file() and (home / "apps" / "buddyfight-table.ipynb").is_file()
    (home / "00-start-here.ipynb").write_text("the student's own edit", encoding="utf-8")
    c.Spawner.pre_spawn_hook(Spawner())                       # a later start keeps the student's files
    assert (home / "00-start-here.ipynb").read_text(encoding="utf-8") == "the student's own edit"


def test_config_shared_password_mode_and_bad_settings(monkeypatch, tmp_path):
    pytest.importorskip("jupyterhub")
    c = _load_config(monkeypatch, tmp_path, AUTH="shared", PASSWORD="river-stone-42", ADMINS="Ms.Li, mr-wu")
    assert c.JupyterHub.authenticator_class == "dummy" and c.DummyAuthenticator.password == "river-stone-42"
    assert c.Authenticator.admin_users == {"ms.li", "mr-wu"}
    with pytest.raises(SystemExit, match="TTR_HUB_PASSWORD"):
        _load_config(monkeypatch, tmp_path, AUTH="shared", PASSWORD="short")
    with pytest.raises(SystemExit, match="'ldap'"):
        _load_config(monkeypatch, tmp_path, AUTH="ldap")
    with pytest.raises(SystemExit, match="TTR_HUB_CULL_TIMEOUT='soon' is not a whole number"):
        _load_config(monkeypatch, tmp_path, CULL_TIMEOUT="soon")
    with pytest.raises(SystemExit, match="TTR_HUB_PORT=70000 is outside"):
        _load_config(monkeypatch, tmp_path, PORT="70000")
    with pytest.raises(SystemExit, match="TTR_HUB_NOTEBOOKS: .* holds no 00-start-here.ipynb"):
        _load_config(monkeypatch, tmp_path, NOTEBOOKS=str(tmp_path))
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    with pytest.raises(SystemExit, match="TTR_HUB_STATE: cannot create"):
        _load_config(monkeypatch, tmp_path, STATE=str(tmp_path / "a-file" / "state"))
    if os.geteuid() == 0:                         # as root, only when asked for: students' code would run as root
        with pytest.raises(SystemExit, match="not root"):
            _load_config(monkeypatch, tmp_path, ALLOW_ROOT="0")
        assert "--allow-root" in _load_config(monkeypatch, tmp_path).Spawner.args
    else:
        assert "--allow-root" not in _load_config(monkeypatch, tmp_path).Spawner.args


# ----- the real hub ---------------------------------------------------------------------------------------------
def _browser_module(name: str):
    """tests/browser's helpers (Chromium's arguments, the table reader, settle and click), loaded by
    path: one home for them."""
    path = ROOT / "tests" / "browser" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"ttr_browser_{name}", path)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def _free_ports(n: int) -> list[int]:
    socks = []
    try:
        for _ in range(n):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind(("127.0.0.1", 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def _get_json(url: str, token: str | None = None):
    req = urllib.request.Request(url, headers={"Authorization": f"token {token}"} if token else {})
    with urllib.request.urlopen(req, timeout=5) as resp:
        return json.loads(resp.read().decode("utf-8"))


def _descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _tail(path: pathlib.Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


class Hub:
    """The hub process (with its proxy, culler and the students' servers as its children)."""

    def __init__(self, state: pathlib.Path):
        hub_port, hub_api, proxy_api = _free_ports(3)
        self.url = f"http://127.0.0.1:{hub_port}"
        self.proxy_api = f"http://127.0.0.1:{proxy_api}/api/routes"
        self.proxy_token = secrets.token_hex(16)
        self.log = state / "hub.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TTR_", "JUPYTER"))}
        env.update({
            "TTR_HUB_STATE": str(state), "TTR_HUB_IP": "127.0.0.1", "TTR_HUB_PORT": str(hub_port),
            "TTR_HUB_HUB_PORT": str(hub_api), "TTR_HUB_PROXY_API_PORT": str(proxy_api),
            "TTR_HUB_DEFAULT_URL": "/voila/render/apps/buddyfight-table.ipynb",
            "TTR_HUB_CULL_TIMEOUT": str(CULL_TIMEOUT), "TTR_HUB_CULL_EVERY": "5",
            "TTR_HUB_ALLOW_ROOT": "1",                        # a CI machine: often root
            "CONFIGPROXY_AUTH_TOKEN": self.proxy_token,     # so the test can read the proxy's routes
            # The students' kernels import the kit under test, wherever their home is.
            "PYTHONPATH": os.pathsep.join([str(ROOT)] + [str(pathlib.Path(p).resolve()) for p in
                                                          os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]),
            "PYTHONUNBUFFERED": "1",
        })
        with open(self.log, "ab") as out:
            # SIGINT back to its default: a test run from a background job inherits it ignored, and
            # the culler would then ignore the hub's SIGINT at shutdown (the hub waits 30 s for it).
            self.proc = subprocess.Popen([str(BIN / "jupyterhub"), "-f", str(CONFIG)], cwd=state, env=env,
                                         stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        deadline = time.monotonic() + HUB_START_TIMEOUT
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                if "version" in _get_json(self.url + "/hub/api/"):
                    return
            except (urllib.error.URLError, OSError, ValueError):
                pass
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"the hub did not answer /hub/api/ within {HUB_START_TIMEOUT} s:\n{_tail(self.log)}")

    def user_routes(self) -> set[str]:
        """The students' servers the proxy routes to (``/user/<name>``)."""
        routes = _get_json(self.proxy_api, self.proxy_token)
        return {r for r in routes if r.startswith("/user/")}

    def stop(self) -> list[int]:
        """SIGTERM to the hub, which stops the culler, the students' servers and the proxy; anything
        of ours left after STOP_TIMEOUT is killed by PID and returned, so the test can fail on it."""
        if self.proc.poll() is not None:
            return []
        below = _descendants(self.proc.pid)
        os.kill(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(p) for p in below):
            time.sleep(0.25)
        left = [p for p in below if _alive(p)]
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        return left


@pytest.fixture
def hub_tools():
    chromium = shutil.which("chromium") or ("/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None)
    tools = {"jupyterhub": (BIN / "jupyterhub").exists() and importlib.util.find_spec("nativeauthenticator"),
             "jupyterhub-idle-culler": importlib.util.find_spec("jupyterhub_idle_culler"),
             "configurable-http-proxy": shutil.which("configurable-http-proxy"), "chromium": chromium,
             "voila": shutil.which("voila", path=str(BIN)), "playwright": importlib.util.find_spec("playwright")}
    missing = [name for name, found in tools.items() if not found]
    if missing:
        pytest.skip(f"hub test skipped: {', '.join(missing)} missing (.ci/run installs them: the [test] extra, "
                    "npm install -g configurable-http-proxy, Debian's chromium)")
    return chromium


def _form(page, url: str, fields: dict[str, str], submit: str) -> None:
    page.goto(url, wait_until="domcontentloaded")
    for selector, value in fields.items():
        page.fill(selector, value)
    with page.expect_navigation(wait_until="domcontentloaded", timeout=SPAWN_TIMEOUT * 1000):
        page.click(submit)


def _sign_up(page, hub: str, name: str, password: str) -> str:
    _form(page, hub + "/hub/signup", {"#username_input": name, "#password_input": password,
                                      "#password_confirmation_input": password}, "#signup_submit")
    return page.locator(".alert").inner_text()


def _sign_in(page, hub: str, name: str, password: str, next_url: str = "") -> None:
    _form(page, hub + "/hub/login" + (f"?next={next_url}" if next_url else ""),
          {"#username_input": name, "#password_input": password}, "#login_submit")


@pytest.mark.slow
@pytest.mark.browser
def test_hub_five_students_sign_in_play_and_are_culled(hub_tools, tmp_path):
    from urllib.parse import urlparse

    from playwright.sync_api import sync_playwright

    h = _browser_module("test_browser")
    chromium_args = _browser_module("conftest").CHROMIUM_ARGS
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    state = tmp_path / "state"
    state.mkdir()
    hub = Hub(state)
    left: list[int] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=hub_tools, args=chromium_args, headless=True)
            contexts = {}

            def context(name):
                ctx = browser.new_context(viewport={"width": 1300, "height": 900}, service_workers="block")
                ctx.route("**/*", lambda r: r.continue_() if urlparse(r.request.url).hostname in
                          ("127.0.0.1", "localhost") or r.request.url.startswith(("data:", "blob:")) else r.abort())
                ctx.set_default_timeout(20_000)
                contexts[name] = ctx
                return ctx.new_page()

            try:
                teacher = context("teacher")
                said = _sign_up(teacher, hub.url, "teacher", "teach-the-rules")
                assert "successful" in said.lower(), said
                pages, tables = {}, {}
                for name in [*STUDENTS, "mallory"]:
                    pages[name] = context(name)
                    said = _sign_up(pages[name], hub.url, name, f"{name}-plays-cards")
                    assert "sent to the admin" in said, said         # waits for the teacher
                # The teacher approves the five (not mallory), without starting a server of their own.
                _sign_in(teacher, hub.url, "teacher", "teach-the-rules", next_url="/hub/authorize")
                for name in STUDENTS:
                    teacher.goto(f"{hub.url}/hub/authorize/{name}", wait_until="domcontentloaded")
                page_text = teacher.locator("body").inner_text()
                assert "mallory" in page_text, page_text[:500]

                # Not approved: refused, and no server is started for them.
                _sign_in(pages["mallory"], hub.url, "mallory", "mallory-plays-cards")
                assert "/hub/login" in pages["mallory"].url, pages["mallory"].url
                pages["mallory"].close()

                for i, name in enumerate(STUDENTS):
                    page = pages[name]
                    _sign_in(page, hub.url, name, f"{name}-plays-cards")
                    table = page.locator(h.TABLE)
                    table.locator(".ttr-board .ttr-card").first.wait_for(state="visible", timeout=SPAWN_TIMEOUT * 1000)
                    assert urlparse(page.url).path == f"/user/{name}/voila/render/apps/buddyfight-table.ipynb"
                    start = h.settle(page, table)
                    assert "Seat 0 (you)" in start["board"], start["board"][:300]
                    tables[name] = table
                    assert (state / "home" / name / "00-start-here.ipynb").is_file(), "the kit was not copied"
                    # One click on every table open so far: the earlier students stay active (the
                    # culler must not take them) while the later ones arrive.
                    for other in STUDENTS[: i + 1]:
                        text, after = h.click_action(pages[other], tables[other], 0)
                        assert not after["error"], (other, text, after["error"])
                assert hub.user_routes() == {f"/user/{n}" for n in STUDENTS}
                for name in STUDENTS:
                    for k in range(CLICKS):
                        h.click_action(pages[name], tables[name], k + 1)
                    body = pages[name].locator("body").inner_text()
                    assert "Traceback" not in body, body[body.find("Traceback"):][:1000]
                    pages[name].screenshot(path=str(ARTIFACTS / f"{name}-played.png"))
            finally:
                for ctx in contexts.values():
                    ctx.close()
                browser.close()

        # Everyone has left: the idle culler stops each server after CULL_TIMEOUT s without activity.
        deadline = time.monotonic() + CULL_TIMEOUT + 60
        routes = hub.user_routes()
        while routes and time.monotonic() < deadline:
            time.sleep(2)
            routes = hub.user_routes()
        assert not routes, f"servers still running {CULL_TIMEOUT + 60} s after the pages closed: {sorted(routes)}"
        assert "Culling server" in hub.log.read_text(encoding="utf-8", errors="replace")
    finally:
        left = hub.stop()
        shutil.copy(hub.log, ARTIFACTS / "hub.log")        # the hub's, proxy's and culler's log, for a failure
    assert not left, f"processes still alive {STOP_TIMEOUT} s after the hub was stopped (killed): {left}"



# ----- the README's school section: the Helm values and the Binder links point at what exists -------------------
def _school_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("## A whole school", 1)[1].split("\n## ", 1)[0]


def test_readme_helm_values_match_the_image_and_the_kit():
    import re

    import yaml

    section = _school_section()
    values = yaml.safe_load(re.search(r"```yaml\n(.*?)\n```", section, re.S).group(1))
    single = values["singleuser"]
    landing = single["defaultUrl"].removeprefix("/lab/tree/")
    assert (ROOT / "notebooks" / landing).is_file(), single["defaultUrl"]
    # The postStart hook copies from where the Dockerfile puts the kit, once (the same test as the
    # local hub's pre_spawn_hook: the start notebook already there).
    dockerfile = (ROOT / "deploy" / "docker" / "Dockerfile").read_text(encoding="utf-8")
    kit = re.search(r"^COPY \S+ \. (\S+)$", dockerfile, re.M).group(1)
    hook = single["lifecycleHooks"]["postStart"]["exec"]["command"][-1]
    assert f"{kit}/notebooks/." in hook and landing in hook
    assert f"{kit}[notebook]" in dockerfile
    assert values["hub"]["config"]["JupyterHub"]["authenticator_class"] == "nativeauthenticator.NativeAuthenticator"
    assert values["hub"]["config"]["NativeAuthenticator"]["open_signup"] is False
    assert values["cull"]["enabled"] is True
    assert single["image"]["name"] in section.split("```yaml", 1)[0]      # the image the build command makes
    assert "docker build -f deploy/docker/Dockerfile" in section


def test_readme_binder_links_open_notebooks_that_exist():
    import re

    section = _school_section()
    links = re.findall(r"https://mybinder\.org/v2/gh/OWNER/REPO/main\?urlpath=([^)\s`]+)", section)
    assert len(links) >= 2, links
    for urlpath in links:
        path = re.sub(r"^(lab/tree|voila/render)/", "", urlpath)
        assert path != urlpath and (ROOT / path).is_file(), urlpath
    assert "replace `OWNER/REPO`" in section                 # the placeholder is said plainly
    assert "-e ." in (ROOT / "environment.yml").read_text(encoding="utf-8")   # Binder installs the kit
