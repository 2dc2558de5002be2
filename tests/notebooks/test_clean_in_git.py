"""Notebooks stay clean in git without anyone remembering (issue 36).

What is checked is what git stores (the index, ``git show :path``), never the working copy: a
reader who opens and runs a notebook changes only the working copy, and the tests still pass.

- ``.gitattributes`` puts every notebook under the ``nbstripout`` clean filter;
- the README's open-the-kit command configures that filter (nbstripout, keeping cell ids), and
  nbstripout is a dependency of the ``notebook`` extra and of environment.yml;
- the filter does its work: in a scratch repository set up by the README's own command, a notebook
  run with outputs is stored by ``git add`` without outputs or execution counts, while the working
  copy keeps them;
- every stored notebook is clean, and the filter leaves it as it is (so a stored notebook is its
  own cleaned form: re-saving it changes nothing that git stores).
"""
from __future__ import annotations

import json
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GIT = shutil.which("git")


def git(*args: str, cwd: pathlib.Path = ROOT, data: bytes | None = None) -> str:
    return subprocess.run(["git", *args], cwd=cwd, input=data, capture_output=True, check=True).stdout.decode()


def in_git() -> bool:
    if GIT is None:
        return False
    try:
        return git("rev-parse", "--show-toplevel").strip() == str(ROOT)
    except subprocess.CalledProcessError:
        return False


needs_git = pytest.mark.skipif(not in_git(), reason="not a git checkout (an unpacked archive or a wheel)")


def stored_notebooks() -> list[str]:
    return [p for p in git("ls-files", "-z", "--", "*.ipynb").split("\0") if p]


def readme_filter_command() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    opening = re.findall(r"```bash\n(.*?)\n```", text, re.S)[0]
    m = re.search(r"git config filter\.nbstripout\.clean \"([^\"]+)\"", opening)
    assert m, "the open-the-kit command does not configure the nbstripout filter"
    return m.group(1)


def dirty_cells(nb: dict) -> list[int]:
    return [i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"
            and (c.get("outputs") != [] or c.get("execution_count") is not None)]


@needs_git
def test_every_notebook_is_under_the_filter():
    paths = stored_notebooks()
    assert len(paths) >= 10
    out = git("check-attr", "filter", "--", *paths)
    assert all(line.endswith(": filter: nbstripout") for line in out.splitlines()), out


def test_the_open_the_kit_command_sets_the_filter_up():
    cmd = readme_filter_command()
    assert cmd.split()[-2:] == ["nbstripout", "--keep-id"] and cmd.startswith(".venv/bin/python")
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    after = text.split("```", 2)[2][:400]                    # what the reader is told right after it
    assert "00-start-here.ipynb" in after and "run" in after
    py = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    notebook_extra = py.split("notebook = [", 1)[1].split("]", 1)[0]
    assert "nbstripout" in notebook_extra
    assert "nbstripout" in (ROOT / "environment.yml").read_text(encoding="utf-8")


@pytest.mark.skipif(GIT is None, reason="no git")
def test_git_add_stores_a_run_notebook_without_outputs(tmp_path):
    pytest.importorskip("nbstripout")
    repo = tmp_path / "kit"
    repo.mkdir()
    git("init", "-q", cwd=repo)
    shutil.copy(ROOT / ".gitattributes", repo / ".gitattributes")
    (repo / ".venv" / "bin").mkdir(parents=True)
    python = repo / ".venv" / "bin" / "python"           # this Python, where the README's .venv would be
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    git("config", "filter.nbstripout.clean", readme_filter_command(), cwd=repo)   # as the README does
    nb = {"cells": [{"cell_type": "code", "id": "cell-a", "metadata": {}, "execution_count": 7,
                     "outputs": [{"output_type": "stream", "name": "stdout", "text": ["hi\n"]}],
                     "source": ["print('hi')"]}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    sub = repo / "notebooks"
    sub.mkdir()
    (sub / "run.ipynb").write_text(json.dumps(nb, indent=1), encoding="utf-8")
    git("add", "run.ipynb", cwd=sub)                # from a subfolder: the filter runs at the top
    stored = json.loads(git("show", ":notebooks/run.ipynb", cwd=repo))
    assert dirty_cells(stored) == [] and stored["cells"][0]["id"] == "cell-a"
    assert stored["cells"][0]["source"] == ["print('hi')"]
    assert dirty_cells(json.loads((sub / "run.ipynb").read_text(encoding="utf-8"))) == [0]   # untouched
    # the run copy does not even count as a change: cleaned, it is what git stores
    assert git("status", "--porcelain", "--", "notebooks/run.ipynb", cwd=repo).strip() == "A  notebooks/run.ipynb"


# What the nbstripout command strips besides outputs and counts (its defaults, nbstripout 0.9).
EXTRA_KEYS = ["metadata.signature", "metadata.widgets", "cell.metadata.collapsed", "cell.metadata.ExecuteTime",
              "cell.metadata.execution", "cell.metadata.heading_collapsed", "cell.metadata.hidden",
              "cell.metadata.scrolled"]


@needs_git
def test_what_git_stores_is_clean_and_a_fixed_point_of_the_filter():
    nbformat = pytest.importorskip("nbformat")
    from nbstripout import strip_output

    bad, moved = [], []
    for path in stored_notebooks():
        raw = git("show", f":{path}")
        nb = json.loads(raw)
        if dirty_cells(nb) or "widgets" in nb.get("metadata", {}):
            bad.append(path)
        as_read = nbformat.reads(raw, as_version=4)
        cleaned = strip_output(nbformat.reads(raw, as_version=4), keep_output=False, keep_count=False,
                               keep_id=True, extra_keys=EXTRA_KEYS)
        if cleaned != as_read:
            moved.append(path)
    assert not bad, f"stored with outputs (set the filter up as the README says): {bad}"
    assert not moved, f"the clean filter would change these stored notebooks: {moved}"
