"""Named functions that card data refers to, and the check that data names only known ones.

Card files say *what* happens as data (``{op: hurt, who: enemy_team, n: 2}``); each name maps to
a small Python function registered here with the parameters it accepts. Loading a card whose
data names an unknown function or parameter is a DataError naming file, card and field.
"""
from __future__ import annotations

from ...core.datafile import DataError

# Who an effect touches (XJ-7.11, XJ-3.15): read relative to the effect's user ("you").
WHO = ("you", "target", "our_team", "enemy_team", "all", "others", "supporters", "hinderers",
       "you_and_supporters", "non_participants")
ELEMENTS = ("water", "fire", "thunder", "wind", "earth")
SIDES = ("own", "choose")


class Registry:
    """Functions by name, each with the parameters (name -> int | tuple of allowed values) it takes."""

    def __init__(self, what: str):
        self.what = what
        self.fns: dict = {}
        self.params: dict[str, dict] = {}
        self.meta: dict[str, dict] = {}

    def __call__(self, name: str, *, meta: dict | None = None, **params):
        def deco(fn):
            self.fns[name] = fn
            self.params[name] = params
            self.meta[name] = meta or {}
            return fn
        return deco

    def __contains__(self, name) -> bool:
        return name in self.fns

    def __getitem__(self, name):
        return self.fns[name]

    def check(self, call: dict, file, entry: str, field: str, name_key: str = "op",
              extra: tuple = ()) -> None:
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
                raise DataError(file, f"{name} takes no parameter {k!r} (parameters: {known})", entry, f"{field}.{k}")
            want = spec[k]
            if want is int:
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    raise DataError(file, f"{k} must be a whole number, got {v!r}", entry, f"{field}.{k}")
            elif isinstance(want, tuple) and want and want[0] == "list":
                if not isinstance(v, list) or any(x not in want[1] for x in v):
                    raise DataError(file, f"{k} must be a list of {', '.join(want[1])}", entry, f"{field}.{k}")
            elif isinstance(want, tuple) and v not in want:
                raise DataError(file, f"{k} must be one of {', '.join(want)}, got {v!r}", entry, f"{field}.{k}")
        for k in spec:
            if k not in call:
                raise DataError(file, f"{name} needs parameter {k!r}", entry, f"{field}.{k}")


def args_of(call: dict, name_key: str = "op", extra: tuple = ()) -> dict:
    """The parameters of a call (its name and bookkeeping keys removed)."""
    return {k: v for k, v in call.items() if k != name_key and k not in extra}


OPS = Registry("effect")              # monster, card and event effects: fn(state, ctx, **args)
PET = Registry("pet effect")          # what a pet does while owned (queried, not run)
TRAITS = Registry("equipment trait")  # what a piece of equipment does besides power
SKILLS = Registry("skill function")   # character skills (skills.py): meta['hook'] says when
