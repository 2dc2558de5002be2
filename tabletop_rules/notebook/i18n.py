"""The one catalogue of interface words (English and Simplified Chinese), and the helpers that
pick a game's own words by language.

Two kinds of words reach the screen:

- the kit's own interface words (buttons, headings, notes, the sentences of the ruling
  explorer): ``t(key, lang)``, from ``UI`` below, the only table of them in the kit;
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
from typing import Any

UI: dict[str, dict[str, str]] = {
    "en": {
        # the play table
        "new_game": "New game", "seed": "Seed", "undo": "Undo", "redo": "Redo", "open_hands": "Open hands",
        "save": "Save", "load": "Load", "download": "Download record", "upload": "Upload record", "path": "File",
        "log": "Log", "graph": "Phase graph",
        "graph_ends_from": "the game can end from every step marked {mark}",
        "seat": "Seat", "bot": "bot", "human": "human", "you": "you",
        "phase": "Phase", "waiting": "Waiting for", "bot_moves": "Bot moves",
        "pass_device": "Hand the device to seat {seat}, then press the button.",
        "show_hand": "I am seat {seat}: show my side", "game_over": "Game over", "draw": "Draw", "wins": "wins",
        "do": "Do it", "yes": "yes", "no": "no", "error": "Something went wrong",
        "nothing_to_undo": "Nothing to undo.", "nothing_to_redo": "Nothing to redo.", "saved": "Saved to {path}.",
        "loaded": "Loaded {n} actions from {path}.",
        # the play table's files and seed (issue 16)
        "unexpected": "an unexpected error in the kit",
        "exists": "{path} already exists: press Save again to replace it.", "bad_seed": "the seed is a whole "
        "number from 0 to {top}, not {value}", "too_big": "the file is larger than {mb} MB, too large for a record",
        "cannot_write": "cannot write {path} ({why})", "cannot_read": "cannot read {path} ({why})",
        # boards (words every card game has; a game's glossary term of the same id wins)
        "hand": "Hand", "deck": "Deck", "rested": "rested", "face_down": "face down", "used": "used",
        "piles": "Piles", "next_turn": "next turn", "chain": "Waiting to resolve", "decision": "Decision",
        "demo": "DEMO", "turns_to_wait": "{n} own turn(s) to wait",
        "no_overflow_for": "the next {n} chaos spent make no overflow",
        # the walkthrough
        "next": "Next", "back": "Back", "step": "Step", "events": "What happened", "action": "Action",
        "setup": "Setup", "setup_note": "The position after setup: no action has been taken yet.",
        "by": "Seat {seat}", "now": "Now", "to_act": "seat {seat} to act", "no_events": "(no events)",
        "no_dot": "No graphviz program (dot or graphviz-pure) was found: the phase graph is shown as DOT source.",
        "flow_title": "phase flow",
        # the glossary
        "search": "Search", "search_hint": "中文, 日本語 or English", "terms_shown": "{n} of {total} terms",
        "col_zh": "Chinese 中文", "col_ja": "Japanese 日本語", "col_en": "English", "col_note": "Note",
        "clauses": "Clauses",
        # the ruling explorer
        "ruling": "Ruling", "run": "Run", "question": "Question", "answer": "Answer", "outcome": "Outcome",
        "ok": "Matches the ruling", "fail": "Does not match", "source": "Source",
        "expected": "Expected for these numbers", "no_params": "This ruling has no numbers to change.",
        "skipped": "{n} check(s) do not apply for these numbers.", "before": "The position before the steps",
        "steps": "Steps", "failures": "What differs", "error_run": "The ruling could not run",
        "check_is": "{path} is {value}", "check_len": "{path} holds {value} item(s)",
        "check_in": "{path} is one of {value}", "check_ge": "{path} is at least {value}",
        "check_le": "{path} is at most {value}", "check_event": "a '{kind}' event happens",
        "check_no_event": "no '{kind}' event happens", "check_citing": "citing {clause}",
        "check_with": "with {data}", "check_legal": "{spec} is allowed", "check_not_legal": "{spec} is not allowed",
        "check_over": "the game is over", "check_not_over": "the game is not over",
        "check_winners": "the winners are {value}", "check_phase": "the phase is {value}",
        "check_current": "seat {value} must act",
    },
    "zh": {
        "new_game": "新游戏", "seed": "种子", "undo": "撤销", "redo": "重做", "open_hands": "公开手牌",
        "save": "保存", "load": "读取", "download": "下载棋谱", "upload": "上传棋谱", "path": "文件",
        "log": "记录", "graph": "阶段流程图",
        "graph_ends_from": "标有 {mark} 的步骤都可能结束对局",
        "seat": "座位", "bot": "电脑", "human": "玩家", "you": "你",
        "phase": "阶段", "waiting": "等待", "bot_moves": "电脑行动",
        "pass_device": "请把设备交给座位 {seat}，然后按下按钮。", "show_hand": "我是座位 {seat}：显示我的一方",
        "game_over": "对战结束", "draw": "平局", "wins": "获胜", "do": "执行", "yes": "是", "no": "否",
        "error": "出错了", "nothing_to_undo": "没有可撤销的行动。", "nothing_to_redo": "没有可重做的行动。",
        "saved": "已保存到 {path}。", "loaded": "已从 {path} 读取 {n} 个行动。",
        "unexpected": "工具包内部出现意外错误", "exists": "{path} 已存在：再按一次“保存”即覆盖。",
        "bad_seed": "种子须是 0 到 {top} 的整数，而不是 {value}", "too_big": "文件大于 {mb} MB，不是棋谱",
        "cannot_write": "无法写入 {path}（{why}）", "cannot_read": "无法读取 {path}（{why}）",
        "hand": "手牌", "deck": "卡组", "rested": "横置", "face_down": "背面", "used": "已使用", "piles": "牌堆",
        "next_turn": "下回合", "chain": "等待结算", "decision": "决定", "demo": "示范",
        "turns_to_wait": "还需等待 {n} 个己方回合", "no_overflow_for": "接下来花掉的 {n} 点混沌不计入超限点",
        "next": "下一步", "back": "上一步", "step": "步骤", "events": "发生了什么", "action": "行动",
        "setup": "准备", "setup_note": "准备完成后的局面：还没有任何行动。", "by": "座位 {seat}", "now": "当前",
        "to_act": "轮到座位 {seat}", "no_events": "（没有事件）",
        "no_dot": "未找到 graphviz 程序（dot 或 graphviz-pure）：阶段流程图以 DOT 源码显示。",
        "flow_title": "阶段流程",
        "search": "搜索", "search_hint": "中文、日本語 或 English", "terms_shown": "共 {total} 个术语，显示 {n} 个",
        "col_zh": "中文", "col_ja": "日语 日本語", "col_en": "英文 English", "col_note": "说明", "clauses": "条款",
        "ruling": "裁定", "run": "运行", "question": "问题", "answer": "回答", "outcome": "结果",
        "ok": "与裁定一致", "fail": "与裁定不一致", "source": "出处", "expected": "按这些数值应当",
        "no_params": "这条裁定没有可调整的数值。", "skipped": "有 {n} 项检查不适用于这些数值。",
        "before": "执行步骤之前的局面", "steps": "步骤", "failures": "不一致之处", "error_run": "这条裁定无法运行",
        "check_is": "{path} 为 {value}", "check_len": "{path} 有 {value} 项", "check_in": "{path} 是 {value} 之一",
        "check_ge": "{path} 至少为 {value}", "check_le": "{path} 至多为 {value}",
        "check_event": "发生“{kind}”事件", "check_no_event": "不发生“{kind}”事件", "check_citing": "依据 {clause}",
        "check_with": "数据 {data}", "check_legal": "{spec} 可以执行", "check_not_legal": "{spec} 不可执行",
        "check_over": "对战结束", "check_not_over": "对战尚未结束", "check_winners": "获胜方为 {value}",
        "check_phase": "阶段为 {value}", "check_current": "轮到座位 {value} 行动",
    },
}

# The position editor (notebook/editor.py) and the rules search (notebook/search.py).
UI["en"].update({
    "editor_position": "Position",
    "editor_play": "Play on",
    "editor_ruling": "Save as ruling",
    "editor_undo": "Undo",
    "editor_restart": "Back to the position",
    "editor_refused": "The rules refuse this position",
    "editor_spec": "Scenario (what the ruling will hold)",
    "editor_events": "What happened",
    "editor_taken": "Actions taken",
    "editor_question": "Question",
    "editor_answer": "Answer",
    "editor_save": "Make the ruling",
    "editor_download": "Download ruling",
    "editor_load": "Load ruling YAML",
    "editor_cards": "cards",
    "editor_count": "or a number",
    "editor_seat": "Seat",
    "editor_none": "(none yet)",
    "editor_id": "Ruling id",
    "editor_yaml_hint": "YAML, e.g. {key: value}",
    "editor_nothing_to_undo": "Nothing to undo.",
    "editor_default": "default",
    "finder_search": "Search the rules",
    "finder_hint": "soulguard, 灵魂护卫, ソウルガード, BF-6.7 …",
    "finder_hits": "{n} hit(s)",
    "finder_none": "Nothing matches.",
    "finder_all": "every game",
    "finder_term": "term",
    "finder_clause": "clause",
    "finder_ruling": "ruling",
    "finder_question": "Question",
    "finder_answer": "Answer",
    "finder_clauses": "Clauses",
    "finder_note": "Note",
})
UI["zh"].update({
    "editor_position": "局面",
    "editor_play": "继续对局",
    "editor_ruling": "保存为裁定",
    "editor_undo": "撤销",
    "editor_restart": "回到局面",
    "editor_refused": "规则不允许这个局面",
    "editor_spec": "局面描述（裁定将保存的内容）",
    "editor_events": "发生了什么",
    "editor_taken": "已采取的行动",
    "editor_question": "问题",
    "editor_answer": "回答",
    "editor_save": "生成裁定",
    "editor_download": "下载裁定",
    "editor_load": "载入裁定 YAML",
    "editor_cards": "卡牌",
    "editor_count": "或张数",
    "editor_seat": "座位",
    "editor_none": "（尚无）",
    "editor_id": "裁定编号",
    "editor_yaml_hint": "YAML，例如 {key: value}",
    "editor_nothing_to_undo": "没有可撤销的行动。",
    "editor_default": "默认",
    "finder_search": "搜索规则",
    "finder_hint": "soulguard、灵魂护卫、ソウルガード、BF-6.7 …",
    "finder_hits": "{n} 条结果",
    "finder_none": "没有匹配的结果。",
    "finder_all": "所有游戏",
    "finder_term": "术语",
    "finder_clause": "条款",
    "finder_ruling": "裁定",
    "finder_question": "问题",
    "finder_answer": "回答",
    "finder_clauses": "条款",
    "finder_note": "说明",
})


# The command line (cli/): rules, check and play.
UI["en"].update({
    "cli_clauses": "{title}: {n} clauses",
    "cli_id": "id", "cli_title": "title", "cli_source": "Source", "cli_decision": "[decision]",
    "cli_decision_mark": "* a decision of this project, where the rule books leave a gap",
    "cli_no_zh": "(no Chinese text for this clause yet; English shown)", "cli_terms": "Terms",
    "cli_flow": "Flow", "cli_rulings": "Rulings",
    "cli_ruling": "ruling", "cli_result": "result", "cli_question": "question", "cli_ok": "ok", "cli_fail": "FAIL",
    "cli_passed": "{ok} passed, {failed} failed",
    "cli_kind_step": "step", "cli_kind_decision": "decision", "cli_kind_end": "end", "cli_kind_phase": "phase",
    "cli_heading": "=== {phase}: {label} ({kind}), seat {seat} to act",
    "cli_intro": "{title}, seed {seed}.", "cli_hotseat": "Hot-seat: every seat is played here.",
    "cli_vs_bot": "You are seat {seat}; the other seat is a {bot} bot.",
    "cli_help": "Type the number of an action, u to undo your last move, h for help, q to quit.",
    "cli_resumed": "Resumed {path}: {n} actions replayed.", "cli_saved": "Saved the record ({n} actions) to {path}.",
    "cli_cannot_load": "cannot load {why}", "cli_cannot_load_rulings": "cannot load your rulings: {why}",
    "cli_cannot_load_game_rulings": "cannot load the rulings of {game}: {why}",
    "cli_unknown_game": "unknown game {game!r}; known games: {known}",
    "cli_cannot_load_game": "cannot load {game}: {why}",
    "cli_no_clause": "no clause {cid!r} in {game}; known clauses: {known}",
    "cli_no_ruling": "no ruling {rid!r} in {game}; known rulings: {known}",
    "cli_no_file": "cannot load {path}: no such file", "cli_a_folder": "cannot load {path}: it is a directory",
    "cli_not_text": "cannot load {path}: not a UTF-8 text file, so not a game record",
    "cli_cannot_read": "cannot load {path}: {why}", "cli_cannot_save": "cannot save to {path}: {why}",
    "cli_players": "{game} is played by {counts} players, not {players} (--players)",
    "cli_seat": "--seat must be one of {seats}",
    "cli_search_empty": "give something to search for, e.g. tabletop-rules search soulguard",
    "cli_no_match": "nothing matches {query!r}",
    "cli_bot_move": "Seat {seat} (bot): {label}", "cli_move": "Seat {seat}: {label}",
    "cli_nothing_to_undo": "Nothing of yours to undo.",
    "cli_undone": "Undone: back to before your last action ({n} actions in the record).",
    "cli_over": "Game over: {result}", "cli_over_prompt": "u to undo, q to quit> ", "cli_prompt": "seat {seat}> ",
    "cli_enter_number": "Enter a number from 1 to {n}, u, h or q.", "cli_enter_uq": "Enter u or q.",
    "cli_decision_for": "Decision for seat {seat}: {prompt}", "cli_cards": "{n} cards",
})
UI["zh"].update({
    "cli_clauses": "{title}：共 {n} 条条款",
    "cli_id": "编号", "cli_title": "标题", "cli_source": "出处", "cli_decision": "［本项目的决定］",
    "cli_decision_mark": "* 表示本项目在规则书未写明之处所作的决定",
    "cli_no_zh": "（此条款尚无中文，显示英文）", "cli_terms": "术语",
    "cli_flow": "流程", "cli_rulings": "裁定",
    "cli_ruling": "裁定", "cli_result": "结果", "cli_question": "问题", "cli_ok": "通过", "cli_fail": "未通过",
    "cli_passed": "{ok} 条通过，{failed} 条未通过",
    "cli_kind_step": "步骤", "cli_kind_decision": "决定", "cli_kind_end": "结束", "cli_kind_phase": "阶段",
    "cli_heading": "=== {phase}：{label}（{kind}），轮到座位 {seat}",
    "cli_intro": "{title}，种子 {seed}。", "cli_hotseat": "同屏对战：每个座位都由这里操作。",
    "cli_vs_bot": "你是座位 {seat}；另一座位由 {bot} 电脑操作。",
    "cli_help": "输入行动的编号；u 撤销你上一步，h 查看帮助，q 退出。",
    "cli_resumed": "已从 {path} 继续：重放了 {n} 个行动。", "cli_saved": "已把棋谱（{n} 个行动）保存到 {path}。",
    "cli_cannot_load": "无法载入 {why}", "cli_cannot_load_rulings": "无法载入你的裁定文件：{why}",
    "cli_cannot_load_game_rulings": "无法载入 {game} 的裁定：{why}",
    "cli_unknown_game": "未知的游戏 {game!r}；已知的游戏：{known}", "cli_cannot_load_game": "无法载入 {game}：{why}",
    "cli_no_clause": "{game} 中没有条款 {cid!r}；已知条款：{known}",
    "cli_no_ruling": "{game} 中没有裁定 {rid!r}；已知裁定：{known}",
    "cli_no_file": "无法载入 {path}：没有这个文件", "cli_a_folder": "无法载入 {path}：这是一个文件夹",
    "cli_not_text": "无法载入 {path}：这不是 UTF-8 文本文件，所以不是棋谱",
    "cli_cannot_read": "无法载入 {path}：{why}", "cli_cannot_save": "无法保存到 {path}：{why}",
    "cli_players": "{game} 由 {counts} 名玩家进行，而不是 {players} 名（--players）",
    "cli_seat": "--seat 应为以下之一：{seats}",
    "cli_search_empty": "请给出要搜索的内容，例如：tabletop-rules search 灵魂守护",
    "cli_no_match": "没有与 {query!r} 相符的内容",
    "cli_bot_move": "座位 {seat}（电脑）：{label}", "cli_move": "座位 {seat}：{label}",
    "cli_nothing_to_undo": "你还没有可撤销的行动。",
    "cli_undone": "已撤销：回到你上一步之前（棋谱中有 {n} 个行动）。",
    "cli_over": "对战结束：{result}", "cli_over_prompt": "u 撤销，q 退出> ", "cli_prompt": "座位 {seat}> ",
    "cli_enter_number": "请输入 1 到 {n} 的数字，或 u、h、q。", "cli_enter_uq": "请输入 u 或 q。",
    "cli_decision_for": "座位 {seat} 的决定：{prompt}", "cli_cards": "共 {n} 张",
})


# Numbers many games' views carry (the terminal board names them; a game's glossary term of the
# same id wins).
UI["en"].update({
    "hand_count": "hand count", "turn": "turn", "turn_player": "turn player", "first_player": "first player",
    "attacks": "attacks", "round": "round", "score": "score", "points": "points", "hp": "HP", "hp_max": "max HP",
    "max_hp": "max HP", "cleared": "cleared", "dealt_count": "cards dealt", "doll_hand_count": "dolls in hand",
    "spell_hand_count": "spells in hand", "mirror_deck_count": "mirror deck", "player_count": "players",
    "pet_power": "pet power", "team_pet_power": "team pet power", "monster_power": "monster power",
    "trigger_power": "trigger power", "attack": "attack", "bonus": "bonus", "count": "count", "cost": "cost",
    "own_turns": "own turns", "until": "until", "owner": "owner", "player": "player", "uid": "uid",
    "lineage_used": "lineage used", "upright": "upright", "sideways": "sideways", "round_no": "round",
})
UI["zh"].update({
    "hand_count": "手牌数", "turn": "回合", "turn_player": "回合玩家", "first_player": "先手",
    "attacks": "攻击次数", "round": "轮次", "score": "分数", "points": "点数", "hp": "HP", "hp_max": "HP 上限",
    "max_hp": "HP 上限", "cleared": "已达成", "dealt_count": "发牌数", "doll_hand_count": "手中人偶",
    "spell_hand_count": "手中法术", "mirror_deck_count": "镜牌堆", "player_count": "人数",
    "pet_power": "宠物战力", "team_pet_power": "队伍宠物战力", "monster_power": "怪物战力",
    "trigger_power": "触发方战力", "attack": "攻击", "bonus": "加值", "count": "数量", "cost": "费用",
    "own_turns": "己方回合", "until": "直到", "owner": "持有者", "player": "玩家", "uid": "编号",
    "lineage_used": "已用血统", "upright": "竖置", "sideways": "横置", "round_no": "轮次",
})
VIEW_WORDS = frozenset({
    "hand_count", "turn", "turn_player", "first_player", "attacks", "round", "score", "points", "hp", "hp_max",
    "max_hp", "cleared", "dealt_count", "doll_hand_count", "spell_hand_count", "mirror_deck_count",
    "player_count", "pet_power", "team_pet_power", "monster_power", "trigger_power", "attack", "bonus", "count",
    "cost", "own_turns", "until", "owner", "player", "uid", "lineage_used", "upright", "sideways", "round_no",
    "hand", "deck", "piles", "rested", "used", "seat"})



# The play table's help (card tooltips, Why not?), its status line and the glossary's headings.
UI_MORE: dict[str, dict[str, str]] = {
    "en": {
        "card_no_text": "(no card text)",
        "card_numbers": "Numbers",
        "card_demo_card": "demo card (invented for the kit)",
        "card_text_en_only": "card text in English only",
        "why_not": "Why not?",
        "why_card": "Card",
        "why_head": "{card} has no action now:",
        "why_other": "It is {seat}'s decision now, not yours.",
        "why_pending": "First answer the pending decision: {prompt}",
        "why_nothing": "This step offers nothing that uses this card; now you may: {kinds}.",
        "why_tip": "Pick a card of yours that no button uses, then ask why",
        "status_owned": "{seat}'s {phase}",
        "status_may_move": "{seat} ({who}) may move",
        "status_asks": "{seat} ({who}) decides: {prompt}",
        "status_win1": "{seats} wins",
        "status_win2": "{seats} win",
        "status_lose1": "{seats} loses",
        "status_lose2": "{seats} lose",
        "gloss_key_terms": "Key terms",
        "gloss_all_terms": "Full glossary ({n} terms, searchable)",
        "gloss_no_ja": "This game has no Japanese edition, so the glossary has no Japanese column.",
        "gloss_used_by": "clauses",
    },
    "zh": {
        "card_no_text": "（无卡牌文字）",
        "card_numbers": "数值",
        "card_demo_card": "示范卡（本工具自拟）",
        "card_text_en_only": "卡牌文字只有英文",
        "why_not": "为什么不行？",
        "why_card": "卡牌",
        "why_head": "{card}现在没有可做的行动：",
        "why_other": "现在由{seat}决定，不是你。",
        "why_pending": "请先回答待定的决定：{prompt}",
        "why_nothing": "这一步没有用到这张卡的行动；你现在可以：{kinds}。",
        "why_tip": "选一张没有按钮用到的卡，再问为什么",
        "status_owned": "{seat} 的{phase}",
        "status_may_move": "{seat}（{who}）可以行动",
        "status_asks": "{seat}（{who}）决定：{prompt}",
        "status_win1": "{seats}获胜",
        "status_win2": "{seats}获胜",
        "status_lose1": "{seats}落败",
        "status_lose2": "{seats}落败",
        "gloss_key_terms": "关键术语",
        "gloss_all_terms": "完整术语表（共 {n} 个，可搜索）",
        "gloss_no_ja": "本游戏没有日文版，所以术语表不列日文。",
        "gloss_used_by": "条款数",
    },
}
for _lang, _words in UI_MORE.items():
    UI[_lang].update(_words)

# Issue 36 (teaching at a glance): the table diagram, rules at a glance, grouped events and the
# plain (no-kernel) versions of the widgets (diagram.py, glance.py, explain.py, static.py).
UI["en"].update({
    "diagram_title": "{game}: the table", "diagram_players": "{n} players", "diagram_team": "Team {team}",
    "glance_title": "Rules at a glance", "glance_aim": "Aim: how to win and how to lose",
    "glance_table": "The table", "glance_setup": "Setup", "glance_turn": "A turn, in order",
    "glance_limits": "Limits: hand, deck and per turn",
    "events_times": " ({n} times)", "events_more": " … and {n} more",
    "static_glossary": "Glossary ({n} terms)", "static_rulings": "Rulings ({n})",
    "static_decision": "a decision of this project", "static_walkthrough": "The sample game, step by step",
    "static_more_steps": "… {n} more steps (use the walkthrough above)",
    "static_editor": "The position editor",
    "static_editor_intro": "The position editor builds a position from the fields below, checks it by the "
    "rules, lists the legal actions from it, shows each event with its rule, and saves the position and "
    "what happened as a ruling. A field left out takes its default.",
    "static_field": "Field", "static_holds": "What it holds", "static_limits": "Limits", "static_default": "Default",
    "static_required": "required", "static_at_least": "at least {n}", "static_more_than": "more than {n}",
    "static_at_most": "at most {n}", "static_less_than": "less than {n}", "static_min_items": "at least {n} items",
    "static_max_items": "at most {n} items", "static_kind_group": "a group of the fields below",
    "static_kind_choice": "one of: {values}", "static_kind_flag": "yes or no", "static_kind_number": "a whole number",
    "static_kind_card": "a card (picked from the game's cards)",
    "static_kind_cards": "cards: a number, or a list of card ids",
    "static_kind_seats": "one entry per seat, each with the fields below", "static_kind_yaml": "typed as YAML",
    "static_kind_seat": "a seat, 0 to {top}", "static_kind_phase": "a step of the phase flow (picked from a list)",
})
UI["zh"].update({
    "diagram_title": "{game}：桌面布置", "diagram_players": "{n} 人", "diagram_team": "{team} 队",
    "glance_title": "规则一览", "glance_aim": "目标：怎样获胜，怎样落败", "glance_table": "桌面",
    "glance_setup": "准备", "glance_turn": "一个回合的顺序", "glance_limits": "限制：手牌、卡组与每回合",
    "events_times": "（共 {n} 次）", "events_more": "……另有 {n} 条",
    "static_glossary": "术语表（共 {n} 个）", "static_rulings": "裁定（共 {n} 条）",
    "static_decision": "本项目的决定", "static_walkthrough": "示范对局，逐步说明",
    "static_more_steps": "……还有 {n} 步（请用上面的逐步演示）",
    "static_editor": "局面编辑器",
    "static_editor_intro": "局面编辑器按下列字段搭建局面，按规则检查它，列出此时可以执行的行动，逐条显示"
    "事件及其规则，并可把局面和结果保存为裁定。未填写的字段取默认值。",
    "static_field": "字段", "static_holds": "内容", "static_limits": "限制", "static_default": "默认",
    "static_required": "必填", "static_at_least": "至少 {n}", "static_more_than": "大于 {n}",
    "static_at_most": "至多 {n}", "static_less_than": "小于 {n}", "static_min_items": "至少 {n} 项",
    "static_max_items": "至多 {n} 项", "static_kind_group": "一组字段（见下）",
    "static_kind_choice": "以下之一：{values}", "static_kind_flag": "是或否", "static_kind_number": "整数",
    "static_kind_card": "一张卡（从本游戏的卡中选）", "static_kind_cards": "卡牌：一个数目，或一列卡牌编号",
    "static_kind_seats": "每个座位一项，各含下列字段", "static_kind_yaml": "以 YAML 填写",
    "static_kind_seat": "座位，0 到 {top}", "static_kind_phase": "阶段流程中的一步（从列表中选）",
})

LANGS = ("en", "zh")


def t(key: str, lang: str = "en", **kw: Any) -> str:
    """An interface word in ``lang`` (English when a translation is missing)."""
    text = UI.get(lang, UI["en"]).get(key) or UI["en"].get(key, key)
    return text.format(**kw) if kw else text


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
    if found is not None:
        text = found.zh if lang == "zh" and found.zh else found.en
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
_SOURCE_WORDS = {"decisions": "决定", "decision": "决定", "note": "注", "notes": "注", "step": "步骤",
                 "steps": "步骤", "example": "示例", "facts": "事实", "kit": "本工具", "intro": "导言",
                 "symbols": "符号", "effects": "效果", "csv": "卡表"}


def source_text(source: str, lang: str) -> str:
    """A clause's or ruling's source as a reader of ``lang`` sees it."""
    if lang != "zh" or not source:
        return source
    text = re.sub(r"\s*[(（][^()（）]*[A-Za-z][^()（）]*[)）]", "", source)
    text = re.sub(r":\s*[^;]*[a-z]{2,}[^;]*", "", text)          # an English gloss after a colon
    text = re.sub(r"[A-Za-z]{2,}", lambda m: _SOURCE_WORDS.get(m.group(0).lower(), m.group(0)
                                                               if m.group(0).isupper() else ""), text)
    text = re.sub(r"\s+([;,])", r"\1", re.sub(r"[ \t]{2,}", " ", text)).strip(" ;,")
    return text or source
