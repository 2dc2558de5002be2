"""PlayTable: play a game through ipywidgets, against bots or hot-seat.

What a seat sees is its ``view(seat)`` (never the referee's state unless "open hands" is
ticked); the controls are built from ``legal_actions()``; undo replays the record without the
last human action. Built on ``WidgetBase`` like the other widgets: the same language switch, and
an error in a callback is shown as a sentence (next to the control that failed) and the game
restored from its record.

App mode (``app=True``, or detected under Voila) is for sharing the table with a class: files
are only uploaded and downloaded, never read or written by path on the server, and uploads are
size-capped. Outside app mode a save never replaces a file without a second press, and the
default file name is unique to the table. Widgets replaced on a redraw are closed (a long game
must not pile up thousands of live widgets in the kernel).
"""
from __future__ import annotations

import base64
import html
import pathlib
import time
import uuid
from typing import Any

import ipywidgets as W

from ..core.actions import Action
from ..core.bots import BOTS, MonteCarloBot
from ..core.datafile import DataError
from ..core.records import MAX_BYTES
from .base import WidgetBase, clause_html, error_text, event_text
from .boards import board_html
from .boardview import BoardView
from .classroom import Classroom, fresh_seed, guard_html, load_classroom
from .controls import ActionPanel, full_text
from .graph import graph_html
from .guide import banner, guide_html, is_concession
from .i18n import bot_name, check_lang, pick, t
from .style import CSS, scoped, wrap
from .table_input import RECORD_VALUES, in_voila, open_hands_allowed, parse_seed, precheck  # noqa: F401 (RECORD_VALUES: re-exported)
from .tutor import TutorPanel
from .whynot import WhyNot, seat_word

LOG_LINES = 80
# A person waits for the bots' reply to a click (issue 40.2: under 1 s at the 99th percentile).
# A searching bot (ismc, monte-carlo) gets at most DECISION_SECONDS a decision and all the bot
# decisions after one click end by REPLY_SECONDS (core/bots.py: a bot out of time picks at random);
# the rest of the second is the table's redraw and the trip to the browser. Measured in Voila
# with other students playing (benchmarks/bot_replies.py), the browser drew a reply 0.1-0.5 s after
# the bots' 0.6 s (p99 1.15 s); 0.4 s leaves that margin and halves the CPU a class's bots take.
# A class of 30 (benchmarks/classroom.py) then clicked at p95 0.60 s (target 0.5 s): 0.3 s.
DECISION_SECONDS = 0.2
REPLY_SECONDS = 0.3


def status_word(key: str, lang: str, **kw: Any) -> str:
    return t("status_" + key, lang, **kw)


def lower_first(text: str, lang: str) -> str:
    """"Attack phase" -> "attack phase" inside an English sentence (not "TV" or "Vividz's")."""
    if lang != "en" or len(text) < 2 or not text[1].islower():
        return text
    return text[0].lower() + text[1:]


def close_tree(w: Any) -> None:
    """Close a widget and everything it owns (children, layout, style): a widget a redraw drops
    stays alive in the kernel until closed."""
    for c in getattr(w, "children", ()) or ():
        close_tree(c)
    for part in ("layout", "style"):
        sub = getattr(w, part, None)
        if isinstance(sub, W.Widget):
            sub.close()
    w.close()


class PlayTable(WidgetBase):
    """``PlayTable(game, seed=0, seats=["human", "random"])``; seats are "human" or a bot of
    ``core.bots.BOTS`` ("random", "ismc", "monte-carlo"); in app mode the classroom file's ``bot``
    takes every bot seat. Several human seats make a hot-seat game that hides each hand between turns.
    ``allow_open_hands=False`` (or, in app mode, ``TTR_OPEN_HANDS=0`` on the server) removes the
    "Open hands" box: a class then sees only each seat's own view."""

    state: Any

    def __init__(self, game: Any, seed: int | None = None, seats: list[str] | None = None, players: int | None = None,
                 options: dict | None = None, lang: str = "en", open_hands: bool = False, record: Any = None,
                 graph: bool = True, app: bool | None = None, allow_open_hands: bool | None = None):
        self.game = game
        self.app = in_voila() if app is None else bool(app)
        # The teacher's settings (classroom.py) apply to app tables; a notebook table keeps the
        # defaults (its server's websocket cap is the default one too).
        self.classroom = load_classroom(lang=lang) if self.app else Classroom()
        self.allow_open_hands = open_hands_allowed(self.app, allow_open_hands, self.classroom)
        if seed is None:     # an app deals each page its own game, unless the teacher set one seed
            seed = (self.classroom.seed if self.classroom.seed is not None else fresh_seed()) if self.app else 0
        open_hands = open_hands and self.allow_open_hands
        n = players or (len(seats) if seats else game.player_counts[0])
        self.seats = list(seats or (["human"] + ["random"] * (n - 1)))
        if self.app and self.classroom.bot:      # the teacher's bot (classroom.py) at every bot seat
            self.seats = [s if s == "human" else self.classroom.bot for s in self.seats]
        for s in self.seats:
            if s != "human" and s not in BOTS:
                raise ValueError(f"a seat is 'human' or one of the bots {sorted(BOTS)}, not {s!r}")
        self.options = options
        self.lang = check_lang(lang)
        self.show_graph = graph
        self.redo_stack: list[dict] = []
        self.message = ""
        self.error = W.HTML()                    # the last callback's error; drawn in the status line
        self.file_note = W.HTML()                # save / load / upload messages, beside those controls
        self.file_note.add_class("ttr-upload-note")
        self._files_call = False                 # the running callback is a file one
        self._confirm: str | None = None         # a path the next Save may replace
        self._concede: tuple | None = None       # a concession pressed once: the next press applies it
        self._shown: list[Action] = []           # the actions the panel shows now
        self._gone: list[Action] = []            # ... and showed before the last redraw
        self._svg_cache: dict[tuple, str] = {}
        self._log_cache: dict[tuple, tuple[Any, str]] = {}   # (id(event), seat, lang) -> (event, line)
        self.revealed: int | None = None         # hot-seat: the human seat whose side is shown
        self._build(seed, open_hands)
        if record is not None:
            self.load_record(record)
        else:
            self.new_game(seed)

    # ----- building -----------------------------------------------------------------------------
    def _build(self, seed: int, open_hands: bool) -> None:
        lang = self.lang
        # A text box read by parse_seed: an IntText would read "3.7" as 37 without a word.
        self.seed_box = W.Text(value=str(seed), description=t("seed", lang), layout=W.Layout(width="150px"))
        self.new_btn = W.Button(description=t("new_game", lang), icon="refresh")
        self.undo_btn = W.Button(description=t("undo", lang), icon="undo")
        self.redo_btn = W.Button(description=t("redo", lang), icon="repeat")
        self.open_box = W.Checkbox(value=open_hands, description=t("open_hands", lang), indent=False,
                                   layout=W.Layout(width="140px"))
        self.status = W.HTML()
        self.board = BoardView(self.game, self._on_action, lang)   # clicks on it play (issue 35)
        self.panel = ActionPanel(self.game, self._on_action, lang)
        self.why = WhyNot(lang)                  # "why is this card not offered?" (the engine's refusals)
        self.reveal_btn = W.Button(button_style="warning", layout=W.Layout(width="auto"))
        self.reveal_btn.add_class("ttr-reveal")
        self.bot_btn = W.Button(description=t("bot_moves", lang), icon="play")
        self.log = W.HTML()
        self.graph = W.HTML()
        # Unique per table: two tabs (two students) never default to the same file.
        self.path_box = W.Text(value=f"{self.game.id}-game-{uuid.uuid4().hex[:8]}.json", description=t("path", lang),
                               layout=W.Layout(width="320px"))
        self.save_btn = W.Button(description=t("save", lang), icon="save")
        self.load_btn = W.Button(description=t("load", lang), icon="folder-open")
        self.upload = W.FileUpload(accept=".json", multiple=False, description=t("upload", lang))
        self.download = W.HTML()
        for btn, fn in ((self.new_btn, lambda: self.new_game(None)), (self.undo_btn, self.undo),
                        (self.redo_btn, self.redo), (self.reveal_btn, self._reveal), (self.bot_btn, self._bot_step)):
            btn.on_click(lambda _b, fn=fn: self._safe(fn))
        self.save_btn.on_click(lambda _b: self._safe_files(self.save, self.path_box.value))
        self.load_btn.on_click(lambda _b: self._safe_files(self.load, self.path_box.value))
        self.open_box.observe(lambda ch: self._safe(self._open_hands, ch["new"]), names="value")
        if not self.allow_open_hands:
            self.open_box.disabled = True
            self.open_box.layout.display = "none"
        self.upload.observe(lambda ch: self._safe_files(self._uploaded), names="value")
        self.actions_box = W.VBox()
        rows: list[Any] = [] if self.app else [W.HBox([self.path_box, self.save_btn, self.load_btn])]
        files = W.VBox([*rows, W.HBox([self.upload, self.download]), self.file_note])
        self.tabs = W.Tab(children=[self.log, self.graph, files])
        for i, key in enumerate(("log", "graph", "save")):
            self.tabs.set_title(i, t(key, lang))
        self.tabs.observe(lambda ch: self._safe(self._draw_graph), names="selected_index")
        header = W.HBox([self.seed_box, self.new_btn, self.undo_btn, self.redo_btn, self.open_box,
                         self.lang_switch()], layout=W.Layout(flex_flow="row wrap"))
        # The browser's size check for uploads (classroom.guard_html): a file the websocket or
        # the kernel would not take is refused before it is sent.
        self.guard = W.HTML(guard_html(self.classroom.browser_bytes, lang))
        self.guard.add_class("ttr-upload-guard")
        self.tutor = TutorPanel(self)            # the Hint control (issue 38)
        self.css = W.HTML(CSS, layout=W.Layout(display="none"))   # once: redrawn parts go without (style.scoped)
        self.widget = W.VBox([header, self.status, self.board, self.actions_box, self.tutor.widget, self.tabs,
                              self.guard, self.css])
        self.widget.add_class("ttr-playtable")

    # ----- game control -----------------------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        """A new game with ``seed``; None (the New game button) reads the seed box: a seed typed
        there deals that game (a teacher can give the class one deal), the seed of the game in
        play deals a fresh random one (a student who finished gets a new game, not the same)."""
        if seed is None:
            typed = parse_seed(self.seed_box.value, self.lang)
            seed = fresh_seed() if hasattr(self, "state") and typed == self.state.seed else typed
        self.seed_box.value = str(seed)
        self.state = self.game.new_game(seed=seed, players=len(self.seats), options=self.options)
        self.redo_stack = []
        self.revealed = None
        self.message = ""
        self.tutor.clear()
        self._run_bots()
        self.refresh()

    def apply(self, action: Action) -> None:
        """Take a legal action for the seat that must act (what a click does)."""
        self.tutor.moved(action)                 # "How did that go?" when a hint was asked
        self.state.apply(action)
        self.redo_stack = []
        self.message = ""
        if self._search_replies():
            self.refresh()          # the reader's move is drawn at once, before a searching bot thinks
        self._run_bots()
        self.refresh()

    def _search_replies(self) -> bool:
        """A searching bot (ismc) answers next: it thinks for up to REPLY_SECONDS."""
        cp = self.state.current_player
        return (not self.state.is_over and cp is not None and not self.human(cp)
                and any(self.human(s) for s in range(len(self.seats)))
                and issubclass(BOTS[self.seats[cp]], MonteCarloBot))

    def human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == "human"

    def _bot_for(self, seat: int, until: float | None = None) -> Any:
        # Seeded by the game seed and the record length, so a position gets the same move (for a
        # searching bot: as long as its time is not up first, DECISION_SECONDS).
        n = len(self.state.record.actions)
        cls = BOTS[self.seats[seat]]
        seed = self.state.seed * 100_003 + n * 7 + seat
        if not issubclass(cls, MonteCarloBot):
            return cls(seed=seed)
        bot = cls(seed=seed, time_limit=DECISION_SECONDS)
        bot.until = until
        return bot

    def _run_bots(self) -> None:
        if not any(self.human(s) for s in range(len(self.seats))):
            return                                   # bots only: the reader steps them
        until = time.perf_counter() + REPLY_SECONDS
        while not self.state.is_over and not self.human(self.state.current_player):
            cp = self.state.current_player
            self.state.apply(self._bot_for(cp, until).choose(self.state))

    def _bot_step(self) -> None:
        if not self.state.is_over:
            cp = self.state.current_player
            self.state.apply(self._bot_for(cp, time.perf_counter() + REPLY_SECONDS).choose(self.state))
            self.refresh()

    def undo(self) -> None:
        """Back to before the last human action (bot replies go with it)."""
        actions = self.state.record.actions
        humans = [i for i, a in enumerate(actions) if self.human(a["player"])] or \
                 ([len(actions) - 1] if actions and not any(self.human(s) for s in range(len(self.seats))) else [])
        if not humans:
            self.message = t("nothing_to_undo", self.lang)
            self.refresh()
            return
        k = humans[-1]
        self.redo_stack = actions[k:] + self.redo_stack
        self.state = self.game.replay(self.state.record, upto=k)
        self.message = ""
        self.refresh()

    def redo(self) -> None:
        """Apply again what the last undo took back (exactly, bot replies included)."""
        if not self.redo_stack:
            self.message = t("nothing_to_redo", self.lang)
            self.refresh()
            return
        first = True
        while self.redo_stack and (first or not self.human(self.redo_stack[0]["player"])):
            self.state.apply(Action.from_dict(self.redo_stack.pop(0)))
            first = False
        self.message = ""
        self.refresh()

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        self.panel.set_lang(lang)
        self.why.set_lang(lang)
        self.tutor.set_lang(lang)
        self._sync_lang()
        for w, key in ((self.new_btn, "new_game"), (self.undo_btn, "undo"), (self.redo_btn, "redo"),
                       (self.save_btn, "save"), (self.load_btn, "load"), (self.bot_btn, "bot_moves"),
                       (self.upload, "upload")):
            w.description = t(key, lang)
        self.seed_box.description, self.path_box.description = t("seed", lang), t("path", lang)
        self.guard.value = guard_html(self.classroom.browser_bytes, lang)
        self._confirm = None
        self.open_box.description = t("open_hands", lang)
        for i, key in enumerate(("log", "graph", "save")):
            self.tabs.set_title(i, t(key, lang))
        self.refresh()

    # ----- save and load -------------------------------------------------------------------------------
    def _no_paths(self) -> None:
        if self.app:
            raise ValueError("in the classroom app files are uploaded and downloaded, never read or "
                                  "written on the server")

    def save(self, path: str) -> None:
        """Write the record to ``path``; an existing file is replaced only by a second Save."""
        self._no_paths()
        p = pathlib.Path(path)
        lang, shown = self.lang, html.escape(str(path))
        if p.exists() and self._confirm != str(path):
            self._confirm = str(path)
            self.file_note.value = wrap(f"<div class='ttr-note'>{t('exists', lang, path=shown)}</div>")
            return
        self._confirm = None
        try:
            p.write_text(self.state.record.to_json(indent=1), encoding="utf-8")
        except OSError as exc:
            raise DataError(path, t("cannot_write", lang, path=path, why=exc.strerror or type(exc).__name__)) from None
        self.file_note.value = wrap(f"<div class='ttr-note'>{t('saved', lang, path=shown)}</div>")

    def load(self, path: str) -> None:
        self._no_paths()
        try:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_BYTES + 1)      # capped: /dev/zero must not fill the memory
        except OSError as exc:
            raise DataError(path, t("cannot_read", self.lang, path=path,
                                    why=exc.strerror or type(exc).__name__)) from None
        self.load_record(precheck(raw, str(path), MAX_BYTES, self.lang), source=str(path))

    def load_record(self, record: Any, source: str = "record") -> None:
        """Replace the game by a record's; a broken record raises DataError and changes nothing."""
        state = self.game.replay(record, source=source)   # raises before anything is replaced
        if state.players != len(self.seats):
            raise DataError(source, f"the record is for {state.players} players, this table has {len(self.seats)}")
        self.state = state
        self.seed_box.value = str(state.seed)
        self.redo_stack = []
        self.revealed = None
        self.message = ""
        note = t("loaded", self.lang, n=len(state.record.actions), path=html.escape(source))
        self.file_note.value = wrap(f"<div class='ttr-note'>{note}</div>")
        self.refresh()

    def _uploaded(self) -> None:
        files = self.upload.value
        if not files:
            return
        f = files[0]
        name = (str(f.get("name", "upload")) if isinstance(f, dict) else "upload")[:80]
        try:
            content = f["content"] if isinstance(f, dict) and "content" in f else b""
            cap = self.classroom.upload_bytes if self.app else MAX_BYTES
            text = precheck(content, name, cap, self.lang)      # size first: nothing is copied
        finally:
            self.upload.value = ()                # so the same file can be uploaded again
        self.load_record(text, source=name)

    # ----- callbacks (WidgetBase._safe): a failed one leaves the game as it was ---------------------------
    def _checkpoint(self) -> str | None:
        return self.state.record.to_json() if hasattr(self, "state") else None

    def _rollback(self, saved: str | None) -> None:
        if saved is not None and self.state.record.to_json() != saved:
            self.state = self.game.replay(saved)

    def _show_error(self, exc: BaseException | None) -> None:
        if exc is None:                           # a new callback: old notes go
            self.error.value = ""
            self.file_note.value = ""
            self.message = ""
            return
        if self._files_call:                      # shown next to the file controls that failed
            self.file_note.value = wrap(error_text(exc, self.lang))
        else:
            self.error.value = error_text(exc, self.lang)
        self.refresh()

    def _safe_files(self, fn: Any, *args: Any) -> Any:
        if self._busy:                            # a double click, or the upload box being reset
            return None
        self._files_call = True
        try:
            return self._safe(fn, *args)
        finally:
            self._files_call = False

    def _on_action(self, action: Action) -> None:
        # A button of a panel already replaced (a double click, a click in flight while the
        # table redrew) is ignored: its action belongs to a position that is gone.
        if any(a is action for a in self._gone) and not any(a is action for a in self._shown):
            return
        if is_concession(self.game, action) and self._concede != action.key:
            self._safe(self._ask_concede, action)   # giving up applies only on a second press
            return
        self._safe(self.apply, action)

    def _ask_concede(self, action: Action) -> None:
        self._concede = action.key
        self.message = html.escape(t("concede_confirm", self.lang, action=full_text(self.game, action, self.lang)))
        self.refresh()
        self._concede = action.key                  # refresh() keeps it for exactly this press

    def _guide_html(self, view: dict) -> str:
        """What the human seat to move may do now and a low-deck warning (guide.guide_html)."""
        if self.hidden_between_turns():
            return ""
        acts = self.state.legal_actions() if self.human(self.state.current_player) else None
        return guide_html(self.game, acts, view, self.viewer(), self.lang)

    def _open_hands(self, value: bool) -> None:
        if value and not self.allow_open_hands:     # a box hidden by the teacher stays off
            self.open_box.value = False
            return
        self.refresh()

    def _reveal(self) -> None:
        self.revealed = self.state.current_player
        self.refresh()

    # ----- drawing ----------------------------------------------------------------------------------
    def viewer(self) -> int | None:
        """Whose eyes the board uses: None (referee) with open hands, else a human seat."""
        if self.open_box.value:
            return None
        cp = self.state.current_player
        if self.human(cp):
            return cp
        humans = [s for s in range(len(self.seats)) if self.human(s)]
        return humans[0] if humans else None

    def hidden_between_turns(self) -> bool:
        """Hot-seat: a new human seat must confirm before its side is shown."""
        humans = [s for s in range(len(self.seats)) if self.human(s)]
        cp = self.state.current_player
        return (len(humans) > 1 and not self.open_box.value and self.human(cp) and self.revealed != cp)

    def names(self) -> dict[int, str]:
        v = self.viewer()
        alone = self.seats.count("human") == 1
        lang = self.lang
        return {s: (t("you", lang) if s == v and self.human(s) and alone
                    else t("human", lang) if self.human(s)
                    else t("bot_named", lang, name=bot_name(self.seats[s], lang)))    # "bot: random", "电脑（随机）"
                for s in range(len(self.seats))}

    def status_line(self) -> str:
        """Whose turn, which phase and step, and who is waited for: "Seat 1's attack phase ›
        Move window · Seat 0 (you) may move" (the step once when it is the phase's own name)."""
        st, lang, flow = self.state, self.lang, self.game.flow
        phase = flow.phase_label(flow.phase_of(st.phase), lang)
        step = flow.label(st.phase, lang)
        turn = getattr(st, "turn_player", None)
        if isinstance(turn, int) and len(self.seats) > 1 and flow.phase_of(st.phase) != "setup":
            phase = status_word("owned", lang, seat=seat_word(self.game, turn, lang), phase=lower_first(phase, lang))
        where = html.escape(phase) + (f" › {html.escape(step)}" if step and step != flow.phase_label(
            flow.phase_of(st.phase), lang) else "")
        cp = st.current_player
        who = self.names()[cp]
        seat = seat_word(self.game, cp, lang)
        if st.choices:
            waits = status_word("asks", lang, seat=seat, who=who, prompt=st.choices[-1].describe(lang))
        else:
            waits = status_word("may_move", lang, seat=seat, who=who)
        return f"<b>{where}</b> · {html.escape(waits)}"

    def ending(self) -> str:
        """Who won ("Seat 0 and Seat 2 win"), who lost when nobody won (a solo loss is a loss,
        never a draw: ``winners == ()`` and ``losers == (0,)``), else a draw."""
        st, lang = self.state, self.lang
        losers = getattr(st, "losers", None) or ()
        seats = st.winners or losers
        if not seats:
            return t("draw", lang)
        texts = getattr(self.game, "texts", None)
        names = [seat_word(self.game, s, lang) for s in seats]
        joined = texts.join(names, lang) if texts is not None else " & ".join(names)
        key = ("win" if st.winners else "lose") + ("1" if len(seats) == 1 else "2")
        return status_word(key, lang, seats=joined)

    def refresh(self) -> None:
        st, lang = self.state, self.lang
        self._concede = None                       # a pending concession lapses with any redraw
        seat = self.viewer()
        view = st.view(seat)                       # one view per redraw: the board and the guide read it
        bits = [f"<b>{html.escape(pick(self.game.title, lang))}</b> · {t('seed', lang)} {st.seed}"]
        if st.is_over:
            who = self.ending()
            result = st.describe_result(lang) if hasattr(st, "describe_result") else st.result
            over = f"<div class='ttr-banner'>{banner(who, result, lang)}</div>"
        else:
            bits.append(self.status_line())
            over = self._guide_html(view)
        extra = ""
        if self.classroom.problem:                # a broken settings file: the teacher reads why
            extra += f"<div class='ttr-note'>{html.escape(self.classroom.problem)}</div>"
        if self.message:
            extra += f"<div class='ttr-note'>{self.message}</div>"
        extra += self.error.value
        self.status.value = scoped(" · ".join(bits) + over + extra)
        hide = self.hidden_between_turns()
        if hide:
            self.board.show(scoped(f"<div class='ttr-note'>{t('pass_device', lang, seat=st.current_player)}</div>"),
                            st, None, [], lang)
            self.reveal_btn.description = t("show_hand", lang, seat=st.current_player)
            self.actions_box.children = [self.reveal_btn]
        else:
            mover = self.human(st.current_player) and not st.is_over
            acts = st.legal_actions() if mover else []
            self.board.show(scoped(board_html(self.game, view, seat, lang, self.names())), st, st.current_player,
                            acts, lang)
            if st.is_over:
                self.actions_box.children = []
            elif mover:
                self.panel.show(acts, st)              # reuses its controls (ActionPanel.show)
                self.board.mark_list(self.panel)
                self._gone, self._shown = self._shown, acts
                rows: list[Any] = [self.panel.widget]
                if self.why.update(st, st.current_player):
                    rows.append(self.why.widget)
                if list(self.actions_box.children) != rows:
                    self.actions_box.children = rows
            else:
                self.actions_box.children = [self.bot_btn]
        humans = any(self.human(s) for s in range(len(self.seats)))
        record = st.record                         # built once a redraw (it copies every action)
        self.undo_btn.disabled = not any(self.human(a["player"]) or not humans for a in record.actions)
        self.redo_btn.disabled = not self.redo_stack
        # Between hot-seat turns nobody's private lines may show: the log reads as an onlooker's
        # (seat -1 is no seat, so every hidden event gives its public text).
        self.log.value = self._log_html(None if self.open_box.value else (-1 if hide else seat))
        self._draw_graph()
        rec = base64.b64encode(record.to_json().encode()).decode()
        self.download.value = (f"<a download='{self.game.id}-seed{st.seed}.json' "
                               f"href='data:application/json;base64,{rec}'>{t('download', lang)}</a>")

    def show_move(self, action: Action) -> tuple[str, ...]:
        """Light ``action``'s board elements (a hint), nothing played; their refs, () for none."""
        return self.board.show_move(action)

    def static_html(self) -> str:
        return CSS + str(self.board.value)    # the board with its CSS, for a page that runs no kernel

    def _draw_graph(self) -> None:
        # Drawn only while its tab is open: a new picture costs a layout run (tens of ms).
        if self.show_graph and self.tabs.selected_index == 1:
            self.graph.value = self._graph_html()

    def _log_html(self, seat: int | None) -> str:
        """The latest events, newest first; each line opens the clause it cites. A line once
        written is kept (by event, seat and language): a click adds a few events, and writing
        80 sentences again was most of a redraw."""
        cache, lang = self._log_cache, self.lang
        if len(cache) > 4 * LOG_LINES:
            cache.clear()
        rows = []
        for ev in self.state.log[-LOG_LINES:][::-1]:
            key = (id(ev), seat, lang)
            hit = cache.get(key)
            if hit is None or hit[0] is not ev:
                hit = cache[key] = (ev, clause_html(self.game, ev.clause, lang,
                                                    html.escape(event_text(self.game, ev, seat, lang))))
            rows.append(hit[1])
        return scoped(f"<div class='ttr-log'>{''.join(rows)}</div>")

    def _graph_html(self) -> str:
        last = None
        for ev in reversed(self.state.log):
            if ev.kind == "phase":
                last = (ev.data["from"], ev.data["to"])
                break
        key = (self.state.phase, last, self.lang)
        if key not in self._svg_cache:
            self._svg_cache[key] = graph_html(self.game, self.state, self.lang, style={"visited": {}, "previous": {}})
        return self._svg_cache[key]

    def click_latency(self, n: int = 30) -> list[float]:
        """Seconds per click (apply + redraw) over ``n`` clicks of the first listed action."""
        out = []
        for _ in range(n):
            if self.state.is_over or not self.human(self.state.current_player):
                break
            acts = self.state.legal_actions()
            t0 = time.perf_counter()
            self._on_action(acts[len(acts) // 2])
            out.append(time.perf_counter() - t0)
        return out

