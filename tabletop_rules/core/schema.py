"""Data models without pydantic at run time: ``Strict`` classes are declared like pydantic models
and validated by pydantic, but what a game holds are plain, frozen Python objects.

Why: importing pydantic and building its model classes cost ~150 ms of every ``load_game``,
while validating the data takes 1-2 ms (issue 15). So a ``Strict`` subclass is an ordinary
class (annotations, defaults, validators written the pydantic way with this module's ``Field``,
``model_validator`` and ``field_validator``). When data must be checked, ``validate`` builds the
class's pydantic *twin* once (same fields, same validators, same error messages: pydantic does
the checking) and turns the validated result into plain objects. ``datafile.validate`` caches
that result per data file (``encode``/``decode``), so a game whose files did not change loads
without importing pydantic at all.

A plain object reads like the pydantic model it replaces: attributes, ``model_dump``,
equality by fields, frozen (assigning raises), shared by clones (``__deepcopy__``).
"""
from __future__ import annotations

import types
import typing
from typing import Any, ClassVar

#: Every Strict subclass by ``module.qualname``: what a cache file may name (``decode``), and nothing else.
REGISTRY: dict[str, type[Strict]] = {}
_MISSING = object()


class FieldSpec:
    """``Field(...)``: a default and pydantic's field options (``alias``, ``ge``, ``max_length`` ...)."""

    __slots__ = ("default", "options")

    def __init__(self, default: Any = _MISSING, **options: Any):
        self.default = default
        self.options = options

    def pydantic(self) -> Any:
        from pydantic import Field as PField

        return PField(**self.options) if self.default is _MISSING else PField(self.default, **self.options)


def Field(default: Any = _MISSING, **options: Any) -> Any:
    """A field's default and options, as ``pydantic.Field`` takes them."""
    return FieldSpec(default, **options)


class _Validator:
    """A validator declared on a Strict class, applied by pydantic on the twin."""

    __slots__ = ("fn", "kind", "args", "kwargs")

    def __init__(self, fn: Any, kind: str, args: tuple, kwargs: dict):
        self.fn, self.kind, self.args, self.kwargs = fn, kind, args, kwargs

    def pydantic(self) -> Any:
        import pydantic

        return getattr(pydantic, self.kind)(*self.args, **self.kwargs)(self.fn)

    def __get__(self, obj: Any, cls: Any = None) -> Any:
        fn = self.fn.__func__ if isinstance(self.fn, classmethod) else self.fn
        return fn.__get__(obj if obj is not None else cls, cls)


def model_validator(*args: Any, **kwargs: Any) -> Any:
    """``pydantic.model_validator``, applied when the class is validated."""
    return lambda fn: _Validator(fn, "model_validator", args, kwargs)


def field_validator(*args: Any, **kwargs: Any) -> Any:
    """``pydantic.field_validator``, applied when the class is validated."""
    return lambda fn: _Validator(fn, "field_validator", args, kwargs)


class Strict:
    """Base of the data models: unknown keys are errors (a typo must not pass silently), and
    the objects are frozen. Declared like a pydantic model; see the module's docstring."""

    model_config: ClassVar[dict[str, Any]] = {"extra": "forbid", "frozen": True}
    #: The fields in declaration order (the base classes' first), with their defaults.
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    _aliases: ClassVar[dict[str, str]] = {}
    _twin: ClassVar[Any] = None

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        REGISTRY[f"{cls.__module__}.{cls.__qualname__}"] = cls
        # Names starting with "_" are private, as in pydantic: set freely, never data.
        own = [n for n in cls.__dict__.get("__annotations__", {}) if not _classvar(cls, n) and not n.startswith("_")]
        fields = [f for f in cls._fields if f not in own] + own
        defaults = dict(cls._defaults)
        aliases = dict(cls._aliases)
        for n in own:
            v = cls.__dict__.get(n, _MISSING)
            if isinstance(v, FieldSpec):
                _SPECS[(cls, n)] = v
                if "alias" in v.options:
                    aliases[n] = v.options["alias"]
                v = v.default
            if v is _MISSING:
                defaults.pop(n, None)
            else:
                defaults[n] = v
            if n in cls.__dict__:
                delattr(cls, n)          # instances carry every field; the class keeps no stale default
        cls._fields, cls._defaults, cls._aliases = tuple(fields), defaults, aliases
        cls._twin = None

    def __init__(self, **data: Any):
        """Validated like the pydantic model (errors: ``pydantic.ValidationError``). With no data,
        a class whose fields all have defaults and which has no validators is simply its
        defaults (a default written as ``cost: Cost = Cost()`` needs no pydantic)."""
        cls = type(self)
        if not data and len(cls._defaults) == len(cls._fields) and not _has_validators(cls):
            self.__dict__.update({f: _fresh(cls._defaults[f]) for f in cls._fields})
            return
        got = cls.model_validate(data)
        self.__dict__.update(got.__dict__)

    @classmethod
    def model_validate(cls, data: Any) -> Any:
        return to_plain(twin(cls).model_validate(data))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """Inside a pydantic model (a ruling's ``question: Text``): validated by the twin, held plain."""
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(to_plain, handler.generate_schema(twin(cls)))

    @classmethod
    def _build(cls, values: dict[str, Any]) -> Any:
        obj = object.__new__(cls)
        obj.__dict__.update(values)
        return obj

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("_"):              # a private attribute (a ruling's game), as pydantic allows
            object.__setattr__(self, name, value)
            return
        raise TypeError(f"{type(self).__name__} is frozen (data read from a file): {name!r} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise TypeError(f"{type(self).__name__} is frozen (data read from a file): {name!r} cannot be deleted")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        d, e = self.__dict__, other.__dict__
        return all(d[f] == e[f] for f in self._fields)

    def __hash__(self) -> int:
        d = self.__dict__
        return hash((type(self),) + tuple(d[f] for f in self._fields))

    def __repr__(self) -> str:
        d = self.__dict__
        return f"{type(self).__name__}({', '.join(f'{f}={d[f]!r}' for f in self._fields)})"

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
        return self                      # frozen data: shared by clones, never copied

    def model_dump(self, *, mode: str = "python", by_alias: bool = False, exclude_none: bool = False,
                   exclude_defaults: bool = False, exclude: set[str] | None = None) -> dict[str, Any]:
        """The fields as a dict, nested models as dicts, as pydantic dumps them (``mode="json"``:
        tuples as lists; ``exclude_defaults``: fields equal to their default left out, at every
        level; ``exclude``: these top-level fields left out)."""
        if mode not in ("python", "json"):
            raise ValueError(f"mode is 'python' or 'json', not {mode!r}")
        out = _dump(self, mode == "json", by_alias, exclude_none, exclude_defaults)
        for name in exclude or ():
            out.pop(self._aliases.get(name, name) if by_alias else name, None)
        return out

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Any:
        """A copy with ``update``'s fields replaced, not validated (as pydantic's ``model_copy``);
        private attributes (a ruling's game) come along."""
        unknown = set(update or ()) - set(self._fields)
        if unknown:
            raise ValueError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        d = self.__dict__
        obj = type(self)._build({f: d[f] for f in self._fields} | (update or {}))
        obj.__dict__.update({k: v for k, v in d.items() if k.startswith("_")})
        return obj


def _has_validators(cls: type) -> bool:
    return any(isinstance(v, _Validator) for k in cls.__mro__ for v in k.__dict__.values())


def _fresh(v: Any) -> Any:
    """A default as pydantic hands it out: an empty list or dict is a new one per object."""
    t = type(v)
    return v.copy() if t is list or t is dict or t is set else v


def _classvar(cls: type, name: str) -> bool:
    ann = cls.__dict__["__annotations__"][name]
    text = ann if isinstance(ann, str) else repr(ann)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _dump(v: Any, json: bool, by_alias: bool, exclude_none: bool, exclude_defaults: bool = False) -> Any:
    if isinstance(v, Strict):
        d, aliases, defaults = v.__dict__, v._aliases, v._defaults
        return {(aliases.get(f, f) if by_alias else f): _dump(d[f], json, by_alias, exclude_none, exclude_defaults)
                for f in v._fields if not (exclude_none and d[f] is None)
                and not (exclude_defaults and f in defaults and d[f] == defaults[f])}
    t = type(v)
    if t is tuple or t is list:
        return (list if json else t)(_dump(x, json, by_alias, exclude_none, exclude_defaults) for x in v)
    if t is dict:
        return {k: _dump(x, json, by_alias, exclude_none, exclude_defaults) for k, x in v.items()}
    return v


# ----- the pydantic twin ---------------------------------------------------------------------
_TWINS: dict[type, Any] = {}          # twin class -> Strict class (for to_plain)
_BUILDING: dict[type, str] = {}       # Strict classes whose twin is being made -> forward name


def twin(cls: type[Strict]) -> Any:
    """The pydantic model that validates ``cls``: its fields (nested Strict classes replaced by
    their twins), defaults, options and validators, and ``cls``'s other methods (a validator may
    call them). Built once per class; pydantic is imported here, only when data is validated."""
    got = cls.__dict__.get("_twin")
    if got is not None:
        return got
    from pydantic import BaseModel, ConfigDict

    hints = typing.get_type_hints(cls, include_extras=True)
    # A class holding itself (a condition of conditions) names itself: pydantic resolves a model's
    # own name to the model while building it.
    forward = cls.__name__
    _BUILDING[cls] = forward
    try:
        ns: dict[str, Any] = {"__module__": cls.__module__, "__qualname__": cls.__qualname__,
                              "__doc__": cls.__doc__}
        for klass in reversed(cls.__mro__):
            if klass is object or klass is Strict or not issubclass(klass, Strict):
                continue
            for k, v in klass.__dict__.items():
                if k.startswith("__") or k in ("_fields", "_defaults", "_aliases", "_twin", "model_config"):
                    continue
                ns[k] = v.pydantic() if isinstance(v, _Validator) else v
        ann = {}
        for n in cls._fields:
            ann[n] = _translate(hints[n])
            spec = _field_spec(cls, n)
            if spec is not None:
                ns[n] = spec.pydantic()
            elif n in cls._defaults:
                ns[n] = cls._defaults[n]
        ns["__annotations__"] = ann
        ns["model_config"] = ConfigDict(**cls.model_config)   # type: ignore[typeddict-item]
        model: Any = types.new_class(cls.__name__, (BaseModel,), {}, lambda body: body.update(ns))
        _TWINS[model] = cls
        if not model.__pydantic_complete__:
            model.model_rebuild(_types_namespace={forward: model})
    finally:
        _BUILDING.pop(cls, None)
    type.__setattr__(cls, "_twin", model)
    return model


def _field_spec(cls: type[Strict], name: str) -> FieldSpec | None:
    """The ``Field(...)`` of ``name`` in the class that declares it (None: a bare default)."""
    for klass in cls.__mro__:
        if name in klass.__dict__.get("__annotations__", {}):
            return _SPECS.get((klass, name))
    return None


#: Field(...) options by (class, field), kept from the class body (``__init_subclass__`` removes
#: the class attributes): the twin passes them on to pydantic.
_SPECS: dict[tuple[type, str], FieldSpec] = {}


def _translate(t: Any) -> Any:
    """A type with every Strict class in it replaced by its twin (or a forward name while the
    twin is being made: a class that holds itself, like a condition of conditions)."""
    if isinstance(t, type) and issubclass(t, Strict):
        from pydantic import AfterValidator

        # Turned plain as soon as it is validated, so the validators of the model holding it
        # see the plain object (``isinstance(self.front, VesselSide)`` holds).
        inner = typing.ForwardRef(_BUILDING[t]) if t in _BUILDING else twin(t)
        return typing.Annotated[inner, AfterValidator(to_plain)]
    if isinstance(t, FieldSpec):
        return t.pydantic()
    origin = typing.get_origin(t)
    if origin is None:
        return t
    args = typing.get_args(t)
    if origin is typing.Annotated:
        base, *meta = args
        return typing.Annotated[tuple([_translate(base)] + [_translate(m) for m in meta])]
    if origin is typing.Literal or origin is ClassVar:
        return t
    new = tuple(_translate(a) if a is not Ellipsis else a for a in args)
    if origin is typing.Union or origin is types.UnionType:
        return typing.Union[new]  # noqa: UP007 - built from a tuple of types
    return origin[new]


def to_plain(v: Any) -> Any:
    """A validated twin (and everything in it) as plain Strict objects."""
    cls = _TWINS.get(type(v))
    if cls is not None:
        d = v.__dict__
        return cls._build({f: to_plain(d[f]) for f in cls._fields})
    t = type(v)
    if t is tuple or t is list:
        return t(to_plain(x) for x in v)
    if t is dict:
        return {k: to_plain(x) for k, x in v.items()}
    return v


# ----- the cache's form: JSON that gives the same objects back -------------------------------------
class Unencodable(Exception):
    """A value JSON cannot hold exactly (the entry is then simply not cached)."""


def encode(v: Any) -> Any:
    """Plain objects as JSON: ``{"$c": class, "v": fields}``, tuples ``{"$t": [...]}``, dicts
    ``{"$d": {...}}`` (with keys that are not text ``{"$k": [[key, value], ...]}``); lists and
    scalars as they are."""
    t = type(v)
    if t is str or t is int or t is bool or v is None:
        return v
    if t is float:
        if v != v or v in (float("inf"), float("-inf")):
            raise Unencodable(v)
        return v
    if isinstance(v, Strict):
        d = v.__dict__
        return {"$c": f"{t.__module__}.{t.__qualname__}", "v": {f: encode(d[f]) for f in v._fields}}
    if t is tuple:
        return {"$t": [encode(x) for x in v]}
    if t is list:
        return [encode(x) for x in v]
    if t is dict:
        if all(type(k) is str for k in v):
            return {"$d": {k: encode(x) for k, x in v.items()}}
        if all(type(k) in _KEYS for k in v):        # number keys (a ruling's piles: {0: ...})
            return {"$k": [[encode(k), encode(x)] for k, x in v.items()]}
        raise Unencodable(v)
    raise Unencodable(v)


_KEYS = (str, int, bool, float, type(None))


def decode(v: Any) -> Any:
    """``encode``'s JSON back as objects; a class not in ``REGISTRY`` (or any other surprise)
    raises ValueError, so a tampered cache file can name nothing but our own data classes."""
    t = type(v)
    if t is list:
        return [decode(x) for x in v]
    if t is not dict:
        return v
    if "$t" in v:
        return tuple(decode(x) for x in v["$t"])
    if "$d" in v:
        return {k: decode(x) for k, x in v["$d"].items()}
    if "$k" in v:
        return {decode(k): decode(x) for k, x in v["$k"]}
    cls = REGISTRY.get(str(v.get("$c")))
    fields = v.get("v")
    if cls is None or type(fields) is not dict or set(fields) != set(cls._fields):
        raise ValueError("not a cached data object")
    return cls._build({f: decode(fields[f]) for f in cls._fields})
