"""Checks of the public contract (DESIGN.md section 2) that hold for every game.

The games' test suites call these on hundreds of random games, so that "every phase change is
an edge", "a replay is the same game", "an unlisted action is refused and changes nothing" are
written once and mean the same for every game. Each check returns a list of problems (empty
when all is well) or raises AssertionError with what went wrong.
"""
from __future__ import annotations

import json
import random

from .actions import Action, IllegalAction
from .bots import RandomBot
from .moves import Refusal


def play_random(game, seed: int, players: int | None = None, options: dict | None = None,
                check=None, max_steps: int = 5000, bot_seed: int | None = None):
    """A game between RandomBots, to its end. ``check(state, step)`` runs before each action."""
    st = game.new_game(seed=seed, players=players, options=options)
    bot = RandomBot(seed if bot_seed is None else bot_seed)
    steps = 0
    while not st.is_over:
        if check:
            check(st, steps)
        st.apply(bot.choose(st))
        steps += 1
        if steps >= max_steps:
            raise AssertionError(f"{game.id} seed {seed}: the game did not end in {max_steps} actions")
    return st


def ending_problems(game, st) -> list[str]:
    out = []
    if not (st.is_over and st.current_player is None and st.legal_actions() == []):
        out.append("the game is not over, or still offers actions")
    if not st.result or st.winners is None:
        out.append("an ended game needs a result and winners")
    elif any(w not in range(st.players) for w in st.winners):
        out.append(f"winners {st.winners} are not seats")
    return out


def flow_problems(game, st) -> list[str]:
    """Every phase event starts where the game stood and follows an edge of the flow graph."""
    out = []
    prev = game.flow.start
    graph = game.flow.graph
    for ev in st.log:
        if ev.kind != "phase":
            continue
        a, b = ev.data["from"], ev.data["to"]
        if a != prev:
            out.append(f"phase event from {a} while the game stood at {prev}")
        if not graph.has_edge(a, b):
            out.append(f"{a} -> {b} is not an edge of the flow")
        prev = b
    if prev != st.phase:
        out.append(f"the phase events end at {prev}, the state stands at {st.phase}")
    return out


def visited(game, states) -> set:
    seen = {game.flow.start}
    for st in states:
        seen |= {ev.data["to"] for ev in st.log if ev.kind == "phase"}
    return seen


def clause_problems(game, st) -> list[str]:
    """Every event cites a clause of the game's rule book (or none at all, for position notes)."""
    return [f"event {ev.kind!r} cites unknown clause {ev.clause!r}" for ev in st.log
            if ev.clause is not None and ev.clause not in game.rules]


def replay_problems(game, st) -> list[str]:
    """A replay of the JSON record is the same game: same views for every seat, same log."""
    again = game.replay(st.record.to_json())
    out = []
    if again.record.to_json() != st.record.to_json():
        out.append("the replay's record differs")
    if [e.to_dict() for e in again.log] != [e.to_dict() for e in st.log]:
        out.append("the replay's log differs")
    for seat in [None, *range(st.players)]:
        if again.view(seat) != st.view(seat):
            out.append(f"the replay's view({seat}) differs")
    return out


def _snapshot(st) -> tuple:
    return json.dumps(st.view(None), sort_keys=True, default=str), len(st.log), st.record.to_json()


def refusal_sweep(game, seeds, players: int | None = None, options: dict | None = None, every: int = 3,
                  tries: int = 6, census=None) -> int:
    """Play games; at every ``every``-th decision try actions seen elsewhere (and the same ones by
    another seat): each one not listed must raise IllegalAction citing a clause of the game and
    leave the view, the log and the record exactly as they were. Listed ones are applied by the
    game itself. Returns how many refusals were checked. ``census(state)`` may check cards too."""
    rng = random.Random(7)
    pool: list[Action] = []
    refused = 0

    def check(st, step):
        nonlocal refused
        if census:
            census(st)
        legal = st.legal_actions()
        for a in legal:
            if a.player != st.current_player or not a.label:
                raise AssertionError(f"{a} is listed for seat {a.player} without a label or not for the seat to act")
        pool.extend(rng.sample(legal, min(3, len(legal))))
        if step % every:
            return
        keys = {a.key for a in legal}
        for cand in rng.sample(pool, min(tries, len(pool))):
            other = (cand.player + 1) % max(st.players, 1)
            for act in (cand, Action(cand.kind, other, cand.args)):
                if act.key in keys:
                    continue
                before = _snapshot(st)
                try:
                    st.apply(act)
                except IllegalAction as err:
                    if not err.reason or err.clause not in game.rules:
                        raise AssertionError(f"refusal of {act} cites {err.clause!r}: {err.reason}") from None
                else:
                    raise AssertionError(f"{act} is not listed but was applied")
                if _snapshot(st) != before:
                    raise AssertionError(f"the refused {act} changed the state")
                refused += 1

    for seed in seeds:
        play_random(game, seed, players, options, check)
    return refused


def ruling_cases(game):
    """(ruling, params) pairs: each ruling at its defaults, then each parameter at its min and max."""
    for r in game.rulings:
        yield r, {}
        for name, p in r.params.items():
            for value in sorted({p.min, p.max}):
                yield r, {name: value}


def clone_problems(game, seed: int = 3, players: int | None = None, steps: int = 25) -> list[str]:
    """A clone plays on without touching the original, which still equals its own replay."""
    st = game.new_game(seed=seed, players=players)
    bot = RandomBot(seed)
    for _ in range(steps):
        if st.is_over:
            break
        st.apply(bot.choose(st))
    before = _snapshot(st)
    twin = st.clone()
    other = RandomBot(seed + 1)
    n = 0
    while not twin.is_over and n < 5000:
        twin.apply(other.choose(twin))
        n += 1
    out = []
    if _snapshot(st) != before:
        out.append("playing the clone changed the original")
    if st.legal_actions() != game.replay(st.record).legal_actions():
        out.append("the original no longer equals its replay")
    return out


def refusal(st, action, clauses) -> IllegalAction:
    """The rules forbid ``action``: it is not listed, applying it raises IllegalAction citing one
    of ``clauses``, and the view, the log and the record are exactly as before. Returns the error."""
    if isinstance(clauses, str):
        clauses = (clauses,)
    if action in st.legal_actions():
        raise AssertionError(f"{action} is listed as legal")
    before = _snapshot(st)
    try:
        st.apply(action)
    except IllegalAction as err:
        if _snapshot(st) != before:
            raise AssertionError("a refused action changed the state") from None
        if err.clause not in clauses:
            raise AssertionError(f"refusal cites {err.clause!r} ({err.reason}); the rule is "
                                 f"{' or '.join(clauses)}") from None
        return err
    raise AssertionError(f"{action} was applied; the rules forbid it")


def _listers_now(st) -> list:
    """The listers that answer at this position: the pending decision's, else the flow node's."""
    return st.choices[-1].lister_fns(st) if st.choices else list(st.phase_listers())


def _listed(st, fn, seat: int, explaining: bool) -> list:
    st.explaining = explaining
    try:
        return list(fn(st, seat))
    finally:
        st.explaining = False


def _shown(a: Action) -> tuple:
    return a.kind, a.player, a.key, a.label, a.clause


def listing_agrees(game, seeds, players: int | None = None, options: dict | None = None,
                   tries: int = 4) -> dict[str, int]:
    """Listing and explaining are one home (core/moves.py), checked at every position of random games:
    each lister that answers there, run for every seat, lists the same actions (kind, seat, args,
    label, clause) whether it explains or not (and, in a game whose listing keeps the listers' lists as
    they are, ``plain_phase_listers``, builds refusals only while explaining); each legal
    action a lister offers, explained, is found as itself; and an unlisted action that one of the
    position's refusals fits is refused with that refusal's words (both languages) and clause.
    Raises AssertionError on the first disagreement; returns counts of what was checked."""
    moves = game.state_cls.book.moves
    plain = game.state_cls.plain_phase_listers        # listing keeps the listers' lists as they are
    rng = random.Random(11)
    pool: list[Action] = []
    seen = {"listings": 0, "refusals built": 0, "legal explained": 0, "refused as explained": 0}

    def check(st, step):
        listers = _listers_now(st)
        for fn in listers:
            name = moves.listers.name_of(fn)
            for seat in range(st.players):
                quick = _listed(st, fn, seat, False)
                full = _listed(st, fn, seat, True)
                if plain and not st.choices and any(type(o) is not Action for o in quick):
                    raise AssertionError(f"{game.id} {name}: a refusal built while only listing ({st.phase})")
                if [_shown(a) for a in quick if type(a) is Action] != [_shown(a) for a in full if type(a) is Action]:
                    raise AssertionError(f"{game.id} {name}: lists other actions while explaining ({st.phase}, "
                                         f"seat {seat})")
                seen["listings"] += 1
                seen["refusals built"] += sum(isinstance(o, Refusal) for o in full)
        legal = st.legal_actions()
        offered = moves.kinds_of(listers)
        for a in legal:
            if a.kind in offered:
                found = moves.explain(st, a, listers)
                if not (type(found) is Action and found.key == a.key and found.label == a.label):
                    raise AssertionError(f"{game.id}: the listed {a} is explained as {found!r}")
                seen["legal explained"] += 1
        pool.extend(rng.sample(legal, min(2, len(legal))))
        keys = {a.key for a in legal}
        for cand in rng.sample(pool, min(tries, len(pool))):
            for act in (cand, Action(cand.kind, (cand.player + 1) % max(st.players, 1), cand.args)):
                if act.key in keys or act.kind not in offered:
                    continue
                if not st.choices:
                    fns = [fn for fn in moves.explainers.get(st.phase) or listers if act.kind in moves.kinds_of((fn,))]
                else:
                    fns = listers
                found = moves.explain(st, act, fns)
                if not isinstance(found, Refusal):
                    continue
                try:
                    st.apply(act)
                except IllegalAction as err:
                    said = st.describe_refusal(found)
                    if err.reason != said or err.describe("zh") != st.describe_refusal(found, "zh"):
                        raise AssertionError(f"{game.id}: {act} refused as {err.reason!r}, its lister says "
                                             f"{st.describe_refusal(found)!r}") from None
                    if found.clause and err.clause != found.clause:
                        raise AssertionError(f"{game.id}: {act} refused citing {err.clause}, its lister "
                                             f"{found.clause}") from None
                else:
                    raise AssertionError(f"{game.id}: {act} is refused by its lister but was applied")
                seen["refused as explained"] += 1

    for seed in seeds:
        play_random(game, seed, players, options, check)
    return seen


def check_problems(game) -> list[str]:
    """One hop from a clause to its code (issue 37): every clause of ``game`` marked
    ``decides: true`` has exactly one registered rule check (``@BOOK.rule``, core/checks.py), and
    every registered check decides a clause of the rule book that is marked so."""
    book = getattr(game.state_cls, "book", None)
    checks = getattr(book, "rule", None)
    if checks is None:
        marked = [c.id for c in game.rules if c.decides]
        return [f"{game.id}: clauses {marked} are marked 'decides' but the game has no rule checks"] if marked else []
    return checks.problems(game.rules)
