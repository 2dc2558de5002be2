"""``State.clone()``'s copier: the copy ``copy.deepcopy`` makes, at several times its speed, built without
``exec`` (issue 37: the copiers used to be written out as source per class and ``exec``-uted in state.py).

Each plain Python class gets one copy function, a closure over the class's slot names made once: it reads
every slot at once (``operator.attrgetter``, at C speed), then writes each value, a scalar as it is, a list
or dict of scalars (a zone, a card's modifiers) by ``.copy()`` right there, anything else by ``deep_copy``.
Lists, dicts, tuples, sets, ``random.Random`` and ``Say`` have their own small functions; anything else (a
``__deepcopy__`` hook, a custom pickling protocol, a builtin subclass) goes to ``copy.deepcopy`` with the same
memo, so aliases and cycles come out as deepcopy makes them.
"""
from __future__ import annotations

import copy
import copyreg
import random
from collections.abc import Callable
from itertools import compress, repeat
from operator import attrgetter, not_
from typing import Any

from .texts import Say

Copier = Callable[[Any, dict], Any]

#: Values deepcopy returns as they are (immutable); a frozenset is rebuilt by deepcopy, equal and
#: as immutable, so it is kept too. Classes whose ``__deepcopy__`` returns the object itself (the
#: game, its texts, card definitions: shared data) join the set when first met (``copier_for``).
ATOMIC: set[type] = {int, str, bool, float, type(None), bytes, complex, frozenset, type, range,
                     type(len), type(lambda: None)}
_COPIERS: dict[type, Copier] = {}
_MISSING = object()
_HEAPTYPE = 1 << 9          # Py_TPFLAGS_HEAPTYPE: a class written in Python


def deep_copy(x: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(x, memo)`` for game states (see the module's docstring)."""
    t = type(x)
    if t in ATOMIC:
        return x
    y = memo.get(id(x), _MISSING)
    if y is not _MISSING:
        return y
    f = _COPIERS.get(t)
    if f is None:
        f = _COPIERS[t] = copier_for(t)
        if t in ATOMIC:
            return x
    return f(x, memo)


def _copy_list(x: list, memo: dict) -> list:
    a = ATOMIC
    if set(map(type, x)) <= a:          # a zone: a list of uids (the usual case, at C speed)
        y = x.copy()
        memo[id(x)] = y
        return y
    y = []
    memo[id(x)] = y
    c = deep_copy
    y.extend([v if type(v) in a else c(v, memo) for v in x])
    return y


def _copy_dict(x: dict, memo: dict) -> dict:
    a = ATOMIC
    if set(map(type, x.values())) <= a and set(map(type, x)) <= a:
        y = x.copy()
        memo[id(x)] = y
        return y
    y = {}
    memo[id(x)] = y
    c = deep_copy
    for k, v in x.items():
        y[k if type(k) in a else c(k, memo)] = v if type(v) in a else c(v, memo)
    return y


def _copy_tuple(x: tuple, memo: dict) -> tuple:
    a = ATOMIC
    if set(map(type, x)) <= a:
        return x
    c = deep_copy
    y = [v if type(v) in a else c(v, memo) for v in x]
    got = memo.get(id(x), _MISSING)       # a cycle through the tuple copied it meanwhile
    if got is not _MISSING:
        return got
    for k, j in zip(x, y):
        if k is not j:
            t = memo[id(x)] = tuple(y)
            return t
    return x


def _copy_set(x: set, memo: dict) -> set:
    a, c = ATOMIC, deep_copy
    y = {v if type(v) in a else c(v, memo) for v in x}
    memo[id(x)] = y
    return y


def _copy_random(x: random.Random, memo: dict) -> random.Random:
    y = random.Random(0)
    y.setstate(x.getstate())
    memo[id(x)] = y
    return y


def _copy_say(x: Say, memo: dict) -> Say:
    # A sentence in a pending decision's prompt: its data copied (as deepcopy would), its texts shared.
    y = Say((x[0], x[1], deep_copy(x[2], memo)))
    memo[id(x)] = y
    return y


def _by_deepcopy(x: Any, memo: dict) -> Any:
    return copy.deepcopy(x, memo)


_SIMPLE: dict[type, Copier] = {list: _copy_list, dict: _copy_dict, tuple: _copy_tuple, set: _copy_set,
                               random.Random: _copy_random, Say: _copy_say}


def _shared_hooks() -> set:
    """The ``__deepcopy__`` methods that return the object itself: game data shared by clones."""
    from .cards import CardData
    from .game import Game
    from .texts import Texts

    return {Game.__deepcopy__, Texts.__deepcopy__, CardData.__deepcopy__}


def slot_names(t: type) -> tuple[str, ...]:
    """Every slot of ``t`` and its bases, once, private ones by their mangled name (as stored)."""
    slots: list[str] = []
    for b in reversed(t.__mro__):
        names = b.__dict__.get("__slots__", ())
        for n in (names,) if isinstance(names, str) else names:
            if n.startswith("__") and not n.endswith("__"):
                n = f"_{b.__name__.lstrip('_')}{n}"
            if n not in ("__dict__", "__weakref__") and n not in slots:
                slots.append(n)
    return tuple(slots)


def copier_for(t: type) -> Copier:
    """The copy function of objects of class ``t``: one made for its slots and ``__dict__`` when deepcopy
    would copy them attribute by attribute, else deepcopy itself."""
    if t in _SIMPLE:
        return _SIMPLE[t]
    hook = getattr(t, "__deepcopy__", None)
    if hook is not None:
        if hook in _shared_hooks():
            ATOMIC.add(t)
        return _by_deepcopy
    plain = (t.__reduce_ex__ is object.__reduce_ex__ and t.__reduce__ is object.__reduce__
             and getattr(t, "__getstate__", None) is object.__getstate__
             and not hasattr(t, "__setstate__") and t not in copyreg.dispatch_table
             and all(b is object or b.__flags__ & _HEAPTYPE for b in t.__mro__))
    if not plain:
        return _by_deepcopy
    return _object_copier(t, slot_names(t), "__dict__" in dir(t))


def _object_copier(t: type, slots: tuple[str, ...], has_dict: bool) -> Copier:
    """A closure over ``t``'s slot names: read them all at once, copy what is not a scalar as deepcopy
    would, then write them all (``map(setattr, ...)``: no Python frame per slot)."""
    new: Callable[..., Any] = t.__new__
    a, c, missing = ATOMIC, deep_copy, _MISSING
    getters = tuple(attrgetter(n) for n in slots)
    positions = range(len(slots))
    is_atomic = a.__contains__
    read_all: Callable[[Any], tuple] = (attrgetter(*slots) if len(slots) > 1
                                        else (lambda x: (getters[0](x),)) if slots else (lambda x: ()))

    def one(v: Any, memo: dict) -> Any:
        tv = type(v)
        if tv is list or tv is dict:
            # A list or dict of scalars (a zone, a card's modifiers: mostly empty) is copied right here.
            i = id(v)
            w = memo.get(i, missing)
            if w is missing:
                if not v or (set(map(type, v)) <= a and (tv is list or set(map(type, v.values())) <= a)):
                    w = memo[i] = v.copy()
                else:
                    w = c(v, memo)
            return w
        return c(v, memo)

    def copy_obj(x: Any, memo: dict) -> Any:
        y = new(t)
        memo[id(x)] = y
        values: Any
        try:
            values = read_all(x)
        except AttributeError:            # some slot unset: deepcopy leaves it unset too
            for n, g in zip(slots, getters):
                try:
                    v = g(x)
                except AttributeError:
                    continue
                setattr(y, n, v if type(v) in a else one(v, memo))
        else:
            # Which values are scalars, found at C speed; only the others (a card's soul and modifiers,
            # mostly) take a step in Python.
            scalar = list(map(is_atomic, map(type, values)))
            if not all(scalar):
                values = list(values)
                for i in compress(positions, map(not_, scalar)):
                    values[i] = one(values[i], memo)
            any(map(setattr, repeat(y), slots, values))     # setattr returns None: any() writes every slot
        if has_dict:
            d = x.__dict__
            if d:
                yd = y.__dict__
                for k, v in d.items():
                    yd[k] = v if type(v) in a else c(v, memo)
        return y

    return copy_obj
