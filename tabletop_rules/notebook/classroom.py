"""Classroom settings (issues 33.8 and 40.4): what a teacher sets for every table app a Voila
server runs, kept in the one file that the README's Voila command reads.

Voila reads ``voila.json`` from the folder it is started in (the clone's root, in the README's
commands): its ``MappingKernelManager`` section culls idle kernels and its
``Voila.tornado_settings`` raise the websocket's message cap for uploads. The kit's own settings
sit in the same file under ``"TabletopRules"``; a table app's kernel finds that file as the
nearest ``voila.json`` at or above the notebook's folder (Voila starts each kernel there)::

    "TabletopRules": {"bot": "ismc", "open_hands": false, "seed": "random", "upload_mb": 20}

- ``bot``: the bot a student plays against at every app table: ``"ismc"`` (the recommended
  one, which searches from its own seat's view only, with the table's time budget) or
  ``"random"`` (a beginner's opponent). Absent: the seats each app notebook names (``ismc``).

- ``open_hands``: may students tick "Open hands" (see every seat's cards)? The server's
  ``TTR_OPEN_HANDS`` environment variable, when set, still decides first.
- ``seed``: ``"random"`` deals every page its own game; a whole number deals the whole class
  that one game (the seed box shows it either way, and "New game" deals a fresh one).
- ``upload_mb``: the largest record a student may upload, 1 to 20 MB. The browser refuses a
  larger file before sending it, and also one larger than the server's websocket takes in one
  message (``Voila.tornado_settings.websocket_max_message_size`` in the same file; tornado's
  default, 10 MiB, where no file says): such a message closed the kernel's connection without
  a word (issue 33.6).

A broken file never stops a class: the tables use the defaults and say what is wrong with it
(the file, the entry and the field).
"""
from __future__ import annotations

import json
import os
import pathlib
import secrets
from typing import Any, NamedTuple

from ..core.records import MAX_BYTES

CONFIG_NAME = "voila.json"
SECTION = "TabletopRules"
SEED_MAX = 2**31 - 1
MAX_CONFIG_BYTES = 64_000          # a settings file, not a data set
UP_LEVELS = 6                      # notebooks/zh/apps/ is three levels below the clone's root
UPLOAD_MB_MAX = MAX_BYTES // 1_000_000
# The bots a teacher may seat (core/bots.py): "monte-carlo" peeks at hidden cards, no opponent for a class.
CLASS_BOTS = ("ismc", "random")
WS_DEFAULT = 10 * 1024 * 1024      # tornado's websocket_max_message_size when nothing raises it
WS_OVERHEAD = 64 * 1024            # the widget message around an uploaded file's bytes

# Its sentences (class_config, upload_too_big) are interface words: data/_ui/texts.yaml.


class Classroom(NamedTuple):
    """The settings a table app reads. ``problem`` says why a file was not used (or None)."""

    open_hands: bool = True
    bot: str | None = None         # None: the seats the app notebook names
    seed: int | None = None        # None: a fresh random seed per table
    upload_mb: int = UPLOAD_MB_MAX
    ws_max: int = WS_DEFAULT       # the server's websocket message cap, as the file sets it
    path: str | None = None
    problem: str | None = None

    @property
    def upload_bytes(self) -> int:
        """The largest upload the kernel accepts (app mode)."""
        return self.upload_mb * 1_000_000

    @property
    def browser_bytes(self) -> int:
        """The largest file the browser sends: what the kernel accepts and the websocket carries."""
        return min(self.upload_bytes, self.ws_max - WS_OVERHEAD)


def fresh_seed() -> int:
    """A new random seed for a table (each student's page gets its own deal)."""
    return secrets.randbelow(SEED_MAX + 1)


def find_config(start: str | os.PathLike[str] | None = None) -> pathlib.Path | None:
    """The nearest ``voila.json`` at or above ``start`` (default: the working folder, which for a
    kernel Voila started is the app notebook's folder), at most ``UP_LEVELS`` folders up."""
    here = pathlib.Path(start or os.getcwd()).resolve()
    for folder in [here, *here.parents][: UP_LEVELS + 1]:
        candidate = folder / CONFIG_NAME
        if candidate.is_file():
            return candidate
    return None


def _setting_error(entry: str, field: str, why: str) -> ValueError:
    return ValueError(f"{entry} › {field}: {why}" if field else why)


def parse_section(data: Any, path: pathlib.Path | str) -> Classroom:
    """The kit's section of a parsed ``voila.json``; a wrong value raises ValueError naming the
    entry and the field."""
    if not isinstance(data, dict):
        raise _setting_error("", "", "the file is not a JSON object")
    section = data.get(SECTION, {})
    if not isinstance(section, dict):
        raise _setting_error("", "", f"{SECTION} is not an object")
    unknown = sorted(set(section) - {"bot", "open_hands", "seed", "upload_mb"})
    if unknown:
        raise _setting_error(SECTION, str(unknown[0])[:40], "not a setting (bot, open_hands, seed, upload_mb)")
    bot = section.get("bot")
    if bot is not None and bot not in CLASS_BOTS:
        raise _setting_error(SECTION, "bot", " or ".join(f'"{b}"' for b in CLASS_BOTS))
    open_hands = section.get("open_hands", True)
    if not isinstance(open_hands, bool):
        raise _setting_error(SECTION, "open_hands", "true or false")
    seed = section.get("seed", "random")
    if seed == "random":
        seed = None
    elif not (type(seed) is int and 0 <= seed <= SEED_MAX):
        raise _setting_error(SECTION, "seed", f'"random" or a whole number from 0 to {SEED_MAX}')
    upload_mb = section.get("upload_mb", UPLOAD_MB_MAX)
    if not (type(upload_mb) is int and 1 <= upload_mb <= UPLOAD_MB_MAX):
        raise _setting_error(SECTION, "upload_mb", f"a whole number of MB from 1 to {UPLOAD_MB_MAX}")
    tornado = data.get("Voila", {}).get("tornado_settings", {}) if isinstance(data.get("Voila"), dict) else {}
    ws_max = tornado.get("websocket_max_message_size", WS_DEFAULT) if isinstance(tornado, dict) else WS_DEFAULT
    if not (type(ws_max) is int and ws_max > WS_OVERHEAD):
        raise _setting_error("Voila › tornado_settings", "websocket_max_message_size",
                             f"a whole number of bytes above {WS_OVERHEAD:,}")
    return Classroom(open_hands, bot, seed, upload_mb, ws_max, str(path))


def load_classroom(path: str | os.PathLike[str] | None = None, lang: str = "en") -> Classroom:
    """The classroom settings from ``path`` (default: ``find_config()``); no file gives the
    defaults, a broken one the defaults and a sentence (``problem``) naming what is wrong."""
    from .i18n import t

    found = pathlib.Path(path) if path is not None else find_config()
    if found is None:
        return Classroom()
    try:
        with open(found, "rb") as fh:
            raw = fh.read(MAX_CONFIG_BYTES + 1)
        if len(raw) > MAX_CONFIG_BYTES:
            raise ValueError(f"larger than {MAX_CONFIG_BYTES:,} bytes")
        return parse_section(json.loads(raw.decode("utf-8-sig")), found)
    except (OSError, ValueError, RecursionError) as exc:
        why = (exc.strerror or type(exc).__name__) if isinstance(exc, OSError) else str(exc)[:200]
        return Classroom(path=str(found), problem=t("class_config", lang, path=found.name, why=why))


# ----- the browser's size check (issue 33.6) -------------------------------------------------------------
# ipywidgets' FileUpload sends the whole file in one websocket message, and a message over the
# server's cap closes the connection without a word. Its file input is never put in the page, so
# a check must be bound to the input itself: the first time any file input is opened, a "change"
# listener (capturing, so it runs before the widget's own) is added; for a file larger than the
# table allows it stops the event, so nothing is sent, and writes the sentence beside the
# table's file controls. The script runs from an HTML widget (an image that fails to load).
_GUARD_JS = (
    "var w=window;if(!w.ttrUploadGuard){w.ttrUploadGuard=1;var last=null;"
    "document.addEventListener('click',function(e){var u=e.target.closest&&e.target.closest('.widget-upload');"
    "if(u)last=u;},true);"
    "var click=HTMLInputElement.prototype.click;HTMLInputElement.prototype.click=function(){"
    "if(this.type==='file'&&!this.ttrGuarded){this.ttrGuarded=1;var inp=this;"
    "inp.addEventListener('change',function(ev){var root=last&&last.closest('.ttr-playtable');"
    "var g=root&&root.querySelector('.ttr-upload-guard [data-cap]');var f=inp.files&&inp.files[0];"
    "if(!g||!f||f.size<=+g.dataset.cap)return;ev.stopImmediatePropagation();inp.value='';"
    "var note=root.querySelector('.ttr-upload-note .widget-html-content');if(!note)return;"
    "var d=document.createElement('div');d.className='ttr-error';"
    "d.textContent=g.dataset.head+': '+g.dataset.msg.replace('{name}',f.name.slice(0,80))"
    ".replace('{size}',(f.size/1e6).toFixed(1));note.textContent='';note.appendChild(d);},true);}"
    "return click.apply(this,arguments);};}"
)


def guard_html(cap: int, lang: str) -> str:
    """The HTML that arms the browser's size check for one table (its cap and sentence)."""
    from html import escape

    from .i18n import t

    msg = t("upload_too_big", lang, name="{name}", size="{size}", mb=f"{cap / 1e6:.1f}")
    return (f"<img alt='' src='data:,' style='display:none' data-cap='{cap}' "
            f"data-head='{escape(t('error', lang))}' data-msg='{escape(msg)}' "
            f"onerror=\"{escape(_GUARD_JS)}\">")
