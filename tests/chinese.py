"""What the Chinese-text tests share: finding an English sentence in a text meant to be Chinese."""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

# Words joined by spaces, commas or apostrophes; a hyphenated or underscored name (a ruling id,
# a deck id) is one token, not a sentence.
ENGLISH_RUN = re.compile(r"(?<![\w-])[A-Za-z]+(?:[ ,']+[A-Za-z]+){2,}(?![\w-])")
# a clause id, also right after a Han character (见BF-5.2)
CLAUSE_ID = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2,3}-[0-9][0-9.]*[a-z]?(?![A-Za-z0-9])")
CODE = re.compile(r"```.*?```|`[^`]*`|https?://\S+|<[^>]+>", re.S)


def english_in(game: Any, text: str) -> str | None:
    """The first English sentence (three or more English words in a row) in a text meant to be
    Chinese, once card names, clause ids, code, links, tags and bracketed keywords are set
    aside (None: there is none). ``game`` may be None (no card names to set aside)."""
    if game is not None:
        for card in game.cards.values():
            en = getattr(getattr(card, "name", None), "en", None)
            if en and en in text:
                text = text.replace(en, " ")
    text = CODE.sub(" ", text)
    text = re.sub(r"\[[^\]]*\]|【[^】]*】", " ", CLAUSE_ID.sub(" ", text))
    m = ENGLISH_RUN.search(text)
    return m.group(0) if m else None


# ---------------------------------------------------------------------------------------------------
# Issue 34: one script and one vocabulary on every screen. The helpers below are shared by
# tests/test_vocabulary.py (the term, script and English tests) and tests/test_translations.py
# (the copying guard).

@functools.cache
def _opencc() -> Any:
    from opencc import OpenCC  # opencc-python-reimplemented (the test extra): OpenCC's own dictionaries

    return OpenCC("t2s")


def t2s(text: str) -> str:
    """Traditional to Simplified with OpenCC's phrase-aware t2s (乾坤 stays 乾坤, 乾燥 -> 干燥)."""
    return _opencc().convert(text)


# Characters OpenCC's character table changes that are also Simplified characters in some words,
# with the reason. In running text the phrase table decides (乾坤 stays, 乾燥 -> 干燥); only the
# character-level set below (and a text whose conversion changed length) needs them.
SIMPLIFIED_TOO: dict[str, str] = {"乾": "乾坤 (heaven and earth, 乾坤道袍) is written so in Simplified too"}
# Japanese forms OpenCC leaves alone but no Simplified text uses: 呪 (Japanese for 咒, in Blood
# Recall's 呪縛), and the like.
NOT_SIMPLIFIED: dict[str, str] = {"呪": "咒", "渇": "渴", "剣": "剑", "戦": "战", "闘": "斗", "縁": "缘"}


@functools.cache
def traditional_only() -> frozenset[str]:
    """Every character that is Traditional only: OpenCC's t2s character table changes it and it is
    no Simplified character (not a key of OpenCC's Simplified-to-Traditional table), plus the
    Japanese forms above; 4,100 characters, where the hand map this replaces had 200."""
    import os

    from opencc import opencc as _impl

    folder = os.path.join(os.path.dirname(_impl.__file__), "dictionary")

    def keys(name: str) -> set[str]:
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            return {line.split("\t", 1)[0] for line in f if line.strip()}

    simplified = keys("STCharacters.txt")
    trad = {c for c in keys("TSCharacters.txt") if len(c) == 1 and c not in simplified and t2s(c) != c}
    return frozenset((trad - set(SIMPLIFIED_TOO)) | set(NOT_SIMPLIFIED))


# Words a Chinese screen shows in another script on purpose, with the reason.
KEPT_WORDS: dict[str, str] = {
    "日本語": "the Japanese language's own name (the glossary's column 日语 日本語), as English is English",
}


def traditional_in(text: str) -> str:
    """The characters of ``text`` that are not Simplified (OpenCC t2s changes them in their
    phrase, or they are Japanese forms), sorted; "" when the text is all Simplified."""
    if not _HAN_ANY.search(text):
        return ""
    for word in KEPT_WORDS:
        text = text.replace(word, "、")
    conv = t2s(text)
    if len(conv) == len(text):
        found = {a for a, b in zip(text, conv) if a != b}
    else:                       # a phrase changed length: judge character by character
        found = {ch for ch in set(text) if ch in traditional_only()}
    found |= {ch for ch in text if ch in NOT_SIMPLIFIED}
    return "".join(sorted(found))


_HAN_ANY = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# a card code or section mark (JP03, 7a) is not a word: letters touching digits are left out
LATIN_WORD = re.compile(r"(?<![A-Za-z0-9_\u00c0-\u024f])[A-Za-z\u00c0-\u024f][A-Za-z\u00c0-\u024f'’]*"
                        r"(?:-[A-Za-z\u00c0-\u024f]+)*(?![A-Za-z0-9_\u00c0-\u024f])")
FILE_NAME = re.compile(r"(?<![\w-])[\w-]+\.(?:ipynb|csv|yaml|json|txt|md|py)(?![\w-])")


def latin_in(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The Latin words of a Chinese text, once the allowed names (glossary words, names kept in
    English, ...), code spans, links, tags and clause ids are set aside. Numbers and codes are not
    words; a single letter (a team "A 队", a stat letter with its legend, a source's item "a") is a
    label, not a word."""
    text = FILE_NAME.sub(" ", CLAUSE_ID.sub(" ", CODE.sub(" ", text)))    # a file is named as it is spelt
    for name in sorted({a for a in allowed if a}, key=len, reverse=True):
        if name in text:
            text = text.replace(name, " ")
    return [w for w in LATIN_WORD.findall(text) if len(w) > 1]


# What must never reach a reader in either language: a code expression or an engine id.
CODE_EXPR = re.compile(
    r"\[[a-z_]+=[^\]]*\]"                         # a condition's raw form: [card=ren-iron-vanguard]
    r"|(?<![A-Za-z0-9_])[a-z_]+\s*(?:>=|<=|==|!=)\s*\w+"       # a comparison: attacks >= 1
    r"|(?<![A-Za-z0-9_])[a-z]+(?:_[a-z0-9]+)+(?![A-Za-z0-9_])"   # a snake_case id: first_turn_link_attack
    r"|\{[a-z_][a-z_0-9]*(?::[^{}]*)?\}"          # a template field left unfilled: {card}
    r"|(?<![A-Za-z])uids?(?![A-Za-z])|<Say\b|\bSay\(|\bAction\("   # an engine uid or an object's repr
)


def code_in(text: str, ids: Iterable[str] = ()) -> list[str]:
    """Code expressions and engine ids (card, deck or option ids given in ``ids``) in a reader's
    text; [] when there is none. Links and tags are set aside."""
    # links, tags, and a data file a clause's source cites (C hero_skills.csv) as a clause id is cited
    text = FILE_NAME.sub(" ", re.sub(r"https?://\S+|<[^>]+>", " ", text))
    found = [m.group(0) for m in CODE_EXPR.finditer(text)]
    for i in ids:
        if "-" in i and re.search(r"(?<![\w-])" + re.escape(i) + r"(?![\w-])", text):
            found.append(i)
    return found
