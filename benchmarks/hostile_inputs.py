"""How the kit takes hostile input (issue 33): N generated inputs per kind, and what became of them.

    python benchmarks/hostile_inputs.py [-n 300] [--timeout 10] [--no-write] [--label TEXT]

The inputs are the property-based tests' own (``tests/hostile.py``: actions, records, YAML files,
scenario specs, command lines; numbers of thousands of digits, counts of ten million, YAML alias
bombs, deep nesting, odd files and arguments), drawn by hypothesis, ``-n`` per kind spread over
the games. Each input is checked as the tests check it, but nothing stops the run: reported per
kind are the inputs tried, how they ended (accepted / refused), the raw errors (anything but the
kit's one error type for the kind, or a broken promise such as a changed state), the hangs (an
input still running after ``--timeout`` seconds, stopped by an alarm) and the peak memory of the
process above its baseline once the games are loaded (resident set, ``ru_maxrss``). A row is
appended to benchmarks/RESULTS.md.

To measure code from before the fixes, run it under a memory limit (``ulimit -v 2500000``): the
unbounded inputs took a 23 GB machine's memory whole before the kernel stopped the process.
"""
from __future__ import annotations

import argparse
import collections
import resource
import signal
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import add_row, machine  # noqa: E402


class Hang(BaseException):
    """Raised by the alarm: an input ran past the timeout (BaseException: no ``except Exception``
    in the kit can swallow it)."""


def _alarm(signum, frame):
    raise Hang()


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024        # Linux: kB


def run_kind(name, strategy, check, n, timeout, tally):
    """Draw ``n`` inputs from ``strategy`` and ``check`` each, counting outcomes; never raises."""
    from hypothesis import HealthCheck, given, settings

    out = tally[name]

    @settings(max_examples=n, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(case=strategy)
    def one(case):
        out["tried"] += 1
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            got = check(case)
            out[got] += 1
        except Hang:
            out["hangs"] += 1
        except BaseException as exc:            # counted, never raised
            out["raw errors"] += 1
            if len(out.setdefault("samples", [])) < 3:
                out["samples"].append(f"{type(exc).__name__}: {str(exc)[:160]}")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    one()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=300, help="inputs per kind (default 300)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds before an input counts as a hang")
    ap.add_argument("--no-write", action="store_true", help="print only; add no row to RESULTS.md")
    ap.add_argument("--label", default="", help="what code ran (the table's 'code' column)")
    args = ap.parse_args(argv)
    warnings.simplefilter("ignore")
    signal.signal(signal.SIGALRM, _alarm)

    from tests import hostile as H

    for g in H.GAMES:                               # the baseline: every game loaded, a record played
        H.record_at(g, 0, 10)
    base = rss_mb()
    tally: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    per_game = max(1, args.n // len(H.GAMES))
    t0 = time.perf_counter()
    for g in H.GAMES:
        run_kind("actions", H.hostile_actions(g), H.check_action, per_game, args.timeout, tally)
        run_kind("records", H.hostile_records(g), lambda c, g=g: H.check_record(g, c), per_game, args.timeout, tally)
        run_kind("YAML files", H.hostile_yaml(), lambda t, g=g: H.check_yaml(g, t), per_game, args.timeout, tally)
        run_kind("scenario specs", H.hostile_specs(g), lambda s, g=g: H.check_spec(g, s), per_game, args.timeout,
                 tally)
    with tempfile.TemporaryDirectory() as tmp:
        files = H.odd_files(Path(tmp))
        run_kind("CLI arguments", H.hostile_argv(files), H.check_argv, args.n, args.timeout, tally)
    seconds = time.perf_counter() - t0
    peak = rss_mb() - base

    print(f"{'kind':<16} {'tried':>6} {'accepted':>9} {'refused':>8} {'raw errors':>11} {'hangs':>6}")
    for kind, c in tally.items():
        refused = c["refused"]
        accepted = c["tried"] - refused - c["raw errors"] - c["hangs"]
        print(f"{kind:<16} {c['tried']:>6} {accepted:>9} {refused:>8} {c['raw errors']:>11} {c['hangs']:>6}")
        for s in c.get("samples", []):
            print(f"    {s}")
    raw = sum(c["raw errors"] for c in tally.values())
    hangs = sum(c["hangs"] for c in tally.values())
    print(f"peak memory above baseline: {peak:.1f} MB (resident set; baseline {base:.1f} MB); "
          f"{seconds:.1f} s; raw errors {raw}, hangs {hangs}")
    if not args.no_write:
        m = machine()
        tried = ", ".join(f"{k} {c['tried']}" for k, c in tally.items())
        add_row("Hostile inputs (benchmarks/hostile_inputs.py)",
                ["date", "machine", "Python", "code", "inputs tried per kind", "raw errors", "hangs",
                 "timeout s", "peak memory above baseline MB", "seconds"],
                [m["date"], m["machine"], m["python"], args.label or "this checkout",
                 tried, str(raw), str(hangs), f"{args.timeout:g}",
                 f"{peak:.1f}", f"{seconds:.0f}"])
    return 1 if raw or hangs or peak > 100 else 0


if __name__ == "__main__":
    sys.exit(main())
