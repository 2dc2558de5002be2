"""One search over the rules of every game: clauses, rulings and glossary terms, in English,
Chinese and Japanese.

Each game's data is turned once into a flat index of *entries* (what a hit opens: game, kind,
id) with *names* (short fields: ids, glossary words, clause titles) and *texts* (clause text,
ruling question and answer, a term's note). A query is matched against them and ranked by how
well it matches, best first:

    0  exact: a glossary word, a clause or ruling id, a clause title   (soulguard; a clause id)
    1  prefix of a name                                                ("soulg", "BF-6")
    2  a later word of a name starting with the query                  ("phase" in "attack phase")
    3  inside a name
    4  a text word starting with the query                              (English word starts)
    5  inside a text
    6  every word of a several-word query somewhere in the entry

Ties go to glossary terms, then clauses, then rulings (a term is the shortest answer to "what
does this word mean"), then to the shorter field, then to file order. Matching ignores case and
width (NFKC: full-width Latin letters and half-width kana match their usual forms). Standard
library only; the games are loaded by the caller or, for ``games=None``, through
``tabletop_rules.load_game``.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

KINDS = ("term", "clause", "ruling")
LANGS = ("en", "zh", "ja")
_KIND_ORDER = {k: i for i, k in enumerate(KINDS)}
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f]")
_KANA = re.compile(r"[\u3040-\u30ff\uff66-\uff9f]")
_WORD = re.compile(r"[a-z0-9]")


# Traditional Chinese and Japanese forms of common characters -> the simplified form, so that a
# query typed in one script finds a game written in another (Blood Recall's translation is in
# traditional characters; a reader may type simplified ones, or the Japanese 撃 for 击).
# Pairs: each traditional / Japanese character followed by its simplified one.
_FOLD_PAIRS = (
    "擊击撃击區区階阶戰战戦战約约覺觉覚觉側侧繼继継继脈脉氣气気气話话難难傷伤敗败護护衛卫靈灵霊灵獸兽龍龙竜龙連连攜携貫贯張张場场棄弃獲获勝胜負负點点數数無无對对対对們们這这個个時时後后開开關关發发"
    "発发動动應应応应態态體体術术藝艺芸艺強强還还憶忆盤盘竪竖豎竖與与復复複复狀状輪轮順顺聖圣災灾級级終终書书讀读読读選选擇择択择屬属類类給给補补殺杀紅红號号鬥斗闘斗爭争稱称鐵铁剣剑劍剑將将軍军變变"
    "変变現现實实実实際际歷历經经経经過过產产為为於于會会來来見见說说説说讓让從从頭头錢钱寶宝貝贝費费買买賣卖売卖進进運运達达遠远邊边辺边處处処处緣缘絕绝絶绝統统總总総总線线練练組组織织結结續续続续"
    "紀纪純纯細细維维網网羅罗義义習习聯联聲声職职臺台舊旧藥药薬药衝冲裝装製制覽览觀观観观計计記记許许設设試试詞词認认語语誤误論论謎谜豐丰貨货質质購购贏赢躍跃車车較较載载輸输辦办農农遊游鄉乡醫医釋释"
    "釈释針针銀银鋒锋錄录録录鍵键鎖锁長长門门閃闪間间陣阵陰阴陽阳隊队隨随険险險险隻只雙双雜杂離离電电靜静響响頁页項项預预領领題题顏颜願愿顯显風风飛飞飲饮餘余馬马驗验験验魚鱼鳥鸟齊齐龜龟亀龟擋挡獻献"
    "覇霸軸轴壓压圧压滅灭減减際际漢汉語语"
)
_FOLD = str.maketrans({_FOLD_PAIRS[i]: _FOLD_PAIRS[i + 1] for i in range(0, len(_FOLD_PAIRS) - 1, 2)})


def norm(text: str | None) -> str:
    """Case- and width-folded text (what matching compares); traditional and Japanese forms of
    common characters are folded to the simplified form."""
    return unicodedata.normalize("NFKC", text or "").casefold().strip().translate(_FOLD)


def query_lang(query: str) -> str:
    """The language a query is written in: kana -> ja, other CJK -> zh, else en."""
    if _KANA.search(query):
        return "ja"
    return "zh" if _CJK.search(query) else "en"


@dataclass
class Entry:
    game: str
    kind: str
    id: str
    order: int
    names: list[tuple[str, str, str]] = field(default_factory=list)   # (lang or "", field, folded text)
    texts: list[tuple[str, str, str]] = field(default_factory=list)
    shown: dict[str, str] = field(default_factory=dict)               # lang -> title to show
    raw: dict[str, str] = field(default_factory=dict)                 # field -> original text


@dataclass(frozen=True)
class Hit:
    """One search result: what it opens (``game``, ``kind``, ``id``), how it reads, how it matched."""

    game: str
    kind: str
    id: str
    title: str
    snippet: str
    rank: int
    field: str

    @property
    def opens(self) -> tuple[str, str, str]:
        return (self.game, self.kind, self.id)

    def open(self, game: Any = None) -> Any:
        """The clause, ruling or term this hit names (``game``: the loaded game, else loaded here)."""
        if game is None:
            import tabletop_rules

            game = tabletop_rules.load_game(self.game)
        if self.kind == "clause":
            return game.rules.clause(self.id)
        if self.kind == "ruling":
            return game.ruling(self.id)
        return game.glossary.term(self.id)


_INDEX: dict[tuple[str, int], list[Entry]] = {}


def _add(e: Entry, bucket: str, lang: str, name: str, text: str | None) -> None:
    if text:
        getattr(e, bucket).append((lang, name, norm(text)))
        e.raw[name] = text


def index(game: Any) -> list[Entry]:
    """The game's entries (built once per loaded game)."""
    key = (game.id, id(game))
    if key in _INDEX:
        return _INDEX[key]
    out: list[Entry] = []
    for i, t in enumerate(game.glossary):
        e = Entry(game.id, "term", t.id, i)
        _add(e, "names", "", "id", t.id)
        for lang in LANGS:
            _add(e, "names", lang, lang, getattr(t, lang))
        _add(e, "texts", "en", "note", t.note)
        if t.note_zh:
            _add(e, "texts", "zh", "note_zh", t.note_zh)
        words = " / ".join(w for w in (t.zh, t.ja) if w)
        e.shown = {"en": f"{t.en} ({words})", "zh": f"{t.zh} ({' / '.join(w for w in (t.ja, t.en) if w)})"}
        e.shown["ja"] = f"{t.ja or t.zh} ({t.en})"
        out.append(e)
    for i, c in enumerate(game.rules):
        e = Entry(game.id, "clause", c.id, i)
        _add(e, "names", "", "id", c.id)
        _add(e, "names", "en", "title.en", c.title.en)
        _add(e, "names", "zh", "title.zh", c.title.zh)
        _add(e, "texts", "en", "text.en", c.text.en)
        _add(e, "texts", "zh", "text.zh", c.text.zh)
        e.shown = {"en": f"{c.id} {c.title.en}", "zh": f"{c.id} {c.title.zh or c.title.en}"}
        out.append(e)
    try:
        rulings = list(game.rulings)
    except Exception:                 # a rulings file being edited must not hide the rules
        rulings = []
    for i, r in enumerate(rulings):
        e = Entry(game.id, "ruling", r.id, i)
        _add(e, "names", "", "id", r.id)
        for part in ("question", "answer"):
            text = getattr(r, part)
            _add(e, "texts", "en", f"{part}.en", text.en)
            _add(e, "texts", "zh", f"{part}.zh", text.zh)
        e.shown = {"en": f"{r.id}: {r.question.en}", "zh": f"{r.id}: {r.question.zh or r.question.en}"}
        out.append(e)
    _INDEX[key] = out
    return out


def _word_start(text: str, at: int) -> bool:
    return at == 0 or not _WORD.match(text[at - 1])


def _find_word_start(text: str, q: str) -> int:
    start = text.find(q)
    while start >= 0:
        if _word_start(text, start):
            return start
        start = text.find(q, start + 1)
    return -1


def _score(e: Entry, q: str, words: list[str], langs: set[str]) -> tuple[int, str, int] | None:
    """(rank, field, length of the field) of the entry's best match, or None."""
    best: tuple[int, str, int] | None = None

    def offer(rank: int, name: str, text: str) -> None:
        nonlocal best
        cand = (rank, name, len(text))
        if best is None or cand[0] < best[0] or (cand[0] == best[0] and cand[2] < best[2]):
            best = cand

    for lang, name, text in e.names:
        if lang and lang not in langs:
            continue
        if text == q:
            offer(0, name, text)
        elif text.startswith(q):
            offer(1, name, text)
        elif _find_word_start(text, q) > 0:
            offer(2, name, text)
        elif q in text:
            offer(3, name, text)
    if best is not None and best[0] <= 1:
        return best
    for lang, name, text in e.texts:
        if lang not in langs:
            continue
        if _find_word_start(text, q) >= 0:
            offer(4, name, text)
        elif q in text:
            offer(5, name, text)
    if best is None and len(words) > 1:
        for lang, name, text in e.texts:
            if lang in langs and all(w in text for w in words):
                offer(6, name, text)
    return best


def _snippet(raw: str, q: str, width: int = 90) -> str:
    text = " ".join(raw.split())
    at = norm(text).find(q) if q else -1
    if len(text) <= width:
        return text
    if at < 0:
        return text[:width].rstrip() + " …"
    start = max(0, at - width // 3)
    out = text[start:start + width].strip()
    return ("… " if start else "") + out + (" …" if start + width < len(text) else "")


def search(query: str, games: Iterable[Any] | None = None, lang: str | None = None,
           kinds: Iterable[str] | None = None, limit: int | None = 20) -> list[Hit]:
    """Search the clauses, rulings and glossary terms of ``games`` (default: every registered
    game). ``lang`` ("en", "zh" or "ja") matches only that language's fields and shows hits in
    it; by default every language is matched and hits are shown in the query's language."""
    if lang is not None and lang not in LANGS:
        raise ValueError(f"lang must be one of {LANGS}, got {lang!r}")
    wanted = set(KINDS if kinds is None else kinds)
    bad = wanted - set(KINDS)
    if bad:
        raise ValueError(f"unknown kinds {sorted(bad)} (known: {', '.join(KINDS)})")
    q = norm(query)
    if not q:
        return []
    if games is None:
        import tabletop_rules

        games = [tabletop_rules.load_game(g) for g in tabletop_rules.list_games()]
    shown_lang = lang or query_lang(query)
    langs = {lang} if lang else set(LANGS)
    words = q.split()
    scored = []
    for gi, game in enumerate(games):
        for e in index(game):
            if e.kind not in wanted:
                continue
            s = _score(e, q, words, langs)
            if s is not None:
                scored.append(((s[0], _KIND_ORDER[e.kind], s[2], gi, e.order), e, s[1]))
    scored.sort(key=lambda x: x[0])
    hits = []
    for key, e, name in scored[:limit]:
        title = e.shown.get(shown_lang) or e.shown.get("zh" if shown_lang == "ja" else "en") or e.shown["en"]
        hits.append(Hit(e.game, e.kind, e.id, title, _snippet(e.raw.get(name, ""), q), key[0], name))
    return hits


__all__ = ["KINDS", "LANGS", "Hit", "index", "norm", "query_lang", "search"]
