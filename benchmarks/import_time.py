"""Import cost: ``import tabletop_rules`` and ``tabletop_rules.load_game('buddyfight')``.

    python benchmarks/import_time.py [--runs 7] [--no-write] [--check]

Each run is a fresh Python subprocess that times, with ``time.perf_counter`` inside itself,
the import and then the first ``load_game('buddyfight')``, and reports which heavy modules the
import pulled in. One warm-up run (not counted) makes sure bytecode caches exist. The medians
are printed and appended to benchmarks/RESULTS.md. Fails (exit 1) when ipywidgets, graphviz or
networkx is in ``sys.modules`` after ``import tabletop_rules``; with ``--check`` also when the
median import is over 150 ms.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import add_row, machine

FLOOR_MS = 150
HEAVY = ("ipywidgets", "graphviz", "networkx")
INFO = ("yaml", "pydantic")           # reported, not forbidden (load_game needs them)

PROBE = r"""
import json, sys, time
t0 = time.perf_counter()
import tabletop_rules
t1 = time.perf_counter()
after_import = {m: m in sys.modules for m in %(mods)r}
t2 = time.perf_counter()
tabletop_rules.load_game(%(game)r)
t3 = time.perf_counter()
print(json.dumps({"import_ms": 1000 * (t1 - t0), "load_ms": 1000 * (t3 - t2), "modules": after_import}))
"""


def run_once(game: str) -> dict:
    code = PROBE % {"mods": HEAVY + INFO, "game": game}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise SystemExit(f"import_time: the probe subprocess failed: {tail}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="fresh subprocesses (default 7)")
    ap.add_argument("--game", default="buddyfight")
    ap.add_argument("--no-write", action="store_true", help="do not append to RESULTS.md")
    ap.add_argument("--check", action="store_true", help=f"exit 1 if the import median is over {FLOOR_MS} ms")
    args = ap.parse_args(argv)

    run_once(args.game)                                   # warm-up: bytecode caches
    runs = [run_once(args.game) for _ in range(args.runs)]
    imp = statistics.median(r["import_ms"] for r in runs)
    load = statistics.median(r["load_ms"] for r in runs)
    heavy = sorted({m for r in runs for m in HEAVY if r["modules"][m]})
    info = sorted({m for r in runs for m in INFO if r["modules"][m]})
    m = machine()
    print(f"{m['date']}  {m['machine']}  Python {m['python']}  (median of {args.runs} fresh subprocesses)")
    print(f"import tabletop_rules: {imp:.1f} ms (min {min(r['import_ms'] for r in runs):.1f}, "
          f"max {max(r['import_ms'] for r in runs):.1f}); floor {FLOOR_MS} ms: "
          f"{'ok' if imp < FLOOR_MS else 'OVER'}")
    print(f"load_game({args.game!r}) after it: {load:.1f} ms (min {min(r['load_ms'] for r in runs):.1f}, "
          f"max {max(r['load_ms'] for r in runs):.1f})")
    print("heavy modules after import: " + (", ".join(heavy) if heavy else "none of " + ", ".join(HEAVY))
          + (f"; also loaded: {', '.join(info)}" if info else f"; {', '.join(INFO)} not loaded either"))
    if not args.no_write:
        add_row("Import time (benchmarks/import_time.py)",
                ["date", "machine", "Python", "runs", "import tabletop_rules (ms, median)",
                 f"load_game('{args.game}') (ms, median)", "heavy modules after import",
                 f"floor {FLOOR_MS} ms"],
                [m["date"], m["machine"], m["python"], str(args.runs), f"{imp:.1f}", f"{load:.1f}",
                 ", ".join(heavy) or "none", "ok" if imp < FLOOR_MS else "over"])
        print("appended to benchmarks/RESULTS.md")
    if heavy:
        print(f"FAIL: import tabletop_rules loaded {', '.join(heavy)}", file=sys.stderr)
        return 1
    return 1 if (args.check and imp >= FLOOR_MS) else 0


if __name__ == "__main__":
    sys.exit(main())
