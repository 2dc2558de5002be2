"""PositionEditor: build any position of any game, play on from it, and save it as a ruling.

A club-table question ("my Soulguard monster is hit by a link attack with two [Penetrate]
cards: what happens?") becomes an executable ruling in three moves:

1. *Build the position.* The controls are derived from the game's scenario spec MODEL (the
   pydantic model its scenario builder validates, unknown keys forbidden), never from a table of
   games: a ``Literal`` is a dropdown, a number a number box, a zone of cards (``int | list[str]``)
   a card picker over the game's card list, a list of seat models one tab per seat, a mapping of
   areas one sub-form per area; anything else (options, piles) is typed as YAML. Every change
   rebuilds the position with ``game.scenario(spec)``: the board is redrawn, or the spec's own
   refusal (a DataError naming the field) is shown.
2. *Play on.* The ordinary action controls (``ActionPanel``) list the legal actions; every
   event is shown with its clause; Undo goes back one action.
3. *Save as ruling.* The spec, the actions taken and what happened (events with their clauses,
   the numbers and zones that changed, the phase) become a ruling in the ``rulings.yaml`` format,
   which ``tabletop-rules check GAME --file`` runs and which loads back here or into the
   RulingExplorer.
"""
from __future__ import annotations

import base64
import typing
from html import escape
from typing import Any

import ipywidgets as W
import yaml
from pydantic_core import PydanticUndefined
from traitlets import TraitError

from ..core.actions import Action
from ..core.datafile import DataError
from ..core.rulings import Ruling, expectations, load_ruling_file
from ..core.scenario import Bounds, Places, mapping
from ..core.userinput import MAX_YAML_BYTES, decode_user_bytes
from .base import WidgetBase, error_html, events_html
from .boards import board_html
from .controls import ActionPanel
from .editor_controls import (
    UNSET,
    Areas,
    CardsZone,
    Choice,
    Control,
    Flag,
    Form,
    Number,
    Raw,
    Seats,
    Word,
    Words,
    _is_cards,
    _is_model,
    _union,
    _unwrap,
    marker,
    place_word,
    spec_model,
    w,
)
from .i18n import check_lang, pick, t, term
from .style import wrap
from .whynot import seat_word

__all__ = ["UNSET", "PositionEditor", "spec_model"]


# ----- the editor --------------------------------------------------------------------------------------
class PositionEditor(WidgetBase):
    """``PositionEditor(game)``: build a position, play on, save it as a ruling (see the module doc)."""

    def __init__(self, game: Any, lang: str = "en", spec: dict | None = None):
        self.game = game
        self.lang = check_lang(lang)
        self.model = spec_model(game)
        self.cards = sorted(game.cards)
        self.card_names = self._card_names()
        self.spec: dict = {}
        self.start: Any = None             # the position as built
        self.state: Any = None             # the position after the actions taken
        self.refusal: Exception | None = None
        self.actions: list[Action] = []
        self.history: list[Any] = []       # the state before each action (Undo)
        self.ruling_yaml = ""
        self.ruling_check: Any = None
        self._quiet = False
        self.error = W.HTML()
        self.board = W.HTML()
        self.spec_view = W.HTML()
        self.message = W.HTML()
        self.events = W.HTML()
        self.panel = ActionPanel(game, self._on_action, self.lang)
        self.undo_button = W.Button(icon="undo")
        self.restart_button = W.Button(icon="refresh")
        self.undo_button.on_click(lambda _b: self._safe(self.undo))
        self.restart_button.on_click(lambda _b: self._safe(self.restart))
        self.rid = W.Text(value="my-ruling", layout=W.Layout(width="260px"))
        self.q_en, self.q_zh, self.a_en, self.a_zh = (W.Textarea(layout=W.Layout(width="95%", height="48px"),
                                                                  style={"description_width": "110px"})
                                                       for _ in range(4))
        self.save_button = W.Button(button_style="primary", icon="save")
        self.save_button.on_click(lambda _b: self._safe(self.save_ruling))
        self.output = W.Textarea(layout=W.Layout(width="95%", height="220px"))
        self.download = W.HTML()
        self.upload = W.FileUpload(accept=".yaml,.yml", multiple=False)
        self.upload.observe(lambda _ch: self._safe(self._uploaded), names="value")
        self.tabs = W.Tab()
        self.widget = W.VBox([W.HBox([self.lang_switch()]), self.error, self.tabs])
        self.widget.add_class("ttr-editor")
        self._make_form(spec or {})
        self.rebuild()

    # ----- building the controls from the spec model --------------------------------------------------
    def control(self, name: str, info: Any, path: str) -> Control:
        """The control for one field of the spec model, chosen by the field's type; every value is
        shown in the reader's words (phases by their flow labels, seats by name, cards by name)."""
        tp, default = info.annotation, info.default
        if default is PydanticUndefined:        # a required field: no default to show
            default = None
        lang = self.lang
        members, optional = _union(tp)
        # labelled by the game's glossary: the term a field's title names (order -> order-point), else its key
        label = term(self.game, info.title or name, lang, cap=True)
        one = members[0] if len(members) == 1 else None
        origin, args = typing.get_origin(one), typing.get_args(one)
        seatlike = name.endswith("player") or name == "owner"
        bounds = marker(info, Bounds)
        if origin is typing.Literal:
            return Choice(label, list(args), default, lang, self._shown(name if name == "phase" else
                                                                         "seat" if seatlike else ""))
        if one is bool:
            return Choice(label, [True, False], default, lang, self._shown("bool")) if optional else \
                Flag(label, bool(default))
        if one is int:
            if seatlike and not optional or name.endswith("_player"):
                return Choice(label, list(range(max(self.game.player_counts))), default, lang, self._shown("seat"))
            return Number(label, default, lang, bounds)
        if _is_cards(members):
            return CardsZone(label, self.card_names, default, lang, bounds)
        if one is str:
            if name == "phase":
                return Word(label, {n: self.game.flow.phase_label(n, lang) for n in self.game.flow.nodes}, default)
            return Word(label, self.card_names, default, self._shown(""))
        if origin is list and args and _unwrap(args[0]) is str and default == []:
            return Words(label)         # (a list whose default is not empty is typed: [] differs from it)
        entry, _ = _union(args[0]) if origin is list and args else ([], False)
        places = marker(info, Places)
        kinds = [m for m in entry if _is_model(m)]
        if places is not None and len(kinds) == 1:    # one tab per place: Mission 1-3, Lane 1-3
            word = term(self.game, places.word, lang, cap=True)
            return Seats(self, kinds[0], [f"{word} {i + 1}" for i in range(places.count)], path, places=True)
        if len(entry) == 1 and _is_model(entry[0]):        # list[Seat] or list[Seat | None]
            limit = next((m.max_length for m in info.metadata if hasattr(m, "max_length")), None)
            n = limit or max(self.game.player_counts)
            return Seats(self, entry[0], [seat_word(self.game, i, lang) for i in range(n)], path)
        shorthand = [m for m in members if _is_model(m)] if set(members) - {str} and str in members else []
        if len(shorthand) == 1 and len(members) == 2 and "card" in shorthand[0].model_fields:
            one = shorthand[0]            # ``Model | str``: a card id alone is the short form of {card: id}
        if one is not None and _is_model(one):
            form = Form(self, one, f"{path}.")
            form.widget = W.VBox([W.HTML(f"<b>{escape(label)}</b>"), form.widget])
            return form
        if origin is dict and args:
            inner = [m for m in _union(args[1])[0] if _is_model(m)]
            keys = list(typing.get_args(_unwrap(args[0]))) if typing.get_origin(_unwrap(args[0])) is typing.Literal \
                else list(places.keys) if places is not None else []
            if keys and len(inner) == 1:          # one sub-form per area or slot, named as the board does
                return Areas(self, keys, inner[0], path, label)
        return Raw(label, lang)

    def _shown(self, kind: str) -> Any:
        """How a dropdown names its values: a phase by its flow label, a seat by its name, yes/no."""
        game, lang = self.game, self.lang
        if kind == "phase":
            return lambda v: game.flow.phase_label(v, lang) if v in game.flow.nodes else str(v)
        if kind == "seat":
            return lambda v: seat_word(game, v, lang)
        if kind == "bool":
            return lambda v: w("yes" if v else "no", lang)
        return lambda v: place_word(game, str(v), lang)

    def _card_names(self) -> dict[str, str]:
        """Each card's name in the reader's language (card id -> name), as the pickers offer them."""
        return {cid: pick(self.game.cards[cid].name, self.lang) for cid in self.cards}

    def _make_form(self, spec: dict) -> None:
        self.form = Form(self, self.model)
        self._quiet = True
        try:
            self.form.set(spec)
        finally:
            self._quiet = False
        self.form.watch(self._changed)
        self._layout()

    def _layout(self) -> None:
        lang = self.lang
        self.undo_button.description = w("undo", lang)
        self.restart_button.description = w("restart", lang)
        self.save_button.description = w("save", lang)
        self.rid.description = w("id", lang)
        for box, key, tag in ((self.q_en, "question", "en"), (self.q_zh, "question", "zh"),
                              (self.a_en, "answer", "en"), (self.a_zh, "answer", "zh")):
            box.description = w(f"{key}_in", lang).format(text=w(key, lang), lang=w(f"lang_{tag}", lang))
        self.upload.description = w("load", lang)
        position = W.VBox([self.form.widget, self.spec_view])
        play = W.VBox([W.HBox([self.undo_button, self.restart_button]), self.message, self.panel.widget,
                       self.events])
        ruling = W.VBox([self.rid, self.q_en, self.q_zh, self.a_en, self.a_zh,
                         W.HBox([self.save_button, self.upload]), self.download, self.output])
        self.tabs.children = [W.VBox([position]), W.VBox([play]), ruling]
        for i, key in enumerate(("position", "play", "ruling")):
            self.tabs.set_title(i, w(key, lang))
        self.widget.children = [W.HBox([self.lang_btns or self.lang_switch()]), self.error, self.board, self.tabs]

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        self.card_names = self._card_names()
        self._sync_lang()
        self.panel.lang = lang
        self._make_form(self.spec)
        self.render()

    # ----- the position ---------------------------------------------------------------------------------
    def _changed(self) -> None:
        if not self._quiet:
            self._safe(self.rebuild)

    def read_spec(self) -> dict:
        spec = self.form.get()
        return {} if spec is UNSET else spec

    def set_spec(self, spec: dict) -> Any:
        """Fill the controls from a spec (as a ruling's scenario holds it) and build it. A spec the
        model accepts is first written out in full (``center: card-id`` -> ``center: {card: ...}``),
        keeping only what it sets; one it refuses fills what it can, and the refusal shows."""
        try:
            # Checked first the one way every position is (core.scenario.mapping: a mapping whose
            # numbers and size are bounded), so no control is ever handed a 5,000-digit number.
            mapping(spec, "position editor")
        except DataError as exc:
            return self._refused(exc)
        try:
            spec = self.model.model_validate(spec).model_dump(exclude_unset=True)
        except ValueError:
            pass
        self._quiet = True
        filled = True
        try:
            self.form.set(spec)
        except (TraitError, ValueError, TypeError, KeyError, IndexError, OverflowError, AttributeError):
            filled = False                    # a value no control can show: the spec's own refusal is shown
        finally:
            self._quiet = False
        state = self.rebuild()
        if filled:
            return state
        try:
            self.game.scenario(spec, source="position editor")
        except ValueError as exc:             # DataError (the builder's refusal), naming the field
            return self._refused(exc)
        return state

    def _refused(self, exc: Exception) -> None:
        self.start = self.state = None
        self.actions, self.history = [], []
        self.refusal = exc
        self.render()
        return None

    def rebuild(self) -> Any:
        """Build the position the controls describe; a refusal is shown, not raised. Returns the
        state (None when refused)."""
        self.spec = self.read_spec()             # the raw box's broken YAML: the error line says so
        self.actions, self.history = [], []
        try:
            self.start = self.game.scenario(self.spec, source="position editor")
            self.state = self.start.clone()
            self.refusal = None
        except (DataError, ValueError, KeyError, TypeError, IndexError, OverflowError, RecursionError) as exc:
            self.start = self.state = None
            self.refusal = exc
        self.render()
        return self.state

    # ----- playing on -----------------------------------------------------------------------------------
    def _on_action(self, action: Action) -> None:
        self._safe(self.apply, action)

    def apply(self, action: Action) -> list:
        if self.state is None:
            raise ValueError("build a position the rules allow first")
        before = self.state.clone()
        events = self.state.apply(action)            # IllegalAction: the state is unchanged
        self.history.append(before)
        self.actions.append(action)
        self.render()
        return list(events)

    def play(self, kind: str, player: int | None = None, **args: Any) -> list:
        """Take the first legal action of ``kind`` whose args contain ``args`` (tests, demos)."""
        from ..core.state import find_action

        act = find_action(self.state.legal_actions(), kind, args, player) if self.state is not None else None
        if act is None:
            kinds = sorted({a.kind for a in self.state.legal_actions()}) if self.state is not None else []
            raise ValueError(f"no legal {kind!r} action matches {args} (legal kinds: {', '.join(kinds)})")
        return self.apply(act)

    def undo(self) -> None:
        if not self.history:
            self.message.value = wrap(f"<span class='ttr-note'>{w('nothing_to_undo', self.lang)}</span>")
            return
        self.state = self.history.pop()
        self.actions.pop()
        self.render()

    def restart(self) -> None:
        if self.start is not None:
            self.state, self.actions, self.history = self.start.clone(), [], []
        self.render()

    @property
    def new_events(self) -> list:
        return [] if self.state is None else self.state.log[len(self.start.log):]

    # ----- drawing --------------------------------------------------------------------------------------
    def render(self) -> None:
        lang = self.lang
        self.message.value = ""
        # In words, never the file's YAML (its card and place ids are the engine's): the form above
        # shows every setting by name, and Save shows the ruling's file (issue 35).
        said = t("editor_spec_set", lang, n=_settings(self.spec)) if self.spec else w("none", lang)
        self.spec_view.value = wrap(f"<b>{w('spec', lang)}</b><div class='ttr-note'>{escape(said)}</div>")
        if self.state is None:
            exc = self.refusal or ValueError("no position")
            self.board.value = error_html(exc, lang, head=w("refused", lang))
            self.panel.show([])
            self.events.value = ""
            return
        self.board.value = wrap(board_html(self.game, self.state.view(None), None, lang))
        self.panel.show([] if self.state.is_over else self.state.legal_actions(), self.state)
        taken = "".join(f"<li>{escape(a.label)}</li>" for a in self.actions) or f"<li>{w('none', lang)}</li>"
        self.events.value = wrap(f"<b>{w('taken', lang)}</b><ol>{taken}</ol><b>{w('events', lang)}</b>"
                                 + events_html(self.game, self.new_events, None, lang))

    # ----- save as ruling ---------------------------------------------------------------------------------
    def ruling_data(self) -> dict:
        """The position, the actions taken and what happened, as one ``rulings.yaml`` entry."""
        if self.state is None:
            raise ValueError("the rules refuse this position: there is nothing to save")
        events = self.new_events
        clauses = list(dict.fromkeys(e.clause for e in events if e.clause and e.clause in self.game.rules))
        steps = [{"do": {"kind": a.kind, "args": _plain(a.args), "player": a.player}}
                 for a in self.actions]
        return {
            "id": self.rid.value.strip() or "my-ruling",
            "source": "position editor",
            "question": _text(self.q_en.value, self.q_zh.value, "(write the question here)"),
            "answer": _text(self.a_en.value, self.a_zh.value, "(write the answer here)"),
            "clauses": clauses,
            "scenario": _plain(self.spec),
            "steps": steps,
            "expect": expectations(self.start, self.state, events),
        }

    def save_ruling(self, path: str | None = None) -> str:
        """The ruling as YAML (shown, offered for download, written to ``path`` if given); it is
        loaded back and checked at once, so what is offered is a ruling that passes."""
        text = _dump({"rulings": [self.ruling_data()]}, allow_unicode=True, sort_keys=False, width=100)
        ruling = load_ruling_file("my-ruling.yaml", self.game, text=text)[0]
        self.ruling_check = ruling.check(self.game)
        self.ruling_yaml = text
        self.output.value = text
        b64 = base64.b64encode(text.encode("utf-8")).decode("ascii")
        mark = "✓" if self.ruling_check.ok else f"✗ {escape(self.ruling_check.detail)}"
        self.download.value = wrap(f"<a download='{escape(ruling.id)}.yaml' href='data:text/yaml;base64,{b64}'>"
                                   f"{w('download', self.lang)}</a> {mark}")
        if path is not None:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
        return text

    def ruling(self) -> Ruling:
        """The saved ruling as a Ruling (for ``RulingExplorer(game, rulings=[...])``)."""
        return load_ruling_file("my-ruling.yaml", self.game, text=self.ruling_yaml or self.save_ruling())[0]

    def load_ruling(self, source: Ruling | str, ruling_id: str | None = None) -> Any:
        """Load a ruling (a Ruling, YAML text or a file path) back: its position, then its steps."""
        if isinstance(source, Ruling):
            ruling = source
        else:
            text = source if "\n" in source or source.lstrip().startswith("{") else None
            rulings = load_ruling_file(source if text is None else "my-ruling.yaml", self.game, text=text)
            found = next((r for r in rulings if ruling_id in (None, r.id)), None)
            if found is None:
                raise KeyError(f"no ruling {ruling_id!r} in that file")
            ruling = found
        from ..core.rulings import substitute

        values = {k: p.default for k, p in ruling.params.items()}
        self.rid.value = ruling.id
        self.q_en.value, self.q_zh.value = ruling.question.en, ruling.question.zh or ""
        self.a_en.value, self.a_zh.value = ruling.answer.en, ruling.answer.zh or ""
        self.set_spec(substitute(ruling.scenario, values))
        for raw in ruling.steps:
            step = substitute(raw, values)
            if "do" in step:
                do = step["do"]
                self.play(do.get("kind", ""), do.get("player"), **(do.get("args") or {}))
            elif "run" in step:
                for _ in range(50):
                    if not any(a.kind == step["run"] for a in self.state.legal_actions()):
                        break
                    self.play(step["run"])
        return self.state

    def _uploaded(self) -> None:
        files = self.upload.value
        if files:
            item = files[0] if isinstance(files, list | tuple) else next(iter(files.values()))
            name = str(item.get("name") or "upload")[:120]
            content = item["content"]
            # Size first, then the one decoding rule (core.userinput), then the alias-free loader.
            if len(content) > MAX_YAML_BYTES:
                raise DataError.bilingual(name, f"the file is too large for a rulings file (over {MAX_YAML_BYTES:,} "
                                                "bytes)", f"文件太大，不是裁定文件（超过 {MAX_YAML_BYTES:,} 字节）")
            self.load_ruling(decode_user_bytes(bytes(content), MAX_YAML_BYTES, name, "rulings file", "裁定文件")
                             + "\n")


class _NoAliasDumper(yaml.SafeDumper):
    """The safe dumper, writing a value shared twice out twice: the kit's loader of a reader's YAML
    refuses anchors and aliases (core.userinput), so a saved ruling never holds one."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _settings(value: Any) -> int:
    """How many settings a spec holds: each value of a field (a list of cards is one setting)."""
    if isinstance(value, dict):
        return sum(_settings(v) for v in value.values())
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return sum(_settings(v) for v in value)
    return 1


def _dump(value: Any, **kw: Any) -> str:
    return yaml.dump(value, Dumper=_NoAliasDumper, **kw)


def _text(en: str, zh: str, todo: str) -> dict:
    """A ruling's question or answer: the English is required (a ruling file needs it, so an empty
    box saves the reminder ``todo``); the Chinese is optional and an empty box stays empty (left
    out), never placeholder text passed off as a translation."""
    out = {"en": en.strip() or todo}
    if zh.strip():
        out["zh"] = zh.strip()
    return out


def _plain(value: Any) -> Any:
    """A copy YAML writes safely: tuples become lists; mapping keys keep their type ({0: ...})."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
