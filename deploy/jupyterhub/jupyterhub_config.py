"""JupyterHub for one class on one server: every student signs in and lands in the tabletop-rules kit.

Start it (from the repository root, after ``pip install -e ".[hub]"`` and
``npm install -g configurable-http-proxy``):

    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

Everything a teacher sets is an environment variable read below (README, "A whole school"):

  TTR_HUB_STATE        folder for the hub's database, cookie secret and the students' homes
                       (default ~/tabletop-hub, in the home of the account that runs the hub)
  TTR_HUB_IP / _PORT   where the class connects (default all interfaces, port 8000)
  TTR_HUB_AUTH         "native" (default): students sign up, the teacher approves each at /hub/authorize;
                       "shared": one class password for everyone (closed network only, see below)
  TTR_HUB_PASSWORD     the class password for "shared"
  TTR_HUB_ADMINS       the teacher's user names, comma-separated (default "teacher")
  TTR_HUB_DEFAULT_URL  where a student lands (default the start notebook in JupyterLab; a lesson on one game:
                       /voila/render/apps/vividz-table.ipynb)
  TTR_HUB_CULL_TIMEOUT seconds without activity before a student's server is stopped (default 3600)
  TTR_HUB_CULL_EVERY   how often the culler looks, in seconds (default 300)
  TTR_HUB_MAX_SERVERS  servers running at once (default 35: a class of 30, the teacher and a margin)
  TTR_HUB_NOTEBOOKS    the kit's notebooks folder copied into each new home (default: this repository's)
  TTR_HUB_HUB_PORT, TTR_HUB_PROXY_API_PORT  the hub's and the proxy's internal ports on 127.0.0.1
                       (default 8081 and 8001; change them only when those ports are taken)
  TTR_HUB_ALLOW_ROOT   1 lets the hub run as root (a throw-away container, a test machine); refused otherwise

The spawner is JupyterHub's SimpleLocalProcessSpawner: no system account per student, every student's
server runs as the account that runs the hub, in its own home folder. That is no isolation between
students (each can read the others' files through a terminal or code), so run the hub as an ordinary
account made for it, never as root, on a class you trust; for isolation, use Zero to JupyterHub (each
student in a container, README). As root it refuses to start unless TTR_HUB_ALLOW_ROOT=1.
"""
from __future__ import annotations

import os
import pathlib
import shutil
import sys

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (JupyterHub provides get_config)

KIT = pathlib.Path(__file__).resolve().parents[2]
_BIN = pathlib.Path(sys.executable).parent          # the venv's programs, even when PATH lacks them


def _setting(name: str, default: str) -> str:
    return os.environ.get(f"TTR_HUB_{name}", "").strip() or default


def _number(name: str, default: int, low: int, high: int) -> int:
    """A whole number setting, refused with its name when it is not one or is out of range."""
    text = _setting(name, str(default))
    try:
        value = int(text)
    except ValueError:
        raise SystemExit(f"TTR_HUB_{name}={text!r} is not a whole number") from None
    if not low <= value <= high:
        raise SystemExit(f"TTR_HUB_{name}={value} is outside {low}..{high}")
    return value


STATE = pathlib.Path(_setting("STATE", str(pathlib.Path.home() / "tabletop-hub"))).resolve()
HOMES = STATE / "home"
NOTEBOOKS = pathlib.Path(_setting("NOTEBOOKS", str(KIT / "notebooks"))).resolve()
try:
    HOMES.mkdir(parents=True, exist_ok=True)
except OSError as exc:
    raise SystemExit(f"TTR_HUB_STATE: cannot create {HOMES} ({exc.strerror})") from None
if not (NOTEBOOKS / "00-start-here.ipynb").is_file():
    raise SystemExit(f"TTR_HUB_NOTEBOOKS: {NOTEBOOKS} holds no 00-start-here.ipynb (the kit's notebooks folder)")

# ----- the hub and its proxy (configurable-http-proxy, started by the hub as its child) ------------------------
c.JupyterHub.ip = _setting("IP", "")
c.JupyterHub.port = _number("PORT", 8000, 1, 65535)
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = _number("HUB_PORT", 8081, 1, 65535)
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{_number('PROXY_API_PORT', 8001, 1, 65535)}"
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.active_server_limit = _number("MAX_SERVERS", 35, 1, 1000)
c.JupyterHub.concurrent_spawn_limit = 30      # a class arriving at once still starts; more wait their turn

# ----- who may sign in ------------------------------------------------------------------------------------------
# User names become folder names: lower-case letters, digits, '.', '_' and '-', at most 32 characters.
c.Authenticator.username_pattern = r"^[a-z0-9][a-z0-9._-]{0,31}$"
c.Authenticator.admin_users = {name.strip().lower() for name in _setting("ADMINS", "teacher").split(",")
                               if name.strip()}
AUTH = _setting("AUTH", "native")
if AUTH == "native":
    # NativeAuthenticator: students sign up at /hub/signup with a password they choose; an account
    # can sign in only after the teacher (an admin) approves it at /hub/authorize. The teacher's
    # own sign-up, under an admin name, is approved at once.
    c.JupyterHub.authenticator_class = "nativeauthenticator.NativeAuthenticator"
    c.NativeAuthenticator.open_signup = False
    c.NativeAuthenticator.minimum_password_length = 8
    c.NativeAuthenticator.allowed_failed_logins = 5       # then the name is locked for a while
    c.NativeAuthenticator.seconds_before_next_try = 60
    c.Authenticator.allow_all = True                      # the approval above is the gate
elif AUTH == "shared":
    # One class password, any user name: JupyterHub's DummyAuthenticator. Anyone who knows the
    # password is in, under any name they type, and may take over another student's name: only on a
    # closed network (a classroom LAN), for a lesson.
    password = os.environ.get("TTR_HUB_PASSWORD", "")
    if len(password) < 8:
        raise SystemExit("TTR_HUB_AUTH=shared needs TTR_HUB_PASSWORD, at least 8 characters")
    c.JupyterHub.authenticator_class = "dummy"
    c.DummyAuthenticator.password = password
    c.Authenticator.allow_all = True
else:
    raise SystemExit(f"TTR_HUB_AUTH={AUTH!r}: use 'native' or 'shared'")

# ----- each student's server ------------------------------------------------------------------------------------
c.JupyterHub.spawner_class = "simple"       # jupyterhub.spawner.SimpleLocalProcessSpawner (module docstring)
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
c.Spawner.cmd = [str(_BIN / "jupyterhub-singleuser")] if (_BIN / "jupyterhub-singleuser").exists() \
    else ["jupyterhub-singleuser"]
c.Spawner.default_url = _setting("DEFAULT_URL", "/lab/tree/00-start-here.ipynb")
c.Spawner.start_timeout = 120               # a loaded small server may take a while to start 30 servers
c.Spawner.http_timeout = 120
# What a student's server inherits from the hub's environment: the interpreter's path, the language,
# and the kit's own settings (TTR_OPEN_HANDS: whether Open hands is offered; TABLETOP_RULES_CACHE).
c.Spawner.env_keep = ["PATH", "PYTHONPATH", "VIRTUAL_ENV", "CONDA_ROOT", "CONDA_DEFAULT_ENV", "LANG", "LC_ALL",
                      "LD_LIBRARY_PATH", "JUPYTERHUB_SINGLEUSER_APP", "TTR_OPEN_HANDS", "TABLETOP_RULES_CACHE"]
_args = [
    # A closed page leaves its kernel running; each server shuts down kernels idle for 10 minutes
    # with no page attached (the hub's culler below then stops whole servers).
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=False",
]
if hasattr(os, "geteuid") and os.geteuid() == 0:
    # As root every student's code would run as root (module docstring): only when asked for.
    if _setting("ALLOW_ROOT", "0") != "1":
        raise SystemExit("this hub runs every student's server as its own account: run it as an ordinary "
                         "account, not root (or set TTR_HUB_ALLOW_ROOT=1 in a throw-away container)")
    _args.append("--allow-root")             # Jupyter servers refuse root without it
c.Spawner.args = _args


def copy_the_kit(spawner) -> None:
    """Before a student's first start, put a copy of the kit's notebooks in their home, so that each
    student edits and saves their own copies; later starts leave the home as the student left it."""
    home = pathlib.Path(spawner.home_dir)
    home.mkdir(parents=True, exist_ok=True)
    if not (home / "00-start-here.ipynb").exists():
        shutil.copytree(NOTEBOOKS, home, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "*-game-*.json"))


c.Spawner.pre_spawn_hook = copy_the_kit

# ----- the idle culler: stops the servers of students who left --------------------------------------------------
CULL_TIMEOUT = _number("CULL_TIMEOUT", 3600, 10, 7 * 24 * 3600)
CULL_EVERY = _number("CULL_EVERY", 300, 1, 3600)
# The culler judges from the hub's record of each server's last activity, which the hub refreshes
# from the proxy every last_activity_interval (and each server reports its own every
# JUPYTERHUB_ACTIVITY_INTERVAL): refreshed at least as often as the culler looks, a busy server is
# never taken for idle.
c.JupyterHub.last_activity_interval = min(300, CULL_EVERY)
c.Spawner.environment = {"JUPYTERHUB_ACTIVITY_INTERVAL": str(min(300, CULL_EVERY))}
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={CULL_TIMEOUT}",
                f"--cull-every={CULL_EVERY}", "--concurrency=5"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
