"""The position editor's controls, one per kind of field of a game's scenario spec model (a
dropdown for a ``Literal``, a number box, a card picker for a zone, a tab per seat...): each has
``widget``, ``get()`` (the value, or UNSET when left empty: the spec's default applies) and
``set(value)``. ``PositionEditor.control`` chooses one by the field's type."""
from __future__ import annotations

import types
import typing
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

import ipywidgets as W
import yaml
from pydantic import BaseModel

from ..core.datafile import DataError
from ..core.scenario import Bounds
from ..core.userinput import load_user_yaml
from .i18n import t, term

if TYPE_CHECKING:
    from .editor import PositionEditor

UNSET: Any = object()     # a control left empty: the spec's default applies (the key is left out)


def w(key: str, lang: str) -> str:
    return t("editor_" + key, lang)


# ----- the spec model ----------------------------------------------------------------------------------
def spec_model(game: Any) -> type[BaseModel]:
    """The pydantic model a game's scenario builder validates. A game may name it (``scenario_spec``
    on its State class); otherwise it is the ``ScenarioSpec`` of the game package's ``scenario``
    module (the convention every game follows)."""
    declared = getattr(game.state_cls, "scenario_spec", None)
    if isinstance(declared, type) and issubclass(declared, BaseModel):
        return declared
    pkg = game.state_cls.__module__.rsplit(".", 1)[0]
    model = getattr(import_module(f"{pkg}.scenario"), "ScenarioSpec", None)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise TypeError(f"{game.id} exposes no scenario spec model")
    return model


def _unwrap(tp: Any) -> Any:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _union(tp: Any) -> tuple[list[Any], bool]:
    """The members of a union (Annotated unwrapped) and whether None is one of them."""
    tp = _unwrap(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [_unwrap(a) for a in typing.get_args(tp)]
    else:
        args = [tp]
    return [a for a in args if a is not type(None)], type(None) in args


def _is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def _is_cards(members: list[Any]) -> bool:
    """``int | list[str]``: a zone of cards (a number of filler cards, or card ids)."""
    return set(members) >= {int} and any(typing.get_origin(m) is list for m in members) and len(members) == 2


def marker(info: Any, kind: type) -> Any:
    """The ``kind`` marker (core.scenario Bounds / Places) a model field declares, or None."""
    return next((m for m in getattr(info, "metadata", ()) if isinstance(m, kind)), None)


def bounds_hint(bounds: Bounds | None, default: Any, lang: str) -> str:
    """What an empty number box shows: the default the spec applies and the bounds the rules set
    ("3 · 0–10" and the clause id); nothing where there is neither."""
    parts = [] if default is None or isinstance(default, list) and default else [str(len(default))
                                                                                   if isinstance(default, list)
                                                                                   else str(default)]
    if bounds is not None:
        parts.append(f"{bounds.lo}–{bounds.hi}" + (f", {bounds.clause}" if bounds.clause else ""))
    return " · ".join(parts)


def place_word(game: Any, key: str, lang: str) -> str:
    """A place of the board as the board names it: the game's own word for it (texts
    ``word.<key>``: "real front 1"), else its glossary term."""
    texts = getattr(game, "texts", None)
    if texts is not None and f"word.{key}" in texts.templates:
        return str(texts.word(f"word.{key}", lang))
    return term(game, key, lang)


def typed_number(text: str) -> Any:
    """What a number box holds: UNSET when empty, an int when it reads as one, else the text as
    typed (so the spec refuses it with its own message)."""
    s = text.strip()
    if not s:
        return UNSET
    try:
        return int(s)
    except ValueError:
        return s


# ----- controls: each has .widget, get() -> value or UNSET, set(value) -------------------------------
class Control:
    widget: W.Widget

    def get(self) -> Any:  # pragma: no cover - every control implements it
        raise NotImplementedError

    def set(self, value: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def watch(self, fn: Callable[[], None]) -> None:
        for wd in self._inputs():
            wd.observe(lambda _ch: fn(), names="value")

    def _inputs(self) -> list[W.Widget]:
        return [self.widget]


class Choice(Control):
    """A dropdown of a field's values, each shown in the reader's words (``shown``: a phase by its
    flow label, a seat by its name); the first entry keeps the spec's default and says which it is."""

    def __init__(self, label: str, options: list[Any], default: Any, lang: str,
                 shown: Callable[[Any], str] = str):
        brackets = "（{}）" if lang == "zh" else " ({})"
        first = shown(default) + brackets.format(w("default", lang)) if default is not None else "—"
        self.options = list(options)
        self.widget = W.Dropdown(options=[(first, -1)] + [(shown(o), i) for i, o in enumerate(options)], value=-1,
                                 description=label, style={"description_width": "initial"})

    def get(self) -> Any:
        return UNSET if self.widget.value == -1 else self.options[self.widget.value]

    def set(self, value: Any) -> None:
        self.widget.value = self.options.index(value) if value in self.options else -1


class Number(Control):
    """A number box that may stay empty (the spec's default); what is typed goes to the spec as it
    is, so that a bad value, or one past the rules' bounds (shown in the empty box and its tooltip),
    gets the builder's own refusal citing the rule."""

    def __init__(self, label: str, default: Any, lang: str, bounds: Bounds | None = None):
        hint = bounds_hint(bounds, default, lang)
        self.bounds = bounds
        self.widget = W.Text(description=label, placeholder=hint, tooltip=hint,
                             style={"description_width": "initial"}, layout=W.Layout(width="220px"))

    def get(self) -> Any:
        return typed_number(self.widget.value)

    def set(self, value: Any) -> None:
        self.widget.value = "" if value is UNSET or value is None else str(value)


class Flag(Control):
    def __init__(self, label: str, default: bool):
        self.default = bool(default)
        self.widget = W.Checkbox(value=self.default, description=label, indent=False,
                                 layout=W.Layout(width="auto"))

    def get(self) -> Any:
        return UNSET if self.widget.value == self.default else self.widget.value

    def set(self, value: Any) -> None:
        self.widget.value = self.default if value is UNSET else bool(value)


class Word(Control):
    """A combobox of named things (cards by name, phases by label) in the reader's language; what
    is picked goes to the spec as its id, anything else as typed (the spec refuses it by name)."""

    def __init__(self, label: str, names: dict[str, str], default: Any, shown: Callable[[str], str] = str):
        self.names = names                                   # id -> the name shown
        self.ids = {v: k for k, v in names.items()}
        # the default by its name, else in the game's words (``shown``): never an id
        hint = "" if default is None else names.get(str(default)) or shown(str(default))
        self.widget = W.Combobox(options=list(names.values()), description=label, ensure_option=False,
                                 placeholder=hint, style={"description_width": "initial"})

    def get(self) -> Any:
        text = self.widget.value.strip()
        return self.ids.get(text, text) if text else UNSET

    def set(self, value: Any) -> None:
        self.widget.value = "" if value is UNSET or value is None else self.names.get(str(value), str(value))


class CardsZone(Control):
    """A zone: cards picked by name from the game's card list (duplicates allowed), or a number of
    the game's filler cards (the empty box shows the default and the rules' bound); empty keeps
    the spec's default."""

    def __init__(self, label: str, names: dict[str, str], default: Any, lang: str, bounds: Bounds | None = None):
        self.default = default
        self.names = names                                   # card id -> name in the reader's language
        self.ids = {v: k for k, v in names.items()}
        self.tags = W.TagsInput(allowed_tags=sorted(names.values()), allow_duplicates=True,
                                layout=W.Layout(width="auto"))
        hint = bounds_hint(bounds, default if isinstance(default, int) else len(default or []), lang)
        self.count = W.Text(placeholder=hint, layout=W.Layout(width="150px"), tooltip=hint)
        self.widget = W.HBox([W.Label(label, layout=W.Layout(width="110px")), self.tags,
                              W.Label(w("count", lang)), self.count], layout=W.Layout(flex_flow="row wrap"))

    def _inputs(self) -> list[W.Widget]:
        return [self.tags, self.count]

    def get(self) -> Any:
        if self.tags.value:
            return [self.ids.get(n, n) for n in self.tags.value]
        return typed_number(self.count.value)

    def set(self, value: Any) -> None:
        if value == [] and self.default != []:
            self.tags.value, self.count.value = [], "0"     # an empty zone where the default is not
        elif isinstance(value, list):
            self.tags.value, self.count.value = [self.names.get(str(c), str(c)) for c in value], ""
        else:
            self.tags.value = []
            self.count.value = "" if value is UNSET or value is None else str(value)


class Words(Control):
    def __init__(self, label: str):
        self.tags = W.TagsInput(allowed_tags=[], allow_duplicates=True)
        self.widget = W.HBox([W.Label(label, layout=W.Layout(width="110px")), self.tags])

    def _inputs(self) -> list[W.Widget]:
        return [self.tags]

    def get(self) -> Any:
        return list(self.tags.value) if self.tags.value else UNSET

    def set(self, value: Any) -> None:
        self.tags.value = list(value) if isinstance(value, list) else []


class Raw(Control):
    """Anything the other controls do not cover (options, piles by index...): typed as YAML,
    read with the safe loader."""

    def __init__(self, label: str, lang: str):
        self.widget = W.Text(description=label, placeholder=w("yaml_hint", lang),
                             style={"description_width": "initial"}, layout=W.Layout(width="420px"))

    def get(self) -> Any:
        s = self.widget.value.strip()
        if not s:
            return UNSET
        # The one loader for YAML a reader hands in: no anchors or aliases, size and nesting capped;
        # a fault is a DataError naming the box.
        try:
            return load_user_yaml(s, self.widget.description or "YAML")
        except DataError as exc:
            zh = exc.says.render("zh") if exc.says is not None else exc.message
            raise DataError.bilingual(exc.file, f"not YAML the kit reads ({exc.message})",
                                      f"不是本工具包能读的 YAML（{zh}）") from None

    def set(self, value: Any) -> None:
        # YAML flow style, not JSON: mapping keys keep their type (piles by number: {0: [...]})
        self.widget.value = ("" if value is UNSET or value is None else
                             yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000).strip())


class Form(Control):
    """One control per field of a pydantic model."""

    def __init__(self, editor: PositionEditor, model: type[BaseModel], path: str = ""):
        self.controls: dict[str, Control] = {}
        simple: list[Control] = []
        nested: list[Control] = []
        for name, info in model.model_fields.items():
            ctl = editor.control(name, info, f"{path}{name}")
            self.controls[name] = ctl
            (nested if isinstance(ctl, Form | Seats | Areas | CardsZone | Words) else simple).append(ctl)
        boxes: list[W.Widget] = [W.HBox([c.widget for c in simple], layout=W.Layout(flex_flow="row wrap"))]
        boxes += [c.widget for c in nested if not isinstance(c, Seats | Areas)]
        tabs = [c for c in nested if isinstance(c, Seats | Areas)]
        self.widget = W.VBox(boxes + [c.widget for c in tabs])

    def watch(self, fn: Callable[[], None]) -> None:
        for c in self.controls.values():
            c.watch(fn)

    def get(self) -> Any:
        out = {k: v for k, c in self.controls.items() if (v := c.get()) is not UNSET}
        return out or UNSET

    def set(self, value: Any) -> None:
        if isinstance(value, str) and "card" in self.controls:
            value = {"card": value}           # a card id alone: the short form of {card: id}
        value = value if isinstance(value, dict) else {}
        for k, c in self.controls.items():
            c.set(value.get(k, UNSET))


class Seats(Control):
    """A list of models, one tab per entry: the seats (as many as the game's largest player count,
    each by its name) or the places a ``Places`` marker declares (Mission 1-3, Lane 1-3, as the
    board numbers them). A tab left empty is ``blank`` in the list: ``{}`` for a seat (its
    defaults), None for a place (left as the rules set it up)."""

    def __init__(self, editor: PositionEditor, model: type[BaseModel], titles: list[str], path: str,
                 places: bool = False):
        self.blank: Any = None if places else {}
        self.forms = [Form(editor, model, f"{path}.{i}.") for i in range(len(titles))]
        self.widget = W.Tab(children=[f.widget for f in self.forms])
        for i, title in enumerate(titles):
            self.widget.set_title(i, title)

    def watch(self, fn: Callable[[], None]) -> None:
        for f in self.forms:
            f.watch(fn)

    def get(self) -> Any:
        vals = [f.get() for f in self.forms]
        while vals and vals[-1] is UNSET:
            vals.pop()
        return [self.blank if v is UNSET else v for v in vals] or UNSET

    def set(self, value: Any) -> None:
        value = value if isinstance(value, list) else []
        if len(value) > len(self.forms):      # more than the board has places: the builder refuses it
            raise ValueError(f"{len(value)} entries for {len(self.forms)} tabs")
        for i, f in enumerate(self.forms):
            v = value[i] if i < len(value) else UNSET
            # a card id alone is the short form of {card: id} (a lane's character)
            f.set({"card": v} if isinstance(v, str) and "card" in f.controls else v)


class Areas(Control):
    """A mapping of named places (``dict[Literal[...], Model]``): one sub-form per place."""

    def __init__(self, editor: PositionEditor, keys: list[Any], model: type[BaseModel], path: str, label: str):
        self.keys = keys
        self.forms = [Form(editor, model, f"{path}.{k}.") for k in keys]
        self.widget = W.Accordion(children=[f.widget for f in self.forms])
        for i, k in enumerate(keys):
            word = place_word(editor.game, str(k), editor.lang)
            self.widget.set_title(i, f"{label}{t('colon', editor.lang)}{word[:1].upper()}{word[1:]}")

    def watch(self, fn: Callable[[], None]) -> None:
        for f in self.forms:
            f.watch(fn)

    def get(self) -> Any:
        out = {k: v for k, f in zip(self.keys, self.forms, strict=True) if (v := f.get()) is not UNSET}
        return out or UNSET

    def set(self, value: Any) -> None:
        value = value if isinstance(value, dict) else {}
        if set(value) - set(self.keys):       # a slot the board has not: the builder refuses it
            raise ValueError(f"no area {sorted(map(str, set(value) - set(self.keys)))}")
        for k, f in zip(self.keys, self.forms, strict=True):
            v = value.get(k, UNSET)
            # a card id alone is the short form of {card: id} (a slot's doll)
            f.set({"card": v} if isinstance(v, str) and "card" in f.controls else v)
