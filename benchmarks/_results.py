"""Shared by the benchmark scripts: the machine description and ``RESULTS.md`` bookkeeping.

``RESULTS.md`` keeps one section per benchmark, each a Markdown table; every run adds a row at
the end of its own section's table, so the file is a history and the scripts can run in any order.
"""
from __future__ import annotations

import datetime
import os
import platform
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"

PREAMBLE = """# Benchmark results

Written by `benchmarks/throughput.py` and `benchmarks/import_time.py` (see README.md); one row per
run, newest last. Floors: 20,000 random-play actions per second per game on one core; `import
tabletop_rules` under 150 ms.
"""


def machine() -> dict:
    return {
        "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
        "machine": f"{platform.processor() or platform.machine() or '?'} / {os.cpu_count()} CPUs",
        "python": platform.python_version(),
    }


def add_row(section: str, headers: list[str], row: list[str], path: Path = RESULTS) -> Path:
    """Append ``row`` to the table under ``## section`` (created, with ``headers``, if missing)."""
    text = path.read_text(encoding="utf-8") if path.exists() else PREAMBLE
    lines = text.rstrip("\n").split("\n")
    line = "| " + " | ".join(row) + " |"
    title = f"## {section}"
    if title not in lines:
        lines += ["", title, "", "| " + " | ".join(headers) + " |",
                  "|" + "|".join("---" for _ in headers) + "|", line]
    else:
        i = lines.index(title) + 1
        while i < len(lines) and not lines[i].startswith("|"):      # blank lines before the table
            if lines[i].startswith("## "):
                break
            i += 1
        if i < len(lines) and lines[i].startswith("|"):
            while i < len(lines) and lines[i].startswith("|"):
                i += 1
            lines.insert(i, line)
        else:                                                        # section without a table
            lines[i:i] = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|", line]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
