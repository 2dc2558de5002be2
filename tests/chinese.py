"""What the Chinese-text tests share: finding an English sentence in a text meant to be Chinese."""
from __future__ import annotations

import re
from typing import Any

# Words joined by spaces, commas or apostrophes; a hyphenated or underscored name (a ruling id,
# a deck id) is one token, not a sentence.
ENGLISH_RUN = re.compile(r"(?<![\w-])[A-Za-z]+(?:[ ,']+[A-Za-z]+){2,}(?![\w-])")
CLAUSE_ID = re.compile(r"\b[A-Z]{2,3}-[0-9][0-9.]*[a-z]?\b")
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
