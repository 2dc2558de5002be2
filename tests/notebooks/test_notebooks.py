"""Every notebook runs top to bottom in a fresh kernel, and is stored without outputs (what git stores is
checked, not the working copy: see also test_clean_in_git.py)."""
from __future__ import annotations

import json
import pathlib
import subprocess

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
# What each notebook's outputs must show (besides having no error).
EXPECT = {
    # issue 36: the glance, and the examples that stop at their point (a buddy call used once, a direct
    # attack and a [Penetrate] hit each taking 2 of 10 life)
    "buddyfight.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "BF-3.6", "✔ ", "ttr-glance",
                         "Life 7. A buddy call for the second copy in hand: no longer offered.",
                         "Seat 1's life: 8"],
    "zh/buddyfight.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "BF-3.6", "✔ ",
                            "ttr-glance", "生命值 7。手里第二张同名卡还能搭档呼唤吗：不能了。", "座位 1 的生命值： 8"],
    "00-start-here.ipynb": ["buddyfight", "blood-recall-story", "xianjian", "vividz", "mirror-dolls",
                            "application/vnd.jupyter.widget-view+json", "ttr-glance", "image/svg+xml"],
    # issue 36 (E2b): the glance and the static output under the widgets; the examples added, each stopping
    # at its point (an enemy's war card for the monster side, a second fire pet); issue 32: both 3-player orders
    "xianjian.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "XJ-2.2", "XJ-6.2", "▶", "✔",
                       "ttr-glance", "ttr-walk", "ttr-rulings", "Trigger side 4 against monster side 7: Seat 0 loses.",
                       "Seat 0 keeps Feifei and discards False Moon.", "(the game goes on; the example stops here)",
                       "seats 0 → 1 → 2 → 1, and round again.", "seats 0 → 1 → 2, and round again."],
    "zh/xianjian.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "XJ-2.2", "XJ-6.2", "▶", "✔",
                          "ttr-glance", "ttr-walk", "ttr-rulings", "触发方 4 对怪物方 7：座位 0 落败。",
                          "座位 0 留下肥肥，弃掉赝月。", "（游戏继续进行；例子到此为止）",
                          "座位 0 → 1 → 2 → 1，然后再从头轮起。", "座位 0 → 1 → 2，然后再从头轮起。"],
    "xianjian-table.ipynb": ["application/vnd.jupyter.widget-view+json"],
    "blood-recall-story-table.ipynb": ["application/vnd.jupyter.widget-view+json"],
    "buddyfight-table.ipynb": ["application/vnd.jupyter.widget-view+json"],
    # issue 36 (E2b): the slide moves the defender out of the lane, so the attack ends without a battle
    "vividz.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "VV-", "rulings hold",
                     "ttr-glance", "ttr-walk", "ttr-rulings", "Bolt Pup slides from lane 1 to lane 2",
                     "No battle took place: P-attack success as well."],
    # issue 36 (E2b): the back doll refused as a target, true damage past a shield of 4, 50 points for a deck-out
    "mirror-dolls.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "MD-", "✔", "ttr-glance",
                           "ttr-walk", "ttr-rulings", "Twin Image is in the back row behind a doll",
                           "Shard Golem: HP 4/6, shield 4", "Scores: [70, 0]"],
    "zh/mirror-dolls.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "MD-", "✔", "ttr-glance",
                              "ttr-walk", "ttr-rulings", "双生镜像在后侧，前方有人偶挡着", "碎镜魔像：血量 4/6，护盾 4",
                              "分数： [70, 0]"],
    "vividz-table.ipynb": ["application/vnd.jupyter.widget-view+json"],
    "zh/vividz.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "VV-", "条裁定中有",
                        "ttr-glance", "ttr-walk", "ttr-rulings", "从第1赛道滑行到第2赛道",
                        "没有发生战斗：同时也是P-攻击成功"],
    "mirror-dolls-table.ipynb": ["application/vnd.jupyter.widget-view+json"],
    "ruling-editor.ipynb": ["application/vnd.jupyter.widget-view+json"],
    # issue 36: self-harm rests the vessel (2 life into the pool, once), a rebuild mid-effect leaves the
    # recalled card out of the new deck
    "blood-recall.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "BRD-1.3",
                           "✔ example-damage", "✔ example-chant", "ttr-glance",
                           "Life 18, blood pool 2, attack +2 this round; self-harm no longer offered.",
                           "Deck 3 cards, discard pile 0, play area 1, hand 1."],
    "zh/blood-recall.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "BRD-1.3",
                              "✔ example-damage", "✔ example-chant", "ttr-glance",
                              "生命值 18，血池 2，本轮攻击 +2；不能再自伤。",
                              "牌库 3 张，弃牌区域 0 张，出牌区域 1 张，手牌 1 张。"],
}


def test_there_are_notebooks():
    names = {p.name for p in NOTEBOOKS} | {p.relative_to(ROOT / "notebooks").as_posix() for p in NOTEBOOKS}
    assert names >= set(EXPECT)


def stored(path: pathlib.Path) -> str | None:
    """The notebook as git stores it (the index), or None outside a git checkout or for a file git
    does not hold yet. Never the working copy: running a notebook must not make this test fail."""
    try:
        return subprocess.run(["git", "show", f":{path.relative_to(ROOT).as_posix()}"], cwd=ROOT, capture_output=True,
                              check=True).stdout.decode("utf-8")
    except (OSError, subprocess.CalledProcessError):
        return None


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.relative_to(ROOT / "notebooks").as_posix() for p in NOTEBOOKS])
def test_notebook_is_stored_clean(path):
    text = stored(path)
    if text is None:
        pytest.skip("not stored in git (no checkout, or a new file): nothing stored to check")
    nb = json.loads(text)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, "strip outputs before committing"


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.relative_to(ROOT / "notebooks").as_posix() for p in NOTEBOOKS])
def test_notebook_runs_in_a_fresh_kernel(path, tmp_path):
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, errors[0] if errors else None
    outputs = json.dumps([c.get("outputs") for c in nb.cells if c.cell_type == "code"], ensure_ascii=False)
    rel = path.relative_to(ROOT / "notebooks").as_posix()      # a Chinese edition may be keyed "zh/<name>"
    for needle in EXPECT.get(rel, EXPECT.get(path.name, [])):
        assert needle in outputs, f"{path.name}: expected {needle!r} in the outputs"
