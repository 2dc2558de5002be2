"""The position editor's controls, one per kind of field of a game's scenario spec model (a
dropdown for a ``Literal``, a number box, a card picker for a zone, a tab per seat...): each has
``widget``, ``get()`` (the value, or UNSET when left empty: the spec's default applies) and
``set(value)``. ``PositionEditor.control`` chooses one by the field's type."""
from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

import ipywidgets as W
import yaml
from pydantic import BaseModel

from ..core.datafile import DataError
from ..core.userinput import load_user_yaml
from .i18n import readable, t, term

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
    def __init__(self, label: str, options: list[Any], default: Any):
        shown = f"({json.dumps(default, ensure_ascii=False)})" if default is not None else "—"
        self.options = list(options)
        self.widget = W.Dropdown(options=[(shown, -1)] + [(str(o), i) for i, o in enumerate(options)], value=-1,
                                 description=label, style={"description_width": "initial"})

    def get(self) -> Any:
        return UNSET if self.widget.value == -1 else self.options[self.widget.value]

    def set(self, value: Any) -> None:
        self.widget.value = self.options.index(value) if value in self.options else -1


class Number(Control):
    """A number box that may stay empty (the spec's default); what is typed goes to the spec as it
    is, so that a bad value gets the spec's own message."""

    def __init__(self, label: str, default: Any):
        self.widget = W.Text(description=label, placeholder=str(default), style={"description_width": "initial"},
                             layout=W.Layout(width="190px"))

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
    def __init__(self, label: str, options: list[str], default: Any):
        self.widget = W.Combobox(options=options, description=label, ensure_option=False,
                                 placeholder="" if default is None else str(default),
                                 style={"description_width": "initial"})

    def get(self) -> Any:
        return self.widget.value.strip() or UNSET

    def set(self, value: Any) -> None:
        self.widget.value = "" if value is UNSET or value is None else str(value)


class CardsZone(Control):
    """A zone: cards picked from the game's card list (duplicates allowed), or a number of the
    game's filler cards; empty keeps the spec's default."""

    def __init__(self, label: str, cards: list[str], default: Any, lang: str):
        self.default = default
        self.tags = W.TagsInput(allowed_tags=cards, allow_duplicates=True, layout=W.Layout(width="auto"))
        self.count = W.Text(placeholder=json.dumps(default), layout=W.Layout(width="80px"),
                            tooltip=w("count", lang))
        self.widget = W.HBox([W.Label(label, layout=W.Layout(width="110px")), self.tags,
                              W.Label(w("count", lang)), self.count], layout=W.Layout(flex_flow="row wrap"))

    def _inputs(self) -> list[W.Widget]:
        return [self.tags, self.count]

    def get(self) -> Any:
        if self.tags.value:
            return list(self.tags.value)
        return typed_number(self.count.value)

    def set(self, value: Any) -> None:
        if value == [] and self.default != []:
            self.tags.value, self.count.value = [], "0"     # an empty zone where the default is not
        elif isinstance(value, list):
            self.tags.value, self.count.value = list(value), ""
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
        value = value if isinstance(value, dict) else {}
        for k, c in self.controls.items():
            c.set(value.get(k, UNSET))


class Seats(Control):
    """A list of seat models: one tab per seat (as many as the game's largest player count)."""

    def __init__(self, editor: PositionEditor, model: type[BaseModel], n: int, path: str):
        self.forms = [Form(editor, model, f"{path}.{i}.") for i in range(n)]
        self.widget = W.Tab(children=[f.widget for f in self.forms])
        for i in range(n):
            self.widget.set_title(i, f"{w('seat', editor.lang)} {i}")

    def watch(self, fn: Callable[[], None]) -> None:
        for f in self.forms:
            f.watch(fn)

    def get(self) -> Any:
        vals = [f.get() for f in self.forms]
        while vals and vals[-1] is UNSET:
            vals.pop()
        return [{} if v is UNSET else v for v in vals] or UNSET

    def set(self, value: Any) -> None:
        value = value if isinstance(value, list) else []
        for i, f in enumerate(self.forms):
            f.set(value[i] if i < len(value) else UNSET)


class Areas(Control):
    """A mapping of named places (``dict[Literal[...], Model]``): one sub-form per place."""

    def __init__(self, editor: PositionEditor, keys: list[Any], model: type[BaseModel], path: str):
        self.keys = keys
        self.forms = [Form(editor, model, f"{path}.{k}.") for k in keys]
        self.widget = W.Accordion(children=[f.widget for f in self.forms])
        for i, k in enumerate(keys):
            self.widget.set_title(i, f"{readable(path.rsplit('.', 1)[-1])}: {term(editor.game, str(k), editor.lang)}")

    def watch(self, fn: Callable[[], None]) -> None:
        for f in self.forms:
            f.watch(fn)

    def get(self) -> Any:
        out = {k: v for k, f in zip(self.keys, self.forms, strict=True) if (v := f.get()) is not UNSET}
        return out or UNSET

    def set(self, value: Any) -> None:
        value = value if isinstance(value, dict) else {}
        for k, f in zip(self.keys, self.forms, strict=True):
            f.set(value.get(k, UNSET))
