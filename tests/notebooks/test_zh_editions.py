"""Every notebook has a Chinese edition in notebooks/zh/ (same file name), kept in step with the
English one: the same cells in the same order, each code cell the same code (only its language
arguments differ), each Markdown cell in Chinese with no English sentence (issue 9)."""
from __future__ import annotations

import json
import pathlib
import re

import pytest
from chinese import english_in

ROOT = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
ENGLISH = sorted(p for p in ROOT.rglob("*.ipynb") if "zh" not in p.relative_to(ROOT).parts
                 and ".ipynb_checkpoints" not in p.parts)


def _cells(path: pathlib.Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _code(src: str) -> str:
    """A code cell with its language choices set aside ("zh" and "en" read alike)."""
    return re.sub(r"""(["'])zh\1""", r"\1en\1", src).strip()


def _zh_path(path: pathlib.Path) -> pathlib.Path:
    rel = path.relative_to(ROOT)
    return ROOT / "zh" / rel


@pytest.mark.parametrize("path", ENGLISH, ids=[str(p.relative_to(ROOT)) for p in ENGLISH])
def test_the_chinese_edition_keeps_in_step(path):
    zh = _zh_path(path)
    assert zh.exists(), f"no Chinese edition of {path.relative_to(ROOT)} (expected {zh.relative_to(ROOT.parent)})"
    en_cells, zh_cells = _cells(path), _cells(zh)
    assert [c["cell_type"] for c in zh_cells] == [c["cell_type"] for c in en_cells], "the same cells in the same order"
    for i, (e, z) in enumerate(zip(en_cells, zh_cells, strict=True)):
        if e["cell_type"] == "code":
            assert _code("".join(z["source"])) == _code("".join(e["source"])), f"code cell #{i + 1} differs"
        else:
            heads_e = [ln for ln in "".join(e["source"]).splitlines() if ln.startswith("#")]
            heads_z = [ln for ln in "".join(z["source"]).splitlines() if ln.startswith("#")]
            assert len(heads_e) == len(heads_z), f"Markdown cell #{i + 1}: the same headings"


@pytest.mark.parametrize("path", ENGLISH, ids=[str(p.relative_to(ROOT)) for p in ENGLISH])
def test_the_chinese_edition_has_no_english_sentence(path):
    zh = _zh_path(path)
    if not zh.exists():
        pytest.fail(f"no Chinese edition of {path.name}")
    for i, c in enumerate(_cells(zh)):
        if c["cell_type"] == "markdown":
            bad = english_in(None, "".join(c["source"]))
            assert bad is None, f"Markdown cell #{i + 1} holds English: {bad!r}"
