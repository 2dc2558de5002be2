"""Named registries: procedures, choices, option listers and card effects, found by name.

A state's queued work and pending decisions are plain data (a name and JSON arguments), so a
clone copies them and a replay rebuilds them. The names are resolved here, in one table per
kind, never by building method names from strings: an unknown name is a clear error, and a
reader (or a type checker) can follow ``s.later(battle_result)`` to the function itself.

Card data names effects the same way (``{op: draw, n: 1}``); ``Registry.check`` validates such a
call when the data is loaded (unknown name, unknown or ill-typed parameter), so a typo in a card
file is a DataError naming the file, the card and the field, not a crash in the middle of a game.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from .datafile import DataError

F = TypeVar("F", bound=Callable[..., Any])

#: A parameter spec: ``int`` (a whole number >= 0), ``str``, ``bool``, a tuple of allowed values,
#: ``("list", allowed values)``, or ``None`` for anything (the effect checks it itself).
ParamSpec = Any


class Registry(Generic[F]):
    """Functions by name, each with the parameters it accepts (used to check data that names it)."""

    def __init__(self, what: str):
        self.what = what
        self.fns: dict[str, F] = {}
        self.params: dict[str, dict[str, ParamSpec]] = {}
        self.optional: dict[str, frozenset[str]] = {}
        self.meta: dict[str, dict[str, Any]] = {}
        self._names: dict[Any, str] = {}          # function -> name (a name given as text is no key)

    def __call__(self, name: str | None = None, /, *, meta: dict[str, Any] | None = None,
                 optional: Iterable[str] = (), **params: ParamSpec) -> Callable[[F], F]:
        """Decorator: register ``fn`` under ``name`` (default: the function's own name). ``name``
        is positional only, so a function may take a parameter called ``name`` itself."""
        def deco(fn: F) -> F:
            key = name or fn.__name__
            if key in self.fns and self.fns[key] is not fn:
                raise ValueError(f"{self.what} {key!r} is registered twice")
            self.fns[key] = fn
            self.params[key] = params
            self.optional[key] = frozenset(optional)
            self.meta[key] = meta or {}
            self._names[fn] = key
            return fn
        return deco

    def add(self, name: str, fn: F, /, **params: ParamSpec) -> F:
        """Register without a decorator (an explicit table)."""
        return self(name, **params)(fn)

    def __contains__(self, name: object) -> bool:
        return name in self.fns

    def __iter__(self):
        return iter(self.fns)

    def __len__(self) -> int:
        return len(self.fns)

    def __getitem__(self, name: str) -> F:
        try:
            return self.fns[name]
        except (KeyError, TypeError):
            known = ", ".join(sorted(self.fns)) or "none"
            raise KeyError(f"unknown {self.what} {name!r} (known: {known})") from None

    def name_of(self, fn: Callable[..., Any] | str) -> str:
        """The registered name of ``fn`` (a name is checked and returned as it is). A registered
        function is the usual case (a few times an action): one look-up."""
        name = self._names.get(fn)
        if name is not None:
            return name
        if isinstance(fn, str):
            self[fn]
            return fn
        try:
            return self._names[fn]
        except KeyError:
            raise KeyError(f"{getattr(fn, '__qualname__', fn)!r} is not a registered {self.what}") from None

    # ----- checking data that names registered functions -----------------------------------------
    def check(self, call: Any, file: Any, entry: str, field: str, name_key: str = "op",
              extra: tuple[str, ...] = ()) -> None:
        """``call`` names a registered function and gives it only parameters it knows, well typed."""
        if not isinstance(call, dict) or not isinstance(call.get(name_key), str):
            raise DataError(file, f"expected a mapping with '{name_key}' naming a {self.what}", entry, field)
        name = call[name_key]
        if name not in self.fns:
            raise DataError(file, f"unknown {self.what} {name!r} (known: {', '.join(sorted(self.fns))})",
                            entry, f"{field}.{name_key}")
        spec = self.params[name]
        for k, v in call.items():
            if k == name_key or k in extra:
                continue
            if k not in spec:
                known = ", ".join(spec) or "none"
                raise DataError(file, f"{name} takes no parameter {k!r} (parameters: {known})", entry,
                                f"{field}.{k}")
            problem = check_value(spec[k], v)
            if problem:
                raise DataError(file, f"{k} {problem}", entry, f"{field}.{k}")
        for k in spec:
            if k not in call and k not in self.optional[name]:
                raise DataError(file, f"{name} needs parameter {k!r}", entry, f"{field}.{k}")


def check_value(want: ParamSpec, v: Any) -> str | None:
    """What is wrong with parameter value ``v`` for spec ``want`` (None: nothing)."""
    if want is None:
        return None
    if want is int:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            return f"must be a whole number, got {v!r}"
    elif want is bool:
        if not isinstance(v, bool):
            return f"must be true or false, got {v!r}"
    elif want is str:
        if not isinstance(v, str):
            return f"must be text, got {v!r}"
    elif isinstance(want, tuple) and want and want[0] == "list":
        if not isinstance(v, list) or any(x not in want[1] for x in v):
            return f"must be a list of {', '.join(map(str, want[1]))}"
    elif isinstance(want, tuple):
        if v not in want:
            return f"must be one of {', '.join(map(str, want))}, got {v!r}"
    return None


def args_of(call: dict[str, Any], name_key: str = "op", extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """The parameters of a call (its name and bookkeeping keys removed)."""
    return {k: v for k, v in call.items() if k != name_key and k not in extra}
