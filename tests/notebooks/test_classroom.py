"""Issues 33.8 and 40.4: the classroom settings live in one file, ``voila.json`` at the clone's root,
which the README's Voila command reads (Voila looks for ``voila.json`` in the folder it starts in),
and the table apps' kernels read the kit's part of it."""
from __future__ import annotations

import json
import pathlib
import re

import pytest

pytest.importorskip("ipywidgets")

import tabletop_rules as tr
from tabletop_rules.notebook.classroom import (
    SECTION,
    WS_OVERHEAD,
    Classroom,
    find_config,
    load_classroom,
    parse_section,
)
from tabletop_rules.notebook.table import PlayTable

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "voila.json"


def write(tmp_path, section, **more) -> pathlib.Path:
    path = tmp_path / "voila.json"
    path.write_text(json.dumps({SECTION: section, **more}), encoding="utf-8")
    return path


@pytest.fixture
def classroom_dir(tmp_path, monkeypatch):
    """A served folder below a settings file, as the kernel of an app sees it (its working folder is
    the app notebook's folder, the settings file is at the clone's root)."""
    apps = tmp_path / "notebooks" / "zh" / "apps"
    apps.mkdir(parents=True)
    monkeypatch.chdir(apps)
    monkeypatch.delenv("TTR_OPEN_HANDS", raising=False)
    return tmp_path


def test_the_shipped_file_is_what_voila_reads_and_it_culls_and_carries_uploads():
    Voila = pytest.importorskip("voila.app").Voila

    app = Voila()
    app.load_config_file("voila", path=[str(ROOT)])   # what `voila notebooks/apps/` does from the root
    kernels = app.config.MappingKernelManager
    assert kernels.cull_idle_timeout > 0 and kernels.cull_interval > 0 and not kernels.cull_busy
    settings = load_classroom(SHIPPED)
    assert settings.problem is None, settings.problem
    assert app.config.Voila.tornado_settings["websocket_max_message_size"] == settings.ws_max
    # a closing page's goodbye (Voila's shutdown beacon carries no cross-site token) is accepted
    assert app.config.Voila.tornado_settings["disable_check_xsrf"] is True
    # a 20 MB record and its message fit in one websocket message: nothing is cut off silently
    assert settings.ws_max >= settings.upload_bytes + WS_OVERHEAD and settings.browser_bytes == settings.upload_bytes
    assert settings.seed is None and settings.open_hands is False


def test_an_app_kernel_finds_the_file_at_the_clone_root():
    for folder in ("notebooks/apps", "notebooks/zh/apps"):
        assert find_config(ROOT / folder) == SHIPPED


def test_each_page_gets_its_own_deal_shown_in_the_seed_box(classroom_dir):
    write(classroom_dir, {"seed": "random"})
    game = tr.load_game("buddyfight")
    seeds = {PlayTable(game, app=True).state.seed for _ in range(4)}
    assert len(seeds) >= 3                           # 2**31 seeds: four pages, four deals
    table = PlayTable(game, app=True)
    assert table.seed_box.value == str(table.state.seed)
    assert f"Seed {table.state.seed}" in table.status.value


def test_a_teacher_gives_the_class_one_deal(classroom_dir):
    write(classroom_dir, {"seed": 42})
    game = tr.load_game("vividz")
    a, b = PlayTable(game, app=True), PlayTable(game, app=True)
    assert a.state.seed == b.state.seed == 42 and a.state.record.to_json() == b.state.record.to_json()
    assert PlayTable(game, seed=7, app=True).state.seed == 7        # a notebook's own seed still wins


def test_new_game_deals_a_fresh_seed_unless_one_is_typed(classroom_dir):
    write(classroom_dir, {"seed": 42})
    table = PlayTable(tr.load_game("buddyfight"), app=True)
    table.new_btn.click()
    assert table.state.seed != 42 and table.seed_box.value == str(table.state.seed)
    table.seed_box.value = "42"
    table.new_btn.click()
    assert table.state.seed == 42


def test_open_hands_follows_the_file_unless_the_server_says_otherwise(classroom_dir, monkeypatch):
    bf = tr.load_game("buddyfight")
    write(classroom_dir, {"open_hands": False})
    table = PlayTable(bf, app=True, open_hands=True)
    assert not table.allow_open_hands and table.open_box.layout.display == "none" and table.viewer() == 0
    assert PlayTable(bf, app=False).allow_open_hands               # a notebook on one's own machine
    monkeypatch.setenv("TTR_OPEN_HANDS", "1")
    assert PlayTable(bf, app=True).allow_open_hands
    write(classroom_dir, {"open_hands": True})
    monkeypatch.setenv("TTR_OPEN_HANDS", "0")
    assert not PlayTable(bf, app=True).allow_open_hands


APPS = sorted((ROOT / "notebooks" / "apps").glob("*-table.ipynb")) + sorted(
    (ROOT / "notebooks" / "zh" / "apps").glob("*-table.ipynb"))


@pytest.mark.parametrize("app", APPS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_app_seats_the_recommended_bot_against_its_people(app):
    # issue 40.2: where a person plays a bot, the apps seat ismc (its own view only, the table's time budget)
    code = "".join("".join(c["source"]) for c in json.loads(app.read_text(encoding="utf-8"))["cells"]
                   if c["cell_type"] == "code")
    seats = re.search(r"seats=\[([^\]]*)\]", code)
    assert seats, app
    names = re.findall(r'"([a-z-]+)"', seats.group(1))
    assert "human" in names and all(n in ("human", "ismc") for n in names), names
    assert load_classroom(SHIPPED).bot == "ismc"


def test_the_file_chooses_the_bot_of_every_app_table(classroom_dir):
    xj = tr.load_game("xianjian")
    write(classroom_dir, {"bot": "random"})
    table = PlayTable(xj, seats=["human", "ismc", "human", "ismc"], app=True)
    assert table.seats == ["human", "random", "human", "random"]
    assert PlayTable(xj, seats=["human", "ismc", "human", "ismc"], app=False).seats[1] == "ismc"  # a notebook's own
    write(classroom_dir, {"bot": "ismc"})
    table = PlayTable(tr.load_game("vividz"), seats=["human", "random"], app=True)
    assert table.seats == ["human", "ismc"] and "Monte Carlo, no peeking" in table.board.value + table.status.value
    write(classroom_dir, {})
    assert PlayTable(tr.load_game("vividz"), seats=["human", "ismc"], app=True).seats == ["human", "ismc"]


@pytest.mark.parametrize("section, field", [
    ({"seed": -1}, "seed"), ({"seed": 2**40}, "seed"), ({"seed": "1"}, "seed"), ({"seed": True}, "seed"),
    ({"open_hands": "no"}, "open_hands"), ({"upload_mb": 0}, "upload_mb"), ({"upload_mb": 500}, "upload_mb"),
    ({"upload_mb": 2.5}, "upload_mb"), ({"open-hands": False}, "open-hands"), ([], None),
    ({"bot": "monte-carlo"}, "bot"), ({"bot": "ISMC"}, "bot"), ({"bot": 1}, "bot"),
])
def test_a_broken_file_keeps_the_class_going_and_says_what_is_wrong(classroom_dir, section, field):
    path = write(classroom_dir, section)
    settings = load_classroom(path)
    assert settings.problem and "voila.json" in settings.problem
    if field:
        assert f"{SECTION} › {field}" in settings.problem
    assert settings._replace(path=None, problem=None) == Classroom()          # the defaults
    table = PlayTable(tr.load_game("buddyfight"), app=True)
    assert "voila.json" in table.status.value and (table.panel.buttons or table.panel.pickers)


@pytest.mark.parametrize("content", [b"{", b"\xff\xfe\x00", b"[" * 100_000 + b"]" * 100_000, b" " * 70_000])
def test_a_file_that_is_not_json_is_named(classroom_dir, content):
    (classroom_dir / "voila.json").write_bytes(content)
    settings = load_classroom()
    assert settings.problem and "voila.json" in settings.problem and settings.open_hands


def test_the_websocket_cap_in_the_same_file_bounds_what_the_browser_sends(tmp_path):
    small = parse_section({"Voila": {"tornado_settings": {"websocket_max_message_size": 5_000_000}},
                           SECTION: {"upload_mb": 20}}, tmp_path / "voila.json")
    assert small.browser_bytes == 5_000_000 - WS_OVERHEAD and small.upload_bytes == 20_000_000
    # tornado's default (10 MiB) where the file does not raise it: a 12 MB file is refused in the browser
    assert Classroom().browser_bytes < 12_000_000


def test_the_guard_carries_the_cap_and_the_sentence(classroom_dir):
    write(classroom_dir, {"upload_mb": 3}, Voila={"tornado_settings": {"websocket_max_message_size": 2**25}})
    table = PlayTable(tr.load_game("buddyfight"), app=True, lang="zh")
    cap = re.search(r"data-cap='(\d+)'", table.guard.value)
    assert cap and int(cap.group(1)) == 3_000_000 and "超过了对局记录的上限 3.0 MB" in table.guard.value
    table.set_lang("en")
    assert "larger than the 3.0 MB" in table.guard.value


def test_the_readme_says_what_a_teacher_sets():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("**Classroom settings: `voila.json`.**"):readme.index("Saved games stay out of git")]
    shipped = json.loads(SHIPPED.read_text(encoding="utf-8"))
    for part in ("MappingKernelManager", SECTION):
        for key in shipped[part]:
            assert f"`{key}`" in section or f"`{key}`," in section, key
    assert "`websocket_max_message_size`" in section
    # the README's sample is the shipped file
    sample = json.loads(section.split("```json", 1)[1].split("```", 1)[0])
    assert sample == shipped
