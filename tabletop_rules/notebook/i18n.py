"""The one catalogue of interface words (English and Simplified Chinese), and the helpers that
pick a game's own words by language.

Two kinds of words reach the screen:

- the kit's own interface words (buttons, headings, notes, the sentences of the ruling
  explorer, the command line's words): ``t(key, lang)``, from ``UI``, read from the data file
  ``data/_ui/texts.yaml`` (the only table of them in the kit: a new language adds words there,
  not code);
- game words (zones, numbers, keywords, card and phase names, clause titles, action kinds):
  from the game's data, never from a table here. ``term(game, id, lang)`` reads the game's
  glossary (``game.glossary``), ``pick`` a bilingual Text / Name, ``clause_title`` the rule
  book; phase names come from ``game.flow`` and action kinds from ``game.kind_label``.

A few words every card game has (hand, deck, rested, face down) are interface words too, for
the generic views; a game whose glossary has a term of the same id speaks with its own word.
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from ..core.datafile import DataError
from ..core.game import data_dir
from ..core.texts import CORE_TEXTS, LANGS, load_texts

# The interface words live in data/_ui/texts.yaml, one entry per key with every language beside the
# other ({en: ..., zh: ...}): read with the games' own checked loader (core/texts.py), so a key lacking
# a language, or whose languages name different fields, is a DataError naming the file and the key.
UI_FILE = data_dir("_ui") / "texts.yaml"


def _load_ui(path: Path = UI_FILE) -> dict[str, dict[str, str]]:
    """The interface words by language: ``{"en": {key: word}, "zh": {key: word}}``."""
    if not path.is_file():
        raise DataError(path, "file not found: the kit's interface words")
    texts = load_texts(path, None)
    words: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for key, pair in texts.templates.items():
        if key not in CORE_TEXTS:
            for lang in LANGS:
                words[lang][key] = pair[lang]
    return words


UI: dict[str, dict[str, str]] = _load_ui()

# The keys of a game's view that the terminal board names with an interface word.
VIEW_WORDS = frozenset({
    "hand_count", "turn", "turn_player", "first_player", "attacks", "round", "score", "points", "hp", "hp_max",
    "max_hp", "cleared", "dealt_count", "doll_hand_count", "spell_hand_count", "mirror_deck_count",
    "player_count", "pet_power", "team_pet_power", "monster_power", "trigger_power", "attack", "bonus", "count",
    "cost", "own_turns", "until", "owner", "player", "uid", "lineage_used", "upright", "sideways", "round_no",
    "hand", "deck", "piles", "rested", "used", "seat"})




def t(key: str, lang: str = "en", **kw: Any) -> str:
    """An interface word in ``lang`` (English when a translation is missing)."""
    text = UI.get(lang, UI["en"]).get(key) or UI["en"].get(key, key)
    return text.format(**kw) if kw else text


def has_word(key: str) -> bool:
    """Is ``key`` one of the interface words?"""
    return key in UI["en"]


def bot_name(name: str, lang: str = "en") -> str:
    """A bot of ``core.bots.BOTS`` by its interface word (``bot_random``); an unknown one by its id."""
    key = f"bot_{name}"
    return t(key, lang) if key in UI["en"] else name


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    return lang


def readable(name: str) -> str:
    """A name written for code (``end_main``, ``drop-zone``) as words: "End main"."""
    return name.replace("_", " ").replace("-", " ").capitalize()


def term(game: Any, tid: str, lang: str = "en", cap: bool = False) -> str:
    """A game word: the game's glossary term ``tid`` in ``lang`` (keyword ids written with
    ``_`` find the term written with ``-``); else the interface word of that id; else the id
    in readable form. ``cap``: first letter upper-case (headings, labels)."""
    glossary = getattr(game, "glossary", None)
    found = None
    if glossary is not None:
        found = glossary.get(tid) or (glossary.get(tid.replace("_", "-")) if "_" in tid else None)
    texts = getattr(game, "texts", None)
    if found is not None:
        text = found.zh if lang == "zh" and found.zh else found.en
    elif texts is not None and f"field.{tid}" in texts:
        # a field of the game's position that is no game term (issue 34): its title in texts.yaml
        text = str(texts.word(f"field.{tid}", lang))
    elif tid in UI["en"]:
        text = t(tid, lang)
    else:
        return readable(tid)
    return text[:1].upper() + text[1:] if cap else text


def view_word(game: Any, key: str, lang: str = "en") -> str:
    """A key of a game's view as a word (the terminal board): the game's glossary term, else
    one of the kit's words for numbers many views carry (``VIEW_WORDS``), else the key as words."""
    glossary = getattr(game, "glossary", None)
    if glossary is not None and (glossary.get(key) or glossary.get(key.replace("_", "-"))):
        return term(game, key, lang)
    texts = getattr(game, "texts", None)
    if texts is not None and f"field.{key}" in texts:      # the game's title for a field (issue 34)
        return str(texts.word(f"field.{key}", lang))
    if key in VIEW_WORDS:
        return t(key, lang)
    return key.replace("_", " ")


def pick(text: Any, lang: str) -> str:
    """A game's bilingual text (a Text/Name model or an {en, zh} dict) in ``lang``."""
    if text is None:
        return ""
    if isinstance(text, dict):
        return str((text.get("zh") if lang == "zh" else None) or text.get("en", ""))
    zh = getattr(text, "zh", None)
    return str(zh if lang == "zh" and zh else text.en)


def clause_title(game: Any, cid: str | None, lang: str) -> str:
    if not cid or cid not in game.rules:
        return cid or ""
    return f"{cid} {pick(game.rules.clause(cid).title, lang)}"


def columns(text: str) -> int:
    """Columns a line takes in a fixed-width font or a terminal (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


# ----- the game's sentences in a language (standard library only: the CLI uses them too) -----------
_NAMES: dict[str, tuple[re.Pattern[str] | None, dict[str, str]]] = {}


def localize(game: Any, text: str, lang: str) -> str:
    """English engine text with card names put in Chinese where the card data knows them."""
    if lang != "zh" or not text:
        return text
    if game.id not in _NAMES:
        pairs: dict[str, str] = {}
        for c in game.cards.values():
            name = getattr(c, "name", None)
            zh, en = getattr(name, "zh", None), getattr(name, "en", None)
            if zh and en:
                pairs[en] = zh
        names = sorted(pairs, key=len, reverse=True)
        rx = re.compile("|".join(re.escape(n) for n in names)) if names else None
        _NAMES[game.id] = (rx, pairs)
    rx, pairs = _NAMES[game.id]
    return rx.sub(lambda m: pairs[m.group(0)], text) if rx else text


def event_text(game: Any, ev: Any, seat: int | None, lang: str) -> str:
    """An event's sentence in ``lang`` as ``seat`` may read it: from the game's templates
    (``game.describe``); a literal English event (a game not yet converted) gets Chinese phase
    and card names where the data knows them (``localize``)."""
    if ev.says is not None:
        return str(game.describe(ev, lang, seat))
    if ev.kind == "phase" and {"from", "to"} <= set(ev.data) and lang != "en":
        try:
            return f"{game.flow.label(ev.data['from'], lang)} → {game.flow.label(ev.data['to'], lang)}"
        except KeyError:
            pass
    return localize(game, ev.describe(lang, seat), lang)


def action_text(game: Any, action: Any, lang: str) -> str:
    """An action's label in ``lang``: its template (``game.describe``) when it has one, else the
    English label with Chinese card names (``localize``)."""
    if getattr(action, "says", None) is not None:
        return str(game.describe(action, lang))
    return localize(game, str(action.label), lang)


# How a clause's source (which document and section it paraphrases: "R §7a note; D decision 3")
# reads in Chinese: the document letters and section marks stay, the few words sources use are
# put in Chinese, and English asides in brackets are left out (they are notes for editors).
# The few words sources use are interface words ``source_<word>`` (data/_ui/texts.yaml).
_SOURCE_WORDS = {k[len("source_"):]: v for k, v in UI["zh"].items() if k.startswith("source_") and k != "source"}


def source_text(source: str, lang: str) -> str:
    """A clause's or ruling's source as a reader of ``lang`` sees it."""
    if lang != "zh" or not source:
        return source
    text = re.sub(r"\s*[(（][^()（）]*[A-Za-z][^()（）]*[)）]", "", source)
    text = re.sub(r":\s*[^;]*[a-z]{2,}[^;]*", "", text)          # an English gloss after a colon
    text = re.sub(r"[\w-]+\.csv\b", "csv", text)                   # a card table's file: its word, source_csv
    text = re.sub(r"[A-Za-z]{2,}", lambda m: _SOURCE_WORDS.get(m.group(0).lower(), m.group(0)
                                                               if m.group(0).isupper() else ""), text)
    text = re.sub(r"\s+([;,])", r"\1", re.sub(r"[ \t]{2,}", " ", text)).strip(" ;,")
    return text or source
