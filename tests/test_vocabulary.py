"""One vocabulary per game and language, one script on Chinese screens, no code on any (issue 34).

- The term test: every text a reader sees in each language (clauses' titles and texts, rulings'
  questions, answers and notes, texts.yaml templates, flow labels, card names and texts, the kit's
  interface words, the notebooks' markdown of both editions, and a seeded game rendered at the
  play table) uses no *variant* of a glossary term: the words ``variants: {zh: [...], en: [...]}``
  of a term in the game's glossary.yaml, or in data/_ui/glossary.yaml for the words every game's
  screens share (record, bot, undo, the demo mark). A variant that stands inside a glossary word
  (the term's own or another term's, or a card name) is not a hit: 生命 inside 生命值 is the word.
- The script test: a seeded random game of each game rendered in Chinese (log, board HTML with
  its tooltips, status and prompts, buttons, "Why not?" and refused actions, result) and every
  Chinese notebook's markdown hold no character that is not Simplified (OpenCC t2s changes it in
  its phrase; the rule book's own forms, glossary ``zh_book``, only in the glossary's column and
  where a notebook quotes the book) and no Latin word apart from the glossary's Chinese words
  themselves (HP, EXP), names kept in English (``keep_en``), numbers, clause ids and code spans.
- The English test: the same game rendered in English shows no code expression and no engine id
  (``attacks [card=ren-iron-vanguard] >= 1``, a snake_case option id, a card id, a uid).
"""
from __future__ import annotations

import functools
import re
from typing import Any

import pytest
from chinese import code_in, latin_in, traditional_in
from reading import (
    GAMES,
    UNKNOWN_KIND,
    action_kinds,
    data_texts,
    markdown,
    notebook_games,
    notebook_lang,
    notebooks,
    rendered,
    ui_glossary,
    ui_texts,
)

import tabletop_rules as tr
from tabletop_rules.core.rulebook import Term


# ------------------------------------------------------------------------------------- the checks
class Vocabulary:
    """The variants of a set of glossaries, and the words a variant may stand inside."""

    def __init__(self, terms: list[Any], names: dict[str, set[str]] | None = None):
        names = names or {}
        self.rules: dict[str, list[tuple[str, str, list[str], re.Pattern]]] = {}
        for lang in ("en", "zh"):
            words = {w for t in terms if (w := getattr(t, lang, None))} | set(names.get(lang, ()))
            rules = []
            for t in terms:
                for v in getattr(t.variants, lang):
                    fold = v.lower() if lang == "en" else v
                    shields = sorted((w for w in words if w != v and fold in (w.lower() if lang == "en" else w)),
                                     key=len, reverse=True)
                    pat = (re.compile(r"(?<![A-Za-z])" + re.escape(v) + r"(?![A-Za-z])", re.I) if lang == "en"
                           else re.compile(re.escape(v)))
                    rules.append((t.id, v, shields, pat))
            self.rules[lang] = rules

    def hits(self, text: str, lang: str) -> list[str]:
        """``term-id: variant`` for every variant the text uses."""
        out = []
        for tid, v, shields, pat in self.rules[lang]:
            if not pat.search(text):
                continue
            rest = text
            for w in shields:
                rest = re.sub(re.escape(w), "\0", rest, flags=re.I) if lang == "en" else rest.replace(w, "\0")
            if pat.search(rest):
                out.append(f"{tid}: {v}")
        return out


def card_names(game: Any) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {"en": set(), "zh": set()}
    for card in game.cards.values():
        name = getattr(card, "name", None)
        for lang in out:
            w = getattr(name, lang, None) if name is not None and not isinstance(name, str) else None
            if isinstance(w, str) and w:
                out[lang].add(w)
    return out


@functools.cache
def vocabulary(game_id: str | None) -> Vocabulary:
    """A game's vocabulary with the shared words; None: the shared words alone."""
    if game_id is None:
        return Vocabulary(list(ui_glossary()))
    game = tr.load_game(game_id)
    return Vocabulary([*game.glossary, *ui_glossary()], card_names(game))


def allowed_latin(game: Any | None, board: bool = False) -> set[str]:
    """The Latin a Chinese screen may show: the Latin inside glossary words (HP, EXP, LvUP) and the
    game's Chinese title, names kept in English; on a board also a card's English name under its
    Chinese one (a card with no Chinese name is not let off)."""
    terms = [*ui_glossary(), *(game.glossary if game is not None else ())]
    out = {w for t in terms for w in re.findall(r"[A-Za-z][A-Za-z'-]*", t.zh)}
    out |= {t.en for t in terms if t.keep_en}
    if game is not None:
        out |= set(re.findall(r"[A-Za-z][A-Za-z'-]*", game.title.get("zh") or ""))
        if board:
            for card in game.cards.values():
                name = getattr(card, "name", None)
                if getattr(name, "zh", None) and getattr(name, "en", None):
                    out.add(name.en)
    return out


def engine_ids(game: Any) -> set[str]:
    return set(game.cards) | set(getattr(game, "decks", {}) or {}) | set(game.options)


def _show(found: list, n: int = 12) -> str:
    return "\n  ".join(str(f) for f in found[:n]) + (f"\n  ... and {len(found) - n} more" if len(found) > n else "")


# ------------------------------------------------------------------------------ the term test
def reader_texts(game_id: str) -> list[tuple[str, str, str]]:
    """(where, lang, text): the game's data, its notebooks' markdown and its rendered game."""
    game = tr.load_game(game_id)
    out = data_texts(game)
    for path in notebooks():
        if game_id in notebook_games(path):
            out += [(w, notebook_lang(path), t) for w, t in markdown(path)]
    for lang, texts in rendered(game_id).items():
        out += [(w, lang, t) for w, t in texts]
    return out


def term_hits(game_id: str) -> list[tuple[str, str, str]]:
    voc = vocabulary(game_id)
    seen: set[tuple[str, str]] = set()
    found = []
    for where, lang, text in reader_texts(game_id):
        for hit in voc.hits(text, lang):
            if (hit, text) not in seen:
                seen.add((hit, text))
                found.append((where, hit, text[:80]))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_vocabulary_no_term_variant(game_id):
    found = term_hits(game_id)
    assert not found, f"{game_id}: {len(found)} texts use a variant instead of the glossary's word:\n  {_show(found)}"


def test_vocabulary_shared_words_have_no_variant():
    """The interface words and the notebooks about no one game (the start page, the ruling
    editor) use the shared words: 对局记录, 电脑, 撤销, 公开手牌, 牌桌, 示范."""
    voc = vocabulary(None)
    texts = ui_texts()
    for path in notebooks():
        if not notebook_games(path):
            texts += [(w, notebook_lang(path), t) for w, t in markdown(path)]
    found = [(where, hit, text[:80]) for where, lang, text in texts for hit in voc.hits(text, lang)]
    assert not found, f"{len(found)} shared texts use a variant:\n  {_show(found)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_vocabulary_a_variant_is_no_glossary_word(game_id):
    # a variant that is also a term's own word would make the glossary contradict itself
    game = tr.load_game(game_id)
    terms = [*game.glossary, *ui_glossary()]
    words = {lang: {getattr(t, lang): t.id for t in terms} for lang in ("en", "zh")}
    bad = [(t.id, lang, v, words[lang][v]) for t in terms for lang in ("en", "zh")
           for v in getattr(t.variants, lang) if v in words[lang]]
    assert not bad, f"{game_id}: variants that are glossary words: {bad}"


# ---------------------------------------------------------------------------- the script test
def script_faults(game_id: str) -> tuple[list, list]:
    """(Traditional, Latin) faults of the game rendered in Chinese."""
    game = tr.load_game(game_id)
    plain, board = allowed_latin(game), allowed_latin(game, board=True)
    kinds = plain | action_kinds(game) | {UNKNOWN_KIND}
    trad, latin = [], []
    seen: set[str] = set()
    for where, text in rendered(game_id)["zh"]:
        if text in seen:
            continue
        seen.add(text)
        if t := traditional_in(text):
            trad.append((where, t, text[:80]))
        words = latin_in(text, board if "table" in where else kinds if "unknown action" in where else plain)
        if words:
            latin.append((where, sorted(set(words)), text[:80]))
    return trad, latin


@pytest.mark.parametrize("game_id", GAMES)
def test_script_a_game_in_chinese_is_simplified(game_id):
    trad, _ = script_faults(game_id)
    assert not trad, f"{game_id}: {len(trad)} Chinese texts with non-Simplified characters:\n  {_show(trad)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_script_a_game_in_chinese_has_no_english_word(game_id):
    _, latin = script_faults(game_id)
    assert not latin, f"{game_id}: {len(latin)} Chinese texts with English words:\n  {_show(latin)}"


@functools.cache
def book_forms() -> tuple[str, ...]:
    """Every glossary's ``zh_book`` (the rule books' own forms, which a notebook may quote)."""
    return tuple(sorted({t.zh_book for g in GAMES for t in tr.load_game(g).glossary if t.zh_book},
                        key=len, reverse=True))


ZH_NOTEBOOKS = [p for p in notebooks() if notebook_lang(p) == "zh"]


def notebook_faults(path) -> tuple[list, list]:
    games = [tr.load_game(g) for g in notebook_games(path)] or [tr.load_game(g) for g in GAMES]
    allowed = set().union(*(allowed_latin(g) for g in games))
    trad, latin = [], []
    for where, text in markdown(path):
        quoted = text
        for w in book_forms():
            quoted = quoted.replace(w, " ")
        if t := traditional_in(quoted):
            trad.append((where, t))
        if words := latin_in(text, allowed):
            latin.append((where, sorted(set(words))))
    return trad, latin


@pytest.mark.parametrize("path", ZH_NOTEBOOKS, ids=lambda p: "/".join(p.parts[-2:]))
def test_script_chinese_notebooks_are_simplified(path):
    trad, _ = notebook_faults(path)
    assert not trad, f"{len(trad)} markdown cells with non-Simplified characters:\n  {_show(trad)}"


@pytest.mark.parametrize("path", ZH_NOTEBOOKS, ids=lambda p: "/".join(p.parts[-2:]))
def test_script_chinese_notebooks_have_no_english_word(path):
    _, latin = notebook_faults(path)
    assert not latin, f"{len(latin)} markdown cells with English words:\n  {_show(latin)}"


# --------------------------------------------------------------------------- the English test
def code_faults(game_id: str) -> list:
    game = tr.load_game(game_id)
    ids = engine_ids(game)
    found, seen = [], set()
    for where, text in rendered(game_id)["en"]:
        if text not in seen:
            seen.add(text)
            if "unknown action" in where:
                text = re.sub(r"\(.*\)", " ", text)      # the kinds the game has, by their engine names
            if bad := code_in(text, ids):
                found.append((where, bad, text[:80]))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_english_a_game_shows_no_code(game_id):
    found = code_faults(game_id)
    assert not found, f"{game_id}: {len(found)} English texts with code or engine ids:\n  {_show(found)}"


def test_rendering_covers_the_screens():
    # the collection is only as good as what it reads: the board, buttons, log, refusals and the end
    texts = rendered("buddyfight")
    wheres = " ".join(w for w, _ in texts["zh"])
    assert all(w in wheres for w in ("table after", "log", "why not", "refused action", "unknown action", "result"))
    zh = "\n".join(t for _, t in texts["zh"])
    assert "座位 0" in zh and "手牌" in zh
    en = "\n".join(t for _, t in texts["en"])
    assert "Seat 0" in en and "Hand" in en


# ------------------------------------------------------------- the checks catch the review's examples
def _term(tid: str, zh: str, en: str, vzh=(), ven=()) -> Term:
    return Term(id=tid, zh=zh, en=en, source_en="test", variants={"zh": list(vzh), "en": list(ven)})


def test_term_check_catches_the_reviews_examples():
    # chinese-reader.md 2.1 (Sword-and-Fairy), 2.2 (mirror dolls), 3 (cross-game): the bad sentences fail
    voc = Vocabulary([
        _term("hp", "HP", "HP", ["体力"]), _term("debut", "出场效果", "debut effect", ["登场效果"]),
        _term("death", "死亡", "death", ["阵亡"]), _term("threshold", "临界线", "threshold", ["临界格"]),
        _term("life", "生命值", "life", ["生命"], ["health"]),
        *ui_glossary(),
    ])
    assert set(voc.hits("座位 1 受到 5 点伤害（刑天的登场效果）（体力 2）", "zh")) == {"hp: 体力", "debut: 登场效果"}
    assert voc.hits("只有在己方空着的临界格上才能主动移入", "zh") == ["threshold: 临界格"]
    assert voc.hits("文件大于 20 MB，不是棋谱", "zh") == ["record: 棋谱"]
    assert voc.hits("按悔棋收回一步，勾选明牌看双方手牌", "zh") == ["undo: 悔棋", "open-hands: 明牌"]
    assert voc.hits("和机器人对局", "zh") == ["bot: 机器人"]
    assert voc.hits("（标有 **DEMO**）", "zh") == ["demo: DEMO"]
    assert voc.hits("The madness loses 1 health.", "en") == ["life: health"]
    # ... and the right words pass, also where a variant stands inside a glossary word
    assert not voc.hits("座位 1 受到 5 点伤害（刑天的出场效果，HP 剩 2）", "zh")
    assert not voc.hits("神话的狂气的生命值为 2", "zh")
    assert voc.hits("神话的狂气失去 1 点生命", "zh") == ["life: 生命"]
    assert not voc.hits("The madness loses 1 life; healthy play.", "en")


def test_script_check_catches_the_reviews_examples():
    # chinese-reader.md 2.4, 2.5: Traditional and Japanese forms on the Simplified table
    for bad in ("座位 1打出斬擊・紅蓮。", "血池區域 2 · 血回 0 · 血繼 1/2 · 攻擊", "现世形态: 攻擊力 3, 血量 5, 護盾 3",
                "座位 0得到一张妨害卡呪縛，放入弃牌区。", "把两张赤血强化为赤血覺醒（阶段 3）"):
        assert traditional_in(bad), bad
    assert traditional_in("呪縛") == "呪縛"
    for good in ("乾坤道袍可以抵挡伤害", "座位 0 把斩击·红莲放入弃牌区", "血池区域 2 · 血继 1/2", "后侧第 2 格"):
        assert not traditional_in(good), good
    # 2.6, 2.9, 3: English on a Chinese screen
    assert latin_in("座位 0展开旗帜龙世界，搭档是Drum Bunker Dragon。") == ["Drum", "Bunker", "Dragon"]
    assert latin_in("神話的狂氣 (easy)") == ["easy"]
    assert latin_in("触发者：座位 1 — 战力 7 vs 怪物方 4") == ["vs"]
    assert latin_in("（标有 **DEMO**）") == ["DEMO"]
    assert latin_in("（标为 *decision* 的条款）") == ["decision"]
    # ... but not the glossary's own Latin words, names kept in English, clause ids, numbers, code
    assert not latin_in("座位 1 受到 5 点伤害（HP 剩 2，见 XJ-5.2）", {"HP"})
    assert not latin_in("在 JupyterLab 里运行 `tr.load_game('vividz')`；A 队先行，共 20 张", {"JupyterLab"})


def test_english_check_catches_the_reviews_examples():
    # chinese-reader.md issue 4: a Vividz mission condition's code reached the reader
    assert code_in("Mission: attacks [card=ren-iron-vanguard] >= 1") == ["[card=ren-iron-vanguard]"]
    assert code_in("at least attacks >= 1 this turn")
    assert code_in("see option first_turn_link_attack") == ["first_turn_link_attack"]
    assert code_in("Seat 0 plays {card}.") == ["{card}"]
    assert code_in("Seat 0 plays ren-iron-vanguard.", {"ren-iron-vanguard"}) == ["ren-iron-vanguard"]
    assert code_in("card uid 12 moves") == ["uid"]
    assert not code_in("Seat 0 attacks with Iron Vanguard in lane 2; the face-down card stays.", {"ren-iron-vanguard"})


def test_the_chinese_setup_brings_jupyterlabs_chinese_menus():
    # issue 34.7: the notebook extra and environment.yml install the zh-CN language pack, and
    # JupyterLab finds it (Settings > Language lists Chinese (Simplified, China))
    import tomllib
    from pathlib import Path

    import yaml
    from jupyterlab_server.translation_utils import get_language_packs

    root = Path(__file__).resolve().parents[1]
    extra = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(d.lower().startswith("jupyterlab-language-pack-zh-cn") for d in extra["notebook"])
    env = yaml.safe_load((root / "environment.yml").read_text(encoding="utf-8"))
    conda = [d.lower() for d in env["dependencies"] if isinstance(d, str)]
    assert any(d.startswith("jupyterlab-language-pack-zh-cn") for d in conda)
    packs, _ = get_language_packs("en")
    assert packs.get("zh_CN", {}).get("nativeName", "").startswith("中文")


# ------------------------------------------------------------------ the interface words are data
def test_interface_words_live_in_one_data_file():
    """Issue 34.5: notebook/i18n.py holds no word table: every interface word comes from
    data/_ui/texts.yaml, read with the games' checked loader."""
    from pathlib import Path

    from tabletop_rules.notebook import i18n

    code = Path(i18n.__file__).read_text(encoding="utf-8")
    assert not re.search(r"[\u4e00-\u9fff]", code), "Chinese words in i18n.py: they belong in data/_ui/texts.yaml"
    assert i18n.UI_FILE.name == "texts.yaml" and i18n.UI_FILE.parent.name == "_ui"
    assert set(i18n.UI["en"]) == set(i18n.UI["zh"]) and len(i18n.UI["en"]) > 250
    assert i18n.t("download", "zh") == "下载对局记录"
    assert i18n.t("too_big", "en", mb=20).startswith("the file is larger")
    assert i18n.bot_name("random", "zh") == "随机" and i18n.bot_name("no-such-bot", "zh") == "no-such-bot"


@pytest.mark.parametrize("entry,problem", [
    ('  undo: {en: "Undo"}\n', "zh"),                                          # a language missing
    ('  saved: {en: "Saved to {path}.", zh: "已保存。"}\n', "fields"),         # the fields differ
    ('  yes: {en: "yes", zh: "是"}\n', "key"),                                  # YAML reads yes as a boolean
])
def test_a_broken_interface_word_is_refused_naming_the_file_and_key(tmp_path, entry, problem):
    from tabletop_rules.core.datafile import DataError
    from tabletop_rules.notebook.i18n import _load_ui

    path = tmp_path / "texts.yaml"
    path.write_text("texts:\n  new_game: {en: \"New game\", zh: \"新游戏\"}\n" + entry, encoding="utf-8")
    with pytest.raises(DataError) as err:
        _load_ui(path)
    msg = str(err.value)
    assert "texts.yaml" in msg and ("sentence" in msg)
    assert {"zh": "zh" in msg, "fields": "fields" in msg, "key": "key" in msg}[problem]
    with pytest.raises(DataError, match="file not found"):
        _load_ui(tmp_path / "missing.yaml")
