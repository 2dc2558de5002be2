"""Interface words in English and Chinese, and helpers to pick a game's own labels by language.

Game words (phase names, clause titles, card names, glossary) come from the game's data; only
the interface's own words live here.
"""
from __future__ import annotations

UI = {
    "en": {
        "new_game": "New game", "seed": "Seed", "undo": "Undo", "redo": "Redo", "open_hands": "Open hands",
        "language": "Language", "save": "Save", "load": "Load", "download": "Download record",
        "upload": "Upload record", "path": "File", "log": "Log", "graph": "Phase graph", "actions": "Your choices",
        "seat": "Seat", "bot": "bot", "human": "human", "turn": "Turn", "phase": "Phase", "waiting": "Waiting for",
        "pass_device": "Hand the device to seat {seat}, then press the button.", "show_hand": "I am seat {seat}: show my side",
        "game_over": "Game over", "draw": "Draw", "wins": "wins", "do": "Do it", "error": "Something went wrong",
        "nothing_to_undo": "Nothing to undo.", "nothing_to_redo": "Nothing to redo.", "saved": "Saved to {path}.",
        "loaded": "Loaded {n} actions from {path}.", "hand": "Hand", "deck": "Deck", "gauge": "Gauge", "drop": "Drop",
        "life": "Life", "field": "Field", "set": "Set", "item": "Item", "flag": "Flag", "buddy": "Buddy",
        "left": "Left", "center": "Center", "right": "Right", "rested": "rested", "soul": "soul",
        "face_down": "face down", "demo": "DEMO", "next": "Next", "back": "Back", "step": "Step",
        "question": "Question", "answer": "Answer", "clauses": "Clauses", "run": "Run", "outcome": "Outcome",
        "ok": "Matches the ruling", "fail": "Does not match", "search": "Search", "position": "Position",
        "events": "What happened", "action": "Action", "start": "Start", "you": "you", "bot_moves": "Bot moves",
        "choose": "Choose", "pick": "pick", "ruling": "Ruling", "result": "Result", "busy": "busy",
        "battle": "Battle", "chain": "Waiting to resolve", "decision": "Decision",
    },
    "zh": {
        "new_game": "新游戏", "seed": "种子", "undo": "撤销", "redo": "重做", "open_hands": "公开手牌",
        "language": "语言", "save": "保存", "load": "读取", "download": "下载棋谱", "upload": "上传棋谱",
        "path": "文件", "log": "记录", "graph": "阶段流程图", "actions": "你的选择", "seat": "座位", "bot": "电脑",
        "human": "玩家", "turn": "回合", "phase": "阶段", "waiting": "等待",
        "pass_device": "请把设备交给座位 {seat}，然后按下按钮。", "show_hand": "我是座位 {seat}：显示我的一方",
        "game_over": "对战结束", "draw": "平局", "wins": "获胜", "do": "执行", "error": "出错了",
        "nothing_to_undo": "没有可撤销的行动。", "nothing_to_redo": "没有可重做的行动。", "saved": "已保存到 {path}。",
        "loaded": "已从 {path} 读取 {n} 个行动。", "hand": "手牌", "deck": "卡组", "gauge": "计量", "drop": "废弃区",
        "life": "生命", "field": "场地", "set": "设置区", "item": "道具", "flag": "旗帜", "buddy": "搭档",
        "left": "左侧", "center": "中央", "right": "右侧", "rested": "横置", "soul": "灵魂", "face_down": "背面",
        "demo": "示范", "next": "下一步", "back": "上一步", "step": "步骤", "question": "问题", "answer": "回答",
        "clauses": "条款", "run": "运行", "outcome": "结果", "ok": "与裁定一致", "fail": "与裁定不一致",
        "search": "搜索", "position": "局面", "events": "发生了什么", "action": "行动", "start": "开始",
        "you": "你", "bot_moves": "电脑行动", "choose": "选择", "pick": "选择", "ruling": "裁定", "result": "结果",
        "busy": "处理中", "battle": "战斗", "chain": "等待结算", "decision": "决定",
    },
}

LANGS = ("en", "zh")


def t(key: str, lang: str = "en", **kw) -> str:
    """An interface word in ``lang`` (English when a translation is missing)."""
    text = UI.get(lang, UI["en"]).get(key) or UI["en"].get(key, key)
    return text.format(**kw) if kw else text


def pick(text, lang: str) -> str:
    """A game's bilingual text (a Text/Name model or an {en, zh} dict) in ``lang``."""
    if text is None:
        return ""
    if isinstance(text, dict):
        return (text.get("zh") if lang == "zh" else None) or text.get("en", "")
    zh = getattr(text, "zh", None)
    return zh if lang == "zh" and zh else text.en


def clause_title(game, cid: str | None, lang: str) -> str:
    if not cid or cid not in game.rules:
        return cid or ""
    return f"{cid} {pick(game.rules.clause(cid).title, lang)}"
