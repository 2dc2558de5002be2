"""The Chinese side of the data: present everywhere, Simplified, and written in the project's own words.

(a) every clause has title.zh and text.zh, every ruling question.zh and answer.zh, every param label zh;
(b) no Chinese string of data/**/*.yaml shares a run of RUN or more characters with the rule books'
    Chinese translations in ../shared/seeds/ (their translators forbid reproducing them), apart from
    runs made only of card names and glossary terms;
(c) what the project writes (clause texts, rulings, labels) uses no Traditional-only characters;
(d) one script in the interface: flow labels (nodes, phases, edges), the kit's interface words
    (notebook/i18n.py), the sentence templates (data/<game>/texts.yaml) and the Chinese notebooks
    (notebooks/zh/) are Simplified throughout; only the glossary (and card names, which are the
    translations' own) keeps the Traditional forms of a translation.
"""
from __future__ import annotations

import functools
import json
import re
import unicodedata
from pathlib import Path

import pytest
import yaml

import tabletop_rules as tr

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"
SEEDS = ROOT.parent / "shared" / "seeds"
RUN = 12  # shortest shared run that counts as copied

# Common Traditional-only characters and their Simplified forms. The keys never occur in Simplified
# text; the map also folds the seeds (some of them mix in Traditional characters) and the project's
# strings to one script, so that re-scripting a copied sentence does not hide it.
T2S = dict(zip(
    "戰鬥門說體與這時來動無對將開關點傳區後會為從們個當覺擊藝強場數據張變選擇護應歸還復發給續終過進隊"
    "獸劍寵龍裝備損傷廢棄約義脈繼橫總計結處並雙頂號讀庫輪階題問沒壞產實見規則狀態錯誤話記載獲勝敗負費"
    "際級擁衛靈貫連攜雖麗術書詠災難惡氣異屬檔組豎價亂鏡紅綠壓線圍層類戲遊觸頭錢買賣換現師員車馬鳥魚"
    "風雲電陽陰飛鐵聖紋鶴蒼寶騎殺盾兩邊聽寫讓認識處務決須幾種樣隻",
    "战斗门说体与这时来动无对将开关点传区后会为从们个当觉击艺强场数据张变选择护应归还复发给续终过进队"
    "兽剑宠龙装备损伤废弃约义脉继横总计结处并双顶号读库轮阶题问没坏产实见规则状态错误话记载获胜败负费"
    "际级拥卫灵贯连携虽丽术书咏灾难恶气异属档组竖价乱镜红绿压线围层类戏游触头钱买卖换现师员车马鸟鱼"
    "风云电阳阴飞铁圣纹鹤苍宝骑杀盾两边听写让认识处务决须几种样只",
    strict=True,
))
T2S = {t: s for t, s in T2S.items() if t != s}
TRADITIONAL_ONLY = frozenset(T2S)

_KEEP = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fffa-z0-9]")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def normalise(s: str) -> str:
    """Full-width to half-width, lower case, Traditional to Simplified; keep only kana, Han, a-z and digits
    (whitespace, punctuation, brackets and the seeds' stray '?' drop out)."""
    s = unicodedata.normalize("NFKC", s).lower()
    return "".join(T2S.get(ch, ch) for ch in s if _KEEP.match(ch))


def strings(node):
    """Every string inside a loaded YAML document."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from strings(v)


def names(node):
    """The zh/ja/en values of every `name` field (cards, characters, skills, crests, ...)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "name" and isinstance(v, dict):
                yield from (x for x in v.values() if isinstance(x, str))
            elif k == "name" and isinstance(v, str):
                yield v
            else:
                yield from names(v)
    elif isinstance(node, list):
        for v in node:
            yield from names(v)


def data_files():
    return sorted(DATA.glob("**/*.yaml"))


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.cache
def load(path: Path):
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)


# ------------------------------------------------------------------------------------------------ (a)
GAMES = tr.list_games()


@pytest.mark.parametrize("gid", GAMES)
def test_translation_every_clause_has_chinese(gid):
    game = tr.load_game(gid)
    assert len(game.rules) > 0
    missing = [c.id for c in game.rules
               if not (c.title.zh or "").strip() or not (c.text.zh or "").strip()]
    assert not missing, f"{gid}: clauses without title.zh / text.zh: {missing}"


@pytest.mark.parametrize("gid", GAMES)
def test_translation_every_ruling_has_chinese(gid):
    game = tr.load_game(gid)
    rulings = list(game.rulings)
    assert rulings
    missing = [r.id for r in rulings
               if not (r.question.zh or "").strip() or not (r.answer.zh or "").strip()]
    assert not missing, f"{gid}: rulings without question.zh / answer.zh: {missing}"
    labels = [f"{r.id}.{p}" for r in rulings for p, param in r.params.items()
              if param.label is not None and not (param.label.zh or "").strip()]
    assert not labels, f"{gid}: param labels without zh: {labels}"


def project_texts():
    """(where, zh) for every Chinese text the kit writes itself: clause texts, rulings and their labels."""
    for gid in GAMES:
        game = tr.load_game(gid)
        for c in game.rules:
            yield f"{gid} {c.id} text", c.text.zh or ""
        for r in game.rulings:
            yield f"{gid} {r.id} question", r.question.zh or ""
            yield f"{gid} {r.id} answer", r.answer.zh or ""
            for p, param in r.params.items():
                if param.label is not None:
                    yield f"{gid} {r.id} label {p}", param.label.zh or ""


# ------------------------------------------------------------------------------------------------ (c)
def test_translation_simplified_only():
    bad = [(where, "".join(sorted({ch for ch in zh if ch in TRADITIONAL_ONLY})))
           for where, zh in project_texts()]
    bad = [b for b in bad if b[1]]
    assert not bad, f"Traditional-only characters in {len(bad)} texts: {bad[:20]}"


def test_translation_traditional_list_is_traditional():
    # the check is only fair if no key is an ordinary Simplified character
    assert not TRADITIONAL_ONLY & set(T2S.values())
    assert set("戰鬥門說體與這時來動無對將開關點傳區後會為從們個當") <= TRADITIONAL_ONLY


# ------------------------------------------------------------------------------------------------ (d)
NOTEBOOKS_ZH = ROOT / "notebooks" / "zh"


def _traditional(text: str) -> str:
    return "".join(sorted({ch for ch in text if ch in TRADITIONAL_ONLY}))


def flow_texts():
    """(where, zh) for every Chinese label of every game's flow: nodes, phases and edges."""
    for gid in GAMES:
        flow = tr.load_game(gid).flow
        for n in flow.nodes.values():
            yield f"{gid} flow node {n.id}", n.label.zh or ""
        for p in flow.phase_defs.values():
            yield f"{gid} flow phase {p.id}", p.label.zh or ""
        for e in flow.edges:
            yield f"{gid} flow edge {e.source} -> {e.to}", e.when_zh or ""


def interface_texts():
    """(where, zh) for the interface: flow labels, the kit's words, the games' sentence templates."""
    from tabletop_rules.notebook.i18n import UI

    yield from flow_texts()
    for key, zh in UI["zh"].items():
        yield f"notebook/i18n.py {key}", zh
    for path in sorted(DATA.glob("*/texts.yaml")):
        for key, pair in (load(path).get("texts") or {}).items():
            if isinstance(pair, dict):
                yield f"{path.relative_to(ROOT)} {key}", str(pair.get("zh") or "")


def notebook_texts():
    """(where, text) for every cell of the Chinese notebooks."""
    for path in sorted(NOTEBOOKS_ZH.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"], 1):
            yield f"{path.relative_to(ROOT)} cell {i}", "".join(cell["source"])


@functools.cache
def glossary_and_names() -> tuple[str, ...]:
    """Glossary terms (zh) and card names of every game, longest first: the forms a notebook may quote."""
    words: set[str] = set()
    for path in data_files():
        doc = load(path)
        if path.name == "glossary.yaml":
            words.update(t["zh"] for t in doc.get("terms", []) if t.get("zh"))
        words.update(n for n in names(doc) if _HAN.search(n))
    return tuple(sorted(words, key=len, reverse=True))


def test_translation_every_flow_label_has_chinese():
    missing = [where for where, zh in flow_texts() if not zh.strip() and "edge" not in where]
    missing += [f"{gid} edge {e.source} -> {e.to}" for gid in GAMES for e in tr.load_game(gid).flow.edges
                if e.when and not (e.when_zh or "").strip()]
    assert not missing, f"flow labels without Chinese: {missing[:20]}"


def test_translation_interface_is_simplified():
    bad = [(where, _traditional(zh)) for where, zh in interface_texts()]
    bad = [b for b in bad if b[1]]
    assert not bad, f"Traditional-only characters in {len(bad)} interface texts: {bad[:20]}"


def test_translation_chinese_notebooks_are_simplified():
    words = glossary_and_names()
    bad = []
    for where, text in notebook_texts():
        for w in words:                       # a glossary term or card name keeps its own form
            if w in text:
                text = text.replace(w, " ")
        if _traditional(text):
            bad.append((where, _traditional(text)))
    assert not bad, f"Traditional-only characters in the Chinese notebooks: {bad[:20]}"


def test_translation_interface_check_is_real(monkeypatch):
    from tabletop_rules.notebook import i18n

    monkeypatch.setitem(i18n.UI["zh"], "__probe__", "自己回合中的動作")
    assert ("notebook/i18n.py __probe__", "動") in [(w, _traditional(z)) for w, z in interface_texts()]
    assert _traditional("自己回合中的动作") == ""


# ------------------------------------------------------------------------------------------------ (b)
class CopyCheck:
    """Every RUN-character window of the normalised seed texts, and the terms a shared run may consist of."""

    def __init__(self, seed_texts: list[str], terms: set[str]):
        self.grams: set[str] = set()
        for text in seed_texts:
            n = normalise(text)
            self.grams.update(n[i:i + RUN] for i in range(len(n) - RUN + 1))
        parts = set()
        for t in terms:
            parts.add(normalise(t))
            parts.update(normalise(p) for p in re.split(r"[\s()（）・·/／、,，]+", t))
        # single characters exempt nothing
        self.terms = sorted((p for p in parts if len(p) >= 2), key=len, reverse=True)
        self.checked = 0

    def runs(self, s: str) -> list[str]:
        """The maximal runs of >= RUN characters that s shares with a seed."""
        n = normalise(s)
        hits = [i for i in range(len(n) - RUN + 1) if n[i:i + RUN] in self.grams]
        self.checked += max(0, len(n) - RUN + 1)
        runs, start, end = [], None, None
        for i in hits:
            if start is not None and i <= end:
                end = i + RUN
            else:
                if start is not None:
                    runs.append(n[start:end])
                start, end = i, i + RUN
        if start is not None:
            runs.append(n[start:end])
        return runs

    def only_terms(self, run: str) -> bool:
        rest = run
        for t in self.terms:
            rest = rest.replace(t, " ")
        return not _HAN.search(rest) and not re.search(r"[\u3040-\u30ff]", rest)

    def copied(self, s: str) -> list[str]:
        return [r for r in self.runs(s) if not self.only_terms(r)]


@pytest.fixture(scope="module")
def seed_texts():
    files = sorted(SEEDS.glob("*.txt")) if SEEDS.is_dir() else []
    if not files:
        pytest.skip(f"no rule-book seeds at {SEEDS}: the copyright comparison needs ../shared/seeds/*.txt")
    return [f.read_text(encoding="utf-8", errors="replace") for f in files]


@pytest.fixture(scope="module")
def check(seed_texts):
    terms: set[str] = set()
    for path in data_files():
        doc = load(path)
        if path.name == "glossary.yaml":
            for t in doc.get("terms", []):
                terms.update(x for x in (t.get("zh"), t.get("ja")) if x)
        terms.update(names(doc))
    return CopyCheck(seed_texts, terms)


def test_translation_copy_check_is_real(seed_texts, check):
    # a sentence taken from a seed is flagged, also with its punctuation and script changed ...
    line = max((ln.strip() for text in seed_texts for ln in text.splitlines()),
               key=lambda ln: len(_HAN.findall(ln)))
    assert len(_HAN.findall(line)) >= 2 * RUN
    assert check.copied(line)
    han_run = re.compile(r"[\u4e00-\u9fff]{" + str(RUN + 3) + ",}")
    piece = next(m.group() for m in han_run.finditer(normalise(line)))[:RUN + 3]
    assert check.copied(" " + "，".join(piece) + "。")
    assert check.copied("".join({v: k for k, v in T2S.items()}.get(ch, ch) for ch in piece))
    # ... but a run made only of glossary terms is not, and neither is the project's own wording
    assert not check.only_terms(normalise(piece))
    assert check.only_terms(normalise("".join(check.terms[:3])))
    assert not check.copied("这句话是为检查而写的，它与任何规则书里的句子都不相同。")


def test_translation_no_text_copied_from_seeds(check):
    found = []
    for path in data_files():
        for s in strings(load(path)):
            if _HAN.search(s):
                found += [(str(path.relative_to(ROOT)), r, s[:60]) for r in check.copied(s)]
    assert check.checked > 0
    assert not found, f"{len(found)} runs of {RUN}+ characters shared with a seed text: {found[:20]}"


def test_translation_chinese_notebooks_copy_no_seed_text(check):
    found = []
    for where, text in notebook_texts():
        found += [(where, r) for r in check.copied(text)]
    assert not found, f"{len(found)} runs of {RUN}+ characters shared with a seed text: {found[:20]}"
