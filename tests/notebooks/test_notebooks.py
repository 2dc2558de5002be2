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
    "buddyfight.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "BF-3.6", "✔ "],
    "00-start-here.ipynb": ["buddyfight", "blood-recall-story", "xianjian", "vividz", "mirror-dolls",
                            "application/vnd.jupyter.widget-view+json"],
    "xianjian.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "XJ-2.2", "XJ-6.2", "▶", "✔"],
    "xianjian-table.ipynb": ["application/vnd.jupyter.widget-view+json"],
    "blood-recall-story-table.ipynb": ["application/vnd.jupyter.widget-view+json"],
    "buddyfight-table.ipynb": ["application/vnd.jupyter.widget-view+json"],
    "vividz.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "VV-", "rulings hold"],
    "mirror-dolls.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "MD-", "✔"],  # en and zh
    "vividz-table.ipynb": ["application/vnd.jupyter.widget-view+json"],
    "zh/vividz.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "VV-", "条裁定中有"],
    "mirror-dolls-table.ipynb": ["application/vnd.jupyter.widget-view+json"],
    "ruling-editor.ipynb": ["application/vnd.jupyter.widget-view+json"],
    "blood-recall.ipynb": ["image/svg+xml", "application/vnd.jupyter.widget-view+json", "BRD-1.3",
                           "✔ example-damage", "✔ example-chant"],
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
