"""``simulate``: many bot games, summarised as text or JSON, with progress on stderr (tqdm)."""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from .common import UserError, _load, _out, whole_number


def _in_notebook() -> bool:
    """True inside a Jupyter kernel (where tqdm.auto draws a widget)."""
    shell = sys.modules.get("IPython")
    ip = shell.get_ipython() if shell is not None and hasattr(shell, "get_ipython") else None
    return ip is not None and hasattr(ip, "kernel")


class Progress:
    """Progress the ecosystem's way (issue 40.6): a ``tqdm.auto`` bar, a widget in a notebook and
    a bar redrawn in a terminal, with the actions per second beside it. A stream that is neither
    (a log file, CI's output) gets one plain line per 10% instead: a bar's carriage returns would
    fill a log with half-drawn lines. tqdm is imported only when a bar is drawn (``import
    tabletop_rules`` stays light)."""

    def __init__(self, total: int, enabled: bool = True, stream: TextIO | None = None):
        self.stream = stream or sys.stderr
        self.total = max(total, 1)
        self.enabled = enabled
        self.start = time.perf_counter()
        self.next_decile = 1
        self.bar: Any = None
        try:
            tty = self.stream.isatty()
        except (AttributeError, ValueError):
            tty = False
        notebook = stream is None and _in_notebook()
        if enabled and (tty or notebook):
            from tqdm import tqdm as plain
            from tqdm.auto import tqdm as auto

            self.bar = (auto if notebook else plain)(total=self.total, file=self.stream, unit="game",
                                                     dynamic_ncols=True, mininterval=0.1)

    def update(self, done: int, actions: int) -> None:
        if not self.enabled:
            return
        rate = actions / max(time.perf_counter() - self.start, 1e-9)
        if self.bar is not None:
            self.bar.set_postfix_str(f"{rate:,.0f} actions/s", refresh=False)
            self.bar.update(max(0, min(done, self.total) - self.bar.n))
            if done >= self.total:
                self.close()
            return
        while self.next_decile <= 10 and done * 10 >= self.next_decile * self.total:
            self.stream.write(f"{self.next_decile * 10}% {done}/{self.total} games, {rate:,.0f} actions/s\n")
            self.next_decile += 1
        self.stream.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _bot_names(spec: str, seats: int) -> list[str]:
    from tabletop_rules.core.bots import BOTS

    names = [s.strip() for s in spec.split(",")]
    for n in names:
        if n not in BOTS:
            raise UserError(f"unknown bot {n!r}; known bots: {', '.join(BOTS)}")
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise UserError(f"--bot gives {len(names)} bots for {seats} seats; give one name or one per seat")
    return names


def _tally(players: int) -> dict:
    return {"games": 0, "wins": [0] * players, "losses": [0] * players, "draws": 0, "unfinished": 0,
            "first_player_wins": 0, "turns": 0, "has_turns": True, "actions": 0, "cpu_seconds": 0.0,
            "error": None}


def play_range(game: Any, players: int, names: list[str], seed: int, start: int, stop: int,
               max_actions: int = 20_000, on_game: Callable[[int, int], None] | None = None) -> dict:
    """Play games ``start .. stop-1`` of a simulation and count what happened (a tally).

    Game ``i`` has seed ``seed + i`` and its seat ``k`` a bot seeded ``(seed + i) * players + k``,
    so a game's result depends on the base seed and its index only: any split of the range over
    processes or machines adds up to the same tallies as one process. An engine error stops the
    range; the tally then carries the sentence (``error``) naming the game's seed."""
    from tabletop_rules.core.bots import BOTS

    out = _tally(players)
    cpu0 = time.process_time()
    for i in range(start, stop):
        gseed = seed + i
        state = game.new_game(seed=gseed, players=players)
        seat_bots = [BOTS[name](seed=gseed * players + k) for k, name in enumerate(names)]
        steps = 0
        try:
            while not state.is_over and steps < max_actions:
                state.apply(seat_bots[state.current_player].choose(state))
                steps += 1
        except Exception as exc:          # an engine bug: say which game, so it can be replayed
            out["error"] = (f"game seed {gseed} failed after {steps} actions in phase {state.phase}: "
                            f"{type(exc).__name__}: {exc}")
            break
        out["games"] += 1
        out["actions"] += steps
        t = getattr(state, "turn", None)
        if t is None:
            out["has_turns"] = False
        else:
            out["turns"] += t
        if not state.is_over:
            out["unfinished"] += 1
        elif not state.winners and not state.losers:      # a draw; a solo loss has a loser
            out["draws"] += 1
        else:
            for w in state.winners:
                out["wins"][w] += 1
            for lost in state.losers or ():
                out["losses"][lost] += 1
            if getattr(state, "first_player", 0) in state.winners:   # games without one: seat 0
                out["first_player_wins"] += 1
        if on_game is not None:
            on_game(i - start + 1, steps)
    out["cpu_seconds"] = time.process_time() - cpu0
    return out


def play_chunk(game_id: str, players: int, names: list[str], seed: int, start: int, stop: int,
               max_actions: int) -> dict:
    """``play_range`` of a game loaded by id: what a worker process or a Dask worker runs."""
    import tabletop_rules as tr

    return play_range(tr.load_game(game_id), players, names, seed, start, stop, max_actions)


def _merge(total: dict, part: dict) -> None:
    for k in ("games", "draws", "unfinished", "first_player_wins", "turns", "actions", "cpu_seconds"):
        total[k] += part[k]
    for k in ("wins", "losses"):
        total[k] = [a + b for a, b in zip(total[k], part[k])]
    total["has_turns"] = total["has_turns"] and part["has_turns"]


def chunks(n: int, workers: int) -> list[tuple[int, int]]:
    """Index ranges for ``workers``: about 20 per worker (a progress line moves, a slow chunk does
    not hold the others up), at most 2,000 games each, whole ranges in order."""
    size = max(1, min(2_000, n // max(1, 20 * workers)))
    return [(a, min(n, a + size)) for a in range(0, n, size)]


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96); (0, 1) with no games."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def simulate(game: Any, n: int, seed: int, bots: str = "random", players: int | None = None,
             max_actions: int = 20_000, progress: Progress | None = None, jobs: int = 1,
             dask: Any = None) -> dict:
    """Play ``n`` bot games (game seeds ``seed .. seed+n-1``) and summarise them.

    ``jobs`` > 1 plays them in that many processes, ``dask`` (a scheduler address or a
    ``distributed.Client``) on a Dask cluster; both give the same summary as one process (only
    the timing fields differ, ``TIMING_FIELDS``), since every game's seeds come from the base seed
    and its index (``play_range``). Workers load the game by its id."""
    players = game.player_counts[0] if players is None else players
    names = _bot_names(bots, players)
    if type(jobs) is not int or jobs < 1:
        raise UserError("--jobs must be at least 1")
    # A run that could play nothing is refused, not reported empty (issue 33: --max-actions -1).
    for what, v in (("-n", n), ("--max-actions", max_actions)):
        if type(v) is not int or v < 1:
            raise UserError(f"{what} must be a whole number of at least 1")
    total = _tally(players)
    t0 = time.perf_counter()
    errors: list[tuple[int, str]] = []
    if dask is not None:
        backend = "dask"
        _run_dask(dask, game.id, players, names, seed, n, max_actions, progress, total, errors)
    elif jobs > 1 and n > 1:
        backend = "processes"
        _run_processes(jobs, game.id, players, names, seed, n, max_actions, progress, total, errors)
    else:
        backend = "process"
        jobs = 1
        done = [0, 0]

        def on_game(k: int, steps: int) -> None:
            done[0] += 1
            done[1] += steps
            if progress:
                progress.update(done[0], done[1])

        part = play_range(game, players, names, seed, 0, n, max_actions, on_game)
        _merge(total, part)
        if part["error"]:
            errors.append((0, part["error"]))
    if errors:
        raise UserError(min(errors)[1], 1)
    seconds = time.perf_counter() - t0
    actions = total["actions"]
    lo, hi = wilson(total["first_player_wins"], n)
    return {
        "game": game.id, "games": n, "seed": seed, "bots": names, "players": players,
        "wins": total["wins"], "losses": total["losses"], "draws": total["draws"],
        "unfinished": total["unfinished"],
        "first_player_wins": total["first_player_wins"],
        "first_player_win_rate": round(total["first_player_wins"] / n, 4) if n else 0.0,
        "first_player_win_rate_ci95": [round(lo, 4), round(hi, 4)],
        "average_turns": (round(total["turns"] / n, 3) if n else 0.0) if total["has_turns"] else None,
        "average_actions": round(actions / n, 3) if n else 0.0,
        "actions": actions,
        "backend": backend, "jobs": jobs,
        "seconds": round(seconds, 4),
        "cpu_seconds": round(total["cpu_seconds"], 4),
        "actions_per_second": round(actions / seconds, 1) if seconds > 0 else None,
        "games_per_second": round(n / seconds, 2) if seconds > 0 else None,
    }


def _collect(results: Any, progress: Progress | None, total: dict, errors: list) -> None:
    """Add up (start, tally) pairs as they arrive, moving the progress line."""
    for start, part in results:
        _merge(total, part)
        if part["error"]:
            errors.append((start, part["error"]))
        if progress:
            progress.update(total["games"], total["actions"])


def _run_processes(jobs: int, game_id: str, players: int, names: list[str], seed: int, n: int,
                   max_actions: int, progress: Progress | None, total: dict, errors: list) -> None:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(play_chunk, game_id, players, names, seed, a, b, max_actions): a
                   for a, b in chunks(n, jobs)}
        _collect(((futures[f], f.result()) for f in as_completed(futures)), progress, total, errors)


def _run_dask(dask: Any, game_id: str, players: int, names: list[str], seed: int, n: int,
              max_actions: int, progress: Progress | None, total: dict, errors: list) -> None:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise UserError("--dask needs dask.distributed: pip install 'tabletop-rules[dask]'") from None
    own = not isinstance(dask, Client)
    try:
        client = Client(dask, timeout=30) if own else dask
    except OSError as exc:
        raise UserError(f"cannot reach the Dask scheduler at {dask}: {exc}") from None
    try:
        workers = max(1, sum(client.nthreads().values()))
        futures = {client.submit(play_chunk, game_id, players, names, seed, a, b, max_actions, pure=False): a
                   for a, b in chunks(n, workers)}
        _collect(((futures[f], f.result()) for f in as_completed(futures)), progress, total, errors)
    finally:
        if own:
            client.close()


#: Summary fields that measure the run rather than the games (they differ between runs).
TIMING_FIELDS = ("seconds", "cpu_seconds", "actions_per_second", "games_per_second")
#: Summary fields that say how the games were run (one process, processes, Dask).
RUN_FIELDS = ("backend", "jobs")


def add_arguments(s: argparse.ArgumentParser) -> None:
    """The options of ``simulate`` for running the games elsewhere (the others: cli/__init__.py)."""
    s.add_argument("--jobs", "-j", type=whole_number(1, 256), default=1,
                   help="play the games in this many processes (same results as one; default 1)")
    s.add_argument("--dask", metavar="ADDRESS", default=None,
                   help="play the games on a Dask cluster (its scheduler, e.g. tcp://host:8786)")
    s.add_argument("--lang", choices=("en", "zh"), default="en", help="language of the summary (default en)")


_SUMMARY = {
    "en": {"head": "{title}: {n} games, seeds {a}..{b}, bots {bots}", "bot": "seat {i} {b}", "sep": ", ",
           "wins": "  seat {seat} wins      {w:>8}  ({p:.1%})", "loses": "  seat {seat} loses     {w:>8}  ({p:.1%})",
           "draws": "  draws            {w:>8}  ({p:.1%})",
           "unfinished": "  unfinished       {w:>8}  (stopped after {m} actions)",
           "first": "  first player won {w:>8}  (win rate {r:.3f}, 95% confidence interval {lo:.3f} to {hi:.3f})",
           "turns": "  average turns    {t:>8.1f}", "actions": "  average actions  {a:>8.1f}  (decisions per game)",
           "speed": "  {n:,} actions in {s:.2f} s on {where}: {aps:,.0f} actions/s (decisions per second), "
                    "{gps:,.1f} games/s",
           "process": "one process", "processes": "{k} processes", "dask": "a Dask cluster"},
    "zh": {"head": "{title}：{n} 局，种子 {a}..{b}，电脑 {bots}", "bot": "座位 {i} {b}", "sep": "，",
           "wins": "  座位 {seat} 获胜     {w:>8}  （{p:.1%}）", "loses": "  座位 {seat} 落败     {w:>8}  （{p:.1%}）",
           "draws": "  平局             {w:>8}  （{p:.1%}）",
           "unfinished": "  未下完           {w:>8}  （{m} 个行动后停止）",
           "first": "  先手获胜         {w:>8}  （胜率 {r:.3f}，95% 置信区间 {lo:.3f} 至 {hi:.3f}）",
           "turns": "  平均回合数       {t:>8.1f}", "actions": "  平均行动数       {a:>8.1f}  （每局的决定数）",
           "speed": "  {n:,} 个行动用时 {s:.2f} 秒（{where}）：每秒 {aps:,.0f} 个行动（决定），每秒 {gps:,.1f} 局",
           "process": "单个进程", "processes": "{k} 个进程", "dask": "Dask 集群"},
}


def summary_lines(summary: dict, game: Any, max_actions: int, lang: str = "en") -> list[str]:
    """The text summary in English or Chinese."""
    w = _SUMMARY["zh" if lang == "zh" else "en"]
    n = summary["games"]
    seed = summary["seed"]
    bots = w["sep"].join(w["bot"].format(i=i, b=b) for i, b in enumerate(summary["bots"]))
    out = [w["head"].format(title=game.title.get(lang) or game.title["en"], n=n, a=seed, b=seed + n - 1, bots=bots)]
    solo = len(summary["wins"]) == 1      # against the game itself: a loss is not a draw
    for seat, won in enumerate(summary["wins"]):
        out.append(w["wins"].format(seat=seat, w=won, p=won / n))
        if solo:
            lost = summary["losses"][seat]
            out.append(w["loses"].format(seat=seat, w=lost, p=lost / n))
    out.append(w["draws"].format(w=summary["draws"], p=summary["draws"] / n))
    if summary["unfinished"]:
        out.append(w["unfinished"].format(w=summary["unfinished"], m=max_actions))
    lo, hi = summary["first_player_win_rate_ci95"]
    out.append(w["first"].format(w=summary["first_player_wins"], r=summary["first_player_win_rate"], lo=lo, hi=hi))
    if summary["average_turns"] is not None:
        out.append(w["turns"].format(t=summary["average_turns"]))
    out.append(w["actions"].format(a=summary["average_actions"]))
    aps = summary["actions_per_second"]
    if aps:
        where = w[summary["backend"]].format(k=summary["jobs"])
        out.append(w["speed"].format(n=summary["actions"], s=summary["seconds"], where=where, aps=aps,
                                     gps=summary["games_per_second"]))
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    game = _load(args.game)
    if args.n < 1:
        raise UserError("-n must be at least 1")
    if args.players is not None and args.players not in game.player_counts:
        raise UserError(f"{game.id} is played by {', '.join(map(str, game.player_counts))} players, "
                        f"not {args.players}")
    _bot_names(args.bot, args.players or game.player_counts[0])
    jobs = getattr(args, "jobs", 1)
    if jobs < 1:
        raise UserError("--jobs must be at least 1")
    progress = Progress(args.n, enabled=not args.quiet)
    try:
        summary = simulate(game, args.n, args.seed, args.bot, args.players, args.max_actions, progress,
                           jobs=jobs, dask=getattr(args, "dask", None))
    finally:
        progress.close()
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return 0
    for line in summary_lines(summary, game, args.max_actions, getattr(args, "lang", "en")):
        _out(line)
    return 0
