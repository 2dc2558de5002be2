"""Executable rulings: a question, its answer, a position, actions and the expected outcome.

One file (``rulings.yaml``) drives the tests, the ``check`` command and the notebook's ruling
explorer. Numbers a ruling declares as ``params`` (power, defense, life...) can be changed;
"$name" in the scenario, steps or checks is replaced by the value, and checks may depend on
it through small data expressions (``{ge: [$power, $defense]}``). No eval: the expression
language is the handful of operators below.
"""
from __future__ import annotations

from typing import Any

from .actions import Action, IllegalAction
from .datafile import DataError, Strict, entries, entry_name, read_yaml, unique, validate
from .rulebook import Text
from .state import find_action
from .userinput import shown

_OPS = {
    "ge": lambda a, b: a >= b, "gt": lambda a, b: a > b, "le": lambda a, b: a <= b,
    "lt": lambda a, b: a < b, "eq": lambda a, b: a == b, "ne": lambda a, b: a != b,
}
_ARITH = {
    "add": lambda xs: sum(xs), "sub": lambda xs: xs[0] - sum(xs[1:]),
    "min": lambda xs: min(xs), "max": lambda xs: max(xs),
}
STEP_KEYS = {"do", "illegal", "run", "clause", "note", "note_zh", "player"}
CHECK_KEYS = {"path", "equals", "in", "ge", "le", "len", "event", "no_event", "clause", "data",
              "legal", "not_legal", "over", "winners", "phase", "current_player", "when", "note", "note_zh"}


class Param(Strict):
    default: int
    min: int
    max: int
    step: int = 1
    label: Text | None = None


class Ruling(Strict):
    id: str
    source: str
    question: Text
    answer: Text
    clauses: tuple[str, ...]
    params: dict[str, Param] = {}
    scenario: dict
    steps: tuple[dict, ...] = ()
    expect: tuple[dict, ...]
    decision: bool = False
    # Wrong readings of the rule the ruling settles, in the kit's own words: the quiz's wrong
    # answers where the engine's other lines give too few different outcomes (core/quiz.py).
    misreadings: tuple[Text, ...] = ()
    # The game the ruling belongs to (set once when the file is loaded; not part of the data).
    _game: Any = None
    # The file it came from, for error messages (a reader's own file names itself, not rulings.yaml).
    _file: str = "rulings.yaml"

    def check(self, game: Any = None, **params: Any) -> RulingResult:
        return run_ruling(self._game if game is None else game, self, params)


class RulingResult:
    """A ruling's outcome: passed or not, what was found, the position and events it ended with.
    (A plain class: ``dataclasses`` would import ``inspect``, slowing the ``rules`` command.)"""

    def __init__(self, ok: bool, detail: str, state: Any = None, events: list | None = None,
                 failures: list | None = None, params: dict | None = None, error: BaseException | None = None):
        self.ok, self.detail, self.state = ok, detail, state
        self.events = [] if events is None else events
        self.failures = [] if failures is None else failures
        self.params = {} if params is None else params
        self.error = error                 # set when the ruling could not run at all

    def __repr__(self) -> str:
        return f"RulingResult(ok={self.ok!r}, detail={self.detail!r}, failures={self.failures!r})"

    def __bool__(self) -> bool:
        return self.ok


def load_rulings(path: Any, game: Any) -> list[Ruling]:
    return _validated(read_yaml(path), path, game)


def _validated(data: Any, path: Any, game: Any) -> list[Ruling]:
    items = entries(data, "rulings", path, "ruling")
    out = []
    for i, it in enumerate(items):
        name = entry_name(it, i, "ruling")
        r = validate(Ruling, it, path, name)
        for c in r.clauses:
            if c not in game.rules:
                raise DataError(path, f"unknown clause {c!r}", entry=name, field="clauses")
        for j, st in enumerate(r.steps):
            bad = set(st) - STEP_KEYS
            if bad or not ({"do", "illegal", "run"} & set(st)):
                raise DataError(path, f"a step needs do, illegal or run (unknown: {sorted(bad)})",
                                entry=name, field=f"steps.{j}")
        for j, ck in enumerate(r.expect):
            bad = set(ck) - CHECK_KEYS
            if bad:
                raise DataError(path, f"unknown check keys {sorted(bad)}", entry=name, field=f"expect.{j}")
        for pname, p in r.params.items():
            if not p.min <= p.default <= p.max:
                raise DataError(path, "default must lie between min and max", entry=name, field=f"params.{pname}")
        r._game = game
        out.append(r)
    unique((r.id for r in out), path, "ruling")
    return out


def load_ruling_file(path: Any, game: Any, text: str | None = None) -> list[Ruling]:
    """A reader's own rulings file (``check --file``, the position editor's "Save as ruling").

    Read with the safe YAML loader only and validated like the shipped file; on top, each
    ruling's position is built once with its parameters' defaults, so that a scenario the game's
    spec refuses is reported at load time naming the ruling and the field, not half-way through
    a check. ``source`` may be left out (it defaults to the file's name). ``text`` reads YAML
    already in memory (an upload) instead of the file."""
    from pathlib import Path

    from .userinput import MAX_YAML_BYTES, decode_user_bytes, load_user_yaml, read_user_file

    name = Path(str(path)).name
    if text is None:      # a reader's file: opened, capped and decoded the one checked way (userinput)
        text = decode_user_bytes(read_user_file(path, MAX_YAML_BYTES, "rulings file", "裁定文件"), MAX_YAML_BYTES,
                                 str(path), "rulings file", "裁定文件")
    # No anchors or aliases, size and nesting capped: a "billion laughs" file is refused unexpanded.
    data = load_user_yaml(text, str(path))
    if isinstance(data, list):                       # a bare list of rulings is accepted too
        data = {"rulings": data}
    for it in (data.get("rulings") if isinstance(data, dict) else None) or []:
        if isinstance(it, dict) and "source" not in it:
            it["source"] = name
    rulings = _validated(data, path, game)
    for r in rulings:
        r._file = name
        values = {k: p.default for k, p in r.params.items()}
        try:
            game.scenario(substitute(r.scenario, values), source=f"{name}, ruling '{r.id}'")
        except DataError as exc:
            field = exc.field or "scenario"
            field = field if field.startswith("scenario") else f"scenario.{field}"
            raise DataError(path, exc.message, entry=f"ruling '{r.id}'", field=field, says=exc.says,
                            clause=exc.clause) from None
        except (ValueError, KeyError, TypeError, IndexError, OverflowError, RecursionError) as exc:
            why = f"{type(exc).__name__}: {shown(str(exc), 120)}"
            raise DataError.bilingual(path, f"the position cannot be built ({why})",
                                      f"无法建立这个局面（{type(exc).__name__}）", entry=f"ruling '{r.id}'",
                                      field="scenario") from None
    return rulings


# ----- expression helpers -----------------------------------------------------------------------
def substitute(value: Any, params: dict) -> Any:
    """Replace every "$name" string by the parameter's value (recursively)."""
    if isinstance(value, str) and value.startswith("$") and value[1:] in params:
        return params[value[1:]]
    if isinstance(value, list | tuple):
        return [substitute(v, params) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, params) for k, v in value.items()}
    return value


def evaluate(value: Any) -> Any:
    """Evaluate ``{add|sub|min|max: [...]}`` arithmetic in a (substituted) value."""
    if isinstance(value, dict) and len(value) == 1:
        (op, args), = value.items()
        if op in _ARITH:
            return _ARITH[op]([evaluate(a) for a in args])
    if isinstance(value, list):
        return [evaluate(v) for v in value]
    return value


def condition(cond: Any) -> bool:
    """``{ge: [a, b]}``, ``{all: [...]}``, ``{any: [...]}``, ``{not: c}``, or a plain bool."""
    if isinstance(cond, bool):
        return cond
    if not isinstance(cond, dict) or len(cond) != 1:
        raise ValueError(f"bad condition {cond!r}")
    (op, args), = cond.items()
    if op in _OPS:
        a, b = (evaluate(x) for x in args)
        return _OPS[op](a, b)
    if op == "all":
        return all(condition(c) for c in args)
    if op == "any":
        return any(condition(c) for c in args)
    if op == "not":
        return not condition(args)
    raise ValueError(f"unknown condition operator {op!r}")


def lookup(view: Any, path: str) -> Any:
    cur = view
    for part in path.split("."):
        if isinstance(cur, list):
            cur = cur[int(part)]
        elif isinstance(cur, dict):
            if part not in cur:
                raise KeyError(path)
            cur = cur[part]
        else:
            raise KeyError(path)
    return cur


def _match_action(state: Any, spec: dict) -> Action | None:
    return find_action(state.legal_actions(), spec.get("kind", ""), spec.get("args") or {},
                       spec.get("player"))


def _subset(data: dict, want: dict) -> bool:
    return all(k in data and data[k] == v for k, v in want.items())


# ----- the runner ----------------------------------------------------------------------------------
def run_ruling(game: Any, ruling: Ruling, params: dict | None = None) -> RulingResult:
    values = {k: p.default for k, p in ruling.params.items()}
    for k, v in (params or {}).items():
        if k not in ruling.params:
            raise KeyError(f"ruling {ruling.id} has no parameter {k!r}")
        values[k] = v
    scen = substitute(ruling.scenario, values)
    state = game.scenario(scen, source=f"{ruling._file}, ruling '{ruling.id}'")
    start = len(state.log)
    failures: list[str] = []

    for i, raw in enumerate(ruling.steps):
        step = substitute(raw, values)
        if "do" in step:
            act = _match_action(state, step["do"])
            if act is None:
                kinds = sorted({a.kind for a in state.legal_actions()})
                failures.append(f"step {i + 1}: no legal action matches {step['do']} (phase {state.phase}, "
                                f"seat {state.current_player}, legal kinds {kinds})")
                break
            state.apply(act)
        elif "run" in step:
            for _ in range(50):
                act = _match_action(state, {"kind": step["run"]})
                if act is None:
                    break
                state.apply(act)
        else:
            spec = step["illegal"]
            if _match_action(state, spec) is not None:
                failures.append(f"step {i + 1}: {spec} is listed as legal, expected it to be refused")
                continue
            before = state.view(None)
            try:
                state.apply(state.build_action(spec))
                failures.append(f"step {i + 1}: {spec} was applied, expected IllegalAction")
                break
            except IllegalAction as exc:
                if step.get("clause") and exc.clause != step["clause"]:
                    failures.append(f"step {i + 1}: refused citing {exc.clause}, expected {step['clause']}")
                if state.view(None) != before:
                    failures.append(f"step {i + 1}: the refused action changed the state")

    events = state.log[start:]
    view = state.view(None)
    if not failures:
        for j, raw in enumerate(ruling.expect):
            ck = substitute(raw, values)
            if "when" in ck and not condition(ck["when"]):
                continue
            problem = _check(state, view, events, ck)
            if problem:
                failures.append(f"expect {j + 1}: {problem}")
    ok = not failures
    detail = "as the ruling says" if ok else "; ".join(failures)
    return RulingResult(ok, detail, state, events, failures, values)


def _check(state: Any, view: Any, events: list, ck: dict) -> str | None:
    if "path" in ck:
        try:
            got = lookup(view, ck["path"])
        except (KeyError, IndexError, ValueError):
            return f"no {ck['path']} in the position"
        if "len" in ck:
            got = len(got)
            if got != evaluate(ck["len"]):
                return f"len({ck['path']}) is {got}, expected {evaluate(ck['len'])}"
        if "equals" in ck and got != evaluate(ck["equals"]):
            return f"{ck['path']} is {got!r}, expected {evaluate(ck['equals'])!r}"
        if "in" in ck and got not in evaluate(ck["in"]):
            return f"{ck['path']} is {got!r}, expected one of {evaluate(ck['in'])!r}"
        if "ge" in ck and not got >= evaluate(ck["ge"]):
            return f"{ck['path']} is {got!r}, expected at least {evaluate(ck['ge'])!r}"
        if "le" in ck and not got <= evaluate(ck["le"]):
            return f"{ck['path']} is {got!r}, expected at most {evaluate(ck['le'])!r}"
        return None
    if "event" in ck or "no_event" in ck:
        kind = ck.get("event") or ck.get("no_event")
        hits = [e for e in events if e.kind == kind and (not ck.get("clause") or e.clause == ck["clause"])
                and _subset(e.data, ck.get("data") or {})]
        if "event" in ck and not hits:
            return f"no {kind!r} event" + (f" citing {ck['clause']}" if ck.get("clause") else "")
        if "no_event" in ck and hits:
            return f"unexpected {kind!r} event: {hits[0].text}"
        return None
    if "legal" in ck:
        return None if _match_action(state, ck["legal"]) else f"{ck['legal']} is not legal"
    if "not_legal" in ck:
        return f"{ck['not_legal']} is legal" if _match_action(state, ck["not_legal"]) else None
    if "over" in ck:
        return None if state.is_over == ck["over"] else f"game over is {state.is_over}"
    if "winners" in ck:
        want = None if ck["winners"] is None else tuple(ck["winners"])
        return None if state.winners == want else f"winners are {state.winners}, expected {want}"
    if "phase" in ck:
        return None if state.phase == ck["phase"] else f"phase is {state.phase}, expected {ck['phase']}"
    if "current_player" in ck:
        cp = ck["current_player"]
        return None if state.current_player == cp else f"seat {state.current_player} acts, expected {cp}"
    return f"check {ck} has nothing to test"


# ----- writing a ruling from play (the position editor: "Save as ruling") -----------------------------
MAX_EVENTS, MAX_CHANGES = 10, 14


def expectations(start: Any, end: Any, events: list) -> list[dict]:
    """Checks written from what happened between two states: the events (kind and clause), the
    numbers and zones of the referee's view that changed, and where the game stands now. Every
    check is one of the runner's own (``event``, ``path``/``equals``/``len``, ``phase`` ...), so
    a ruling written from play passes when it is run again."""
    checks: list[dict] = []
    seen: set[tuple] = set()
    for e in events:
        key = (e.kind, e.clause)
        if e.kind in ("phase", "scenario") or key in seen or len(seen) >= MAX_EVENTS:
            continue
        seen.add(key)
        checks.append({"event": e.kind, **({"clause": e.clause} if e.clause else {})})
    changes: list[dict] = []
    _diff(start.view(None), end.view(None), "", changes)
    checks += changes[:MAX_CHANGES]
    if end.is_over:
        checks += [{"over": True}, {"winners": list(end.winners)}]
    else:
        checks += [{"phase": end.phase}, {"current_player": end.current_player}]
    return checks


def _diff(a: Any, b: Any, path: str, out: list[dict]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in b:
            # labels are words for the reader, not outcomes (and change with the language)
            if k in a and isinstance(k, str) and "." not in k and not k.endswith("_label"):
                _diff(a[k], b[k], f"{path}.{k}" if path else k, out)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            if all(isinstance(x, str | int) for x in b) and len(b) <= 8:
                out.append({"path": path, "equals": b})
            else:
                out.append({"path": path, "len": len(b)})
        else:
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                _diff(x, y, f"{path}.{i}", out)
    elif a != b and isinstance(b, str | int | float | bool | type(None)) and path:
        out.append({"path": path, "equals": b})
