"""Glue lines per game: the lines of a game package's files that come before its first rule (issue 37).

    python benchmarks/glue_lines.py [REV ...]

The code review's measure (../shared/notes/reviews/code-review.md, section 4): a game's ``__init__.py``, its
book (``book.py``, or xianjian's ``registry.py``), ``state.py``, ``view.py``, ``scenario.py`` and ``cards.py``
(Blood Recall's two modes also ``duel.py`` and ``story.py`` up to their first rule would count, but are left
out as in the review). Each REV is a git revision (default: the working tree), read with ``git show``.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("buddyfight", "blood_recall", "mirror_dolls", "vividz", "xianjian")
GLUE = ("__init__.py", "book.py", "registry.py", "state.py", "view.py", "scenario.py", "cards.py")


def lines(rev: str | None, path: str) -> int:
    if rev is None:
        p = ROOT / path
        return len(p.read_text(encoding="utf-8").splitlines()) if p.exists() else 0
    out = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True)
    return len(out.stdout.splitlines()) if out.returncode == 0 else 0


def glue(rev: str | None) -> dict[str, int]:
    return {g: sum(lines(rev, f"tabletop_rules/games/{g}/{f}") for f in GLUE) for g in GAMES}


def main(argv: list[str]) -> int:
    revs: list[str | None] = list(argv) or [None]
    rows = {rev or "working tree": glue(rev) for rev in revs}
    print("| game | " + " | ".join(rows) + " |")
    print("|---|" + "---|" * len(rows))
    for g in GAMES:
        print(f"| {g} | " + " | ".join(str(r[g]) for r in rows.values()) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
