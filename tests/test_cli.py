"""The ``tabletop-rules`` command, called in-process through ``main([...])`` (plus one test of
the installed console script)."""
from __future__ import annotations

import html
import io
import json
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

import tabletop_rules as tr
from tabletop_rules import cli
from tabletop_rules.cli import main
from tabletop_rules.notebook import graph


def run(capsys, *argv):
    """main(argv) -> (exit code, stdout, stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, f"expected a one-line error, got {text!r}"
    assert "Traceback" not in text
    return lines[0]


def graphviz_program() -> str | None:
    here = pathlib.Path(sys.executable).parent / "graphviz-pure"
    return shutil.which("dot") or shutil.which("graphviz-pure") or (str(here) if here.is_file() else None)


# ----- list ------------------------------------------------------------------------------------------
def test_list_shows_buddyfight(capsys, bf):
    code, out, err = run(capsys, "list")
    assert code == 0
    line = next(ln for ln in out.splitlines() if ln.startswith("buddyfight"))
    assert bf.title["en"] in line and bf.title["zh"] in line and "2" in line


def test_installed_entry_point_lists_buddyfight():
    exe = pathlib.Path(sys.executable).parent / "tabletop-rules"
    cmd = str(exe) if exe.is_file() else shutil.which("tabletop-rules")
    if cmd is None:
        pytest.skip("the tabletop-rules console script is not installed")
    proc = subprocess.run([cmd, "list"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "buddyfight" in proc.stdout and "Future Card Buddyfight" in proc.stdout
    bad = subprocess.run([cmd, "rules", "no-such-game"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
    assert "no-such-game" in one_line(bad.stderr) and "buddyfight" in bad.stderr


def test_help_and_bad_command_line(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "simulate" in out
    code, out, err = run(capsys)
    assert code == 2 and "required" in one_line(err)
    code, out, err = run(capsys, "simulate", "buddyfight", "-n", "many")
    assert code == 2 and "'many'" in one_line(err)


def test_importing_the_cli_loads_no_graph_or_widget_library():
    code = ("import sys, tabletop_rules, tabletop_rules.cli; "
            "print([m for m in ('graphviz', 'ipywidgets', 'networkx', 'yaml', 'pydantic') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# ----- rules -----------------------------------------------------------------------------------------
def test_rules_table_lists_every_clause(capsys, bf):
    code, out, _ = run(capsys, "rules", "buddyfight")
    assert code == 0
    first_cells = {ln.split()[0].rstrip("*") for ln in out.splitlines() if ln.strip()}
    for c in bf.rules:
        assert c.id in first_cells, c.id
    ids = {c.id for c in bf.rules}
    rows = [ln for ln in out.splitlines() if ln.split() and ln.split()[0].rstrip("*") in ids]
    assert len(rows) == len(bf.rules)
    assert max(len(ln) for ln in out.splitlines()) <= 80                # fits an 80-column terminal
    marked = {ln.split()[0].rstrip("*") for ln in rows if ln.split()[0].endswith("*")}
    assert marked == {c.id for c in bf.rules if c.decision}


def test_rules_clause_names_the_function_that_decides_it(capsys):
    """One hop (issue 37): a clause decided by a rule check prints the check's file and line."""
    from tabletop_rules.games.buddyfight.turn import kept_for_size

    code, out, _ = run(capsys, "rules", "buddyfight", "BF-5.4")
    line = kept_for_size.__code__.co_firstlineno
    assert code == 0
    assert f"Decided by: tabletop_rules/games/buddyfight/turn.py:{line} kept_for_size" in out


def test_rules_table_in_chinese(capsys, bf):
    code, out, _ = run(capsys, "rules", "buddyfight", "--lang", "zh")
    assert code == 0
    assert bf.rules.clause("BF-6.7").title.zh in out


def test_rules_clause_shows_text_source_and_terms(capsys, bf):
    code, out, _ = run(capsys, "rules", "buddyfight", "BF-6.7")
    assert code == 0
    c = bf.rules.clause("BF-6.7")
    assert out.startswith("BF-6.7")
    assert c.text.en in out and c.source in out
    for tid in c.terms:
        t = bf.glossary.term(tid)
        assert t.zh in out and t.en in out and (t.ja or "") in out


def test_unknown_clause_exits_2_naming_it(capsys):
    code, out, err = run(capsys, "rules", "buddyfight", "BF-99.9")
    assert code == 2
    line = one_line(err)
    assert "BF-99.9" in line and "BF-6.7" in line          # names the problem and the known clauses
    assert out == ""


def test_unknown_game_exits_2(capsys):
    code, out, err = run(capsys, "rules", "chess")
    assert code == 2
    line = one_line(err)
    assert "chess" in line and "buddyfight" in line


# ----- graph -----------------------------------------------------------------------------------------
def test_graph_svg_contains_the_node_labels(capsys, tmp_path, bf):
    if graphviz_program() is None:
        pytest.skip("neither dot nor graphviz-pure is installed")
    target = tmp_path / "x.svg"
    code, _, err = run(capsys, "graph", "buddyfight", "-o", str(target))
    assert code == 0, err
    svg = html.unescape(target.read_text(encoding="utf-8"))
    assert "<svg" in svg
    # a long name is wrapped onto two lines (issue 36): compare the words without the line breaks
    words = re.sub(r"\s+", "", "".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg)))
    for node in bf.flow.nodes.values():
        assert re.sub(r"\s+", "", node.label.en) in words, node.id
    for phase in bf.flow.phase_defs.values():
        assert phase.label.en in svg


def test_graph_png(capsys, tmp_path):
    if graphviz_program() is None:
        pytest.skip("neither dot nor graphviz-pure is installed")
    target = tmp_path / "flow.png"
    code, _, err = run(capsys, "graph", "buddyfight", "-o", str(target), "--format", "png")
    assert code == 0, err
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_graph_dot_needs_no_program(capsys, tmp_path, monkeypatch, bf):
    monkeypatch.setattr(graph.shutil, "which", lambda name, *a, **k: None)
    monkeypatch.setenv("PATH", str(tmp_path))
    target = tmp_path / "flow.dot"
    code, _, err = run(capsys, "graph", "buddyfight", "--format", "dot", "-o", str(target), "--lang", "zh")
    assert code == 0, err
    dot = target.read_text(encoding="utf-8")
    assert "digraph buddyfight_flow {" in dot
    for node in bf.flow.nodes.values():
        assert f'"{node.id}"' in dot and (node.label.zh or node.label.en) in dot
    assert dot.count("subgraph cluster_") == len(bf.flow.phase_defs)
    for e in bf.flow.edges:
        if e.when and bf.flow.nodes[e.to].kind != "end":               # the ways to end are one notation
            assert e.when_zh and e.when_zh in dot and f'label="{e.when}"' not in dot


@pytest.mark.parametrize("gid", tr.list_games())
def test_graph_in_chinese_labels_every_edge_in_chinese(capsys, gid):
    pytest.importorskip("graphviz")
    game = tr.load_game(gid)
    code, out, err = run(capsys, "graph", gid, "--format", "dot", "-o", "-", "--lang", "zh")
    assert code == 0, err
    ends = [e for e in game.flow.edges if game.flow.nodes[e.to].kind == "end"]
    assert ("标有 ⊗ 的步骤都可能结束对局" in out) == (len(ends) > 3)      # the ways to end: one notation
    for e in game.flow.edges:
        if e.when:
            assert e.when_zh, (e.source, e.to)
            assert e.when_zh in out or (e in ends and len(ends) > 3), (e.source, e.to)
            assert f'label="{e.when}"' not in out and f"label={e.when} " not in out


def test_graph_shapes_and_clusters(bf):
    pytest.importorskip("graphviz")
    src = graph.phase_graph(bf).source                     # what the graph command draws
    kinds = {n.kind for n in bf.flow.nodes.values()}
    shapes = {graph.STYLE["kind"][k]["shape"] for k in kinds}
    assert len(shapes) == len(kinds)                       # one shape per kind of node
    for shape in shapes:
        assert f"shape={shape}" in src
    for phase in bf.flow.phase_defs:
        assert f"cluster_{list(bf.flow.phases()).index(phase)}_{phase}" in src


def test_graph_without_any_program_says_what_to_install(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(graph.shutil, "which", lambda name, *a, **k: None)
    monkeypatch.setattr(graph.sys, "executable", str(tmp_path / "python"))
    code, _, err = run(capsys, "graph", "buddyfight", "-o", str(tmp_path / "x.svg"))
    assert code != 0
    line = one_line(err)
    assert "graphviz-pure" in line and "install" in line
    assert not (tmp_path / "x.svg").exists()


# ----- check -----------------------------------------------------------------------------------------
def _check_rows(out):
    return {ln.split()[0]: ln for ln in out.splitlines()[2:-1] if ln.strip()}


def test_check_table_lists_every_ruling_and_counts_match(capsys, bf):
    code, out, _ = run(capsys, "check", "buddyfight")
    rows = _check_rows(out)
    assert set(rows) == {r.id for r in bf.rulings}
    passed = sum("  ok" in ln for ln in rows.values())
    failed = sum("  FAIL" in ln for ln in rows.values())
    assert passed + failed == len(bf.rulings)
    assert out.strip().splitlines()[-1] == f"{passed} passed, {failed} failed"
    assert code == (1 if failed else 0)


def test_check_exits_0_when_all_rulings_pass(capsys):
    code, out, _ = run(capsys, "check", "buddyfight")
    assert code == 0, out
    assert out.strip().splitlines()[-1].endswith(" 0 failed")


def test_check_unknown_ruling(capsys):
    code, _, err = run(capsys, "check", "buddyfight", "no-such-ruling")
    assert code == 2 and "no-such-ruling" in one_line(err)


# ----- simulate --------------------------------------------------------------------------------------
def _simulate_json(capsys):
    code, out, err = run(capsys, "simulate", "buddyfight", "-n", "20", "--seed", "1", "--json", "--quiet")
    assert code == 0, err
    assert err == ""                                      # --quiet: no progress
    return json.loads(out)


def test_simulate_json_summary_is_reproducible(capsys):
    a = _simulate_json(capsys)
    assert a["games"] == 20
    assert 0.0 <= a["first_player_win_rate"] <= 1.0
    assert sum(a["wins"]) + a["draws"] + a["unfinished"] == 20
    assert a["average_turns"] >= 1 and a["average_actions"] > 1 and a["actions_per_second"] > 0
    b = _simulate_json(capsys)
    for key in cli.TIMING_FIELDS:
        a.pop(key), b.pop(key)
    assert a == b


def test_simulate_text_summary_and_progress_lines(capsys):
    code, out, err = run(capsys, "simulate", "buddyfight", "-n", "10", "--seed", "3")
    assert code == 0
    for word in ("seat 0 wins", "seat 1 wins", "draws", "first player", "average turns",
                 "average actions", "actions/s"):
        assert word in out
    # stderr is not a terminal here: one progress line per 10%, no carriage returns
    lines = err.strip().splitlines()
    assert len(lines) == 10 and lines[-1].startswith("100%") and "\r" not in err


def test_simulate_unknown_bot(capsys):
    code, _, err = run(capsys, "simulate", "buddyfight", "-n", "1", "--bot", "genius")
    assert code == 2 and "genius" in one_line(err) and "monte-carlo" in err


# ----- play ------------------------------------------------------------------------------------------
def play(capsys, monkeypatch, keys, *argv):
    monkeypatch.setattr(sys, "stdin", io.StringIO(keys))
    return run(capsys, "play", "buddyfight", *argv)


def test_play_with_fake_stdin_saves_a_replayable_record(capsys, monkeypatch, tmp_path, bf):
    save = tmp_path / "game.json"
    code, out, err = play(capsys, monkeypatch, "1\n1\n1\nq\n", "--seed", "0", "--save", str(save))
    assert code == 0, err
    assert "Charge and draw?" in out and "life 10" in out and "Saved" in out
    text = save.read_text(encoding="utf-8")
    state = bf.replay(text)
    assert state.record.to_json() == text
    assert sum(a["player"] == 0 for a in state.record.actions) == 3
    # the same keys give the same game
    again = tmp_path / "again.json"
    play(capsys, monkeypatch, "1\n1\n1\nq\n", "--seed", "0", "--save", str(again))
    assert again.read_text(encoding="utf-8") == text


def test_play_undo_and_resume(capsys, monkeypatch, tmp_path, bf):
    full, undone = tmp_path / "full.json", tmp_path / "undone.json"
    play(capsys, monkeypatch, "1\n1\n1\nq\n", "--save", str(full))
    code, out, _ = play(capsys, monkeypatch, "1\n1\n1\nu\nq\n", "--save", str(undone))
    assert code == 0 and "Undone" in out
    a = json.loads(full.read_text())["actions"]
    b = json.loads(undone.read_text())["actions"]
    assert len(b) < len(a) and a[:len(b)] == b and a[len(b)]["player"] == 0
    # resume the undone game, play one more move, and the record grows from where it was
    resumed = tmp_path / "resumed.json"
    code, out, err = play(capsys, monkeypatch, "1\nq\n", "--load", str(undone), "--save", str(resumed))
    assert code == 0, err
    assert "Resumed" in out
    c = json.loads(resumed.read_text())["actions"]
    assert c[:len(b)] == b and len(c) > len(b)
    bf.replay(resumed.read_text())


def test_play_bad_input_is_asked_again_and_eof_quits(capsys, monkeypatch, tmp_path, bf):
    save = tmp_path / "g.json"
    code, out, _ = play(capsys, monkeypatch, "hello\n999\n1\n", "--save", str(save))   # no q: EOF
    assert code == 0
    assert out.count("Enter a number") == 2
    assert len(bf.replay(save.read_text()).record.actions) >= 1


def test_play_hotseat_plays_both_seats(capsys, monkeypatch, tmp_path, bf):
    save = tmp_path / "h.json"
    keys = "".join(f"{1}\n" for _ in range(40)) + "q\n"
    code, out, _ = play(capsys, monkeypatch, keys, "--hotseat", "--save", str(save))
    assert code == 0 and "(bot)" not in out
    rec = json.loads(save.read_text())
    assert {a["player"] for a in rec["actions"]} == {0, 1}


@pytest.mark.parametrize("content", [
    "this is not json",
    '{"format": "tabletop-rules-record/1", "game": "buddyfight"}',
    '{"format": "tabletop-rules-record/1", "game": "vividz", "seed": 0, "players": 2, "options": {}, "actions": []}',
    '{"format": "tabletop-rules-record/1", "game": "buddyfight", "seed": 0, "players": 2, "options": {}, '
    '"actions": [{"kind": "fly", "player": 0, "args": {}}]}',
    "[1, 2, 3]",
])
def test_play_corrupt_load_file_exits_2_with_one_line(capsys, monkeypatch, tmp_path, content):
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    code, out, err = play(capsys, monkeypatch, "q\n", "--load", str(bad))
    assert code == 2
    assert str(bad) in one_line(err)


def test_play_load_binary_or_missing_file(capsys, monkeypatch, tmp_path):
    binary = tmp_path / "bin.json"
    binary.write_bytes(bytes(range(256)))
    code, _, err = play(capsys, monkeypatch, "q\n", "--load", str(binary))
    assert code == 2 and "bin.json" in one_line(err)
    code, _, err = play(capsys, monkeypatch, "q\n", "--load", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json" in one_line(err)


def test_simulate_counts_a_solo_loss_as_a_loss_not_a_draw(capsys):
    """Story mode is played alone against the Madness: losing is a loss (state.losers), never a draw."""
    from tabletop_rules.cli import main

    assert main(["simulate", "blood-recall-story", "-n", "30", "--quiet", "--json"]) == 0
    import json

    summary = json.loads(capsys.readouterr().out)
    assert summary["draws"] == 0
    assert summary["losses"][0] > 0 and summary["wins"][0] + summary["losses"][0] == 30


# ----- in Chinese (--lang zh) ------------------------------------------------------------------------
def _english_lines(game, out: str, skip=()) -> list[str]:
    """Lines of ``out`` that hold an English sentence (ids in the first column and ``skip``-ed
    lines set aside)."""
    from chinese import english_in

    bad = []
    for ln in out.splitlines():
        if any(ln.lstrip().startswith(s) for s in skip):
            continue
        rest = ln.split(None, 1)[1] if ln.split() and "-" in ln.split()[0] else ln    # an id column
        if english_in(game, rest):
            bad.append(ln)
    return bad


@pytest.mark.parametrize("gid", tr.list_games())
def test_rules_and_check_in_chinese_have_no_english_sentence(capsys, gid):
    game = tr.load_game(gid)
    code, out, _ = run(capsys, "rules", gid, "--lang", "zh")
    assert code == 0 and "共" in out and "条款" in out
    assert not _english_lines(game, out)
    code, out, _ = run(capsys, "check", gid, "--lang", "zh")
    assert code == 0
    rows = _check_rows(out)
    assert set(rows) == {r.id for r in game.rulings} and all("  通过  " in ln for ln in rows.values())
    assert not _english_lines(game, out)


def test_check_in_chinese_shows_questions_and_verdicts(capsys, bf):
    code, out, _ = run(capsys, "check", "buddyfight", "--lang", "zh")
    assert code == 0
    rows = _check_rows(out)
    assert set(rows) == {r.id for r in bf.rulings}
    assert all("  通过  " in ln for ln in rows.values())
    for r in bf.rulings:
        assert " ".join(r.question.zh.split()) in rows[r.id]
    assert out.strip().splitlines()[-1] == f"{len(rows)} 条通过，0 条未通过"
    code, en, _ = run(capsys, "check", "buddyfight", "faq-setup-1")       # English keeps its words
    assert "  ok  " in en and bf.ruling("faq-setup-1").question.en.split()[0] in en


def test_rules_clause_in_chinese(capsys, bf):
    code, out, _ = run(capsys, "rules", "buddyfight", "BF-6.7", "--lang", "zh")
    c = bf.rules.clause("BF-6.7")
    assert code == 0 and c.text.zh in out and "出处: " in out and "术语:" in out and "Source" not in out
    # the sources' notes and the documents they name stay as written (citations)
    docs = tuple(f"{k} = " for k in bf.rules.documents)
    assert not _english_lines(bf, out, skip=("出处",) + docs)


def test_check_fails_in_chinese_say_what_differs(capsys, tmp_path, bf):
    import yaml

    r = next(r for r in bf.rulings if r.id == "faq-setup-1")
    raw = yaml.safe_load((bf.dir / "rulings.yaml").read_text(encoding="utf-8"))
    entry = next(x for x in raw["rulings"] if x["id"] == r.id)
    entry["expect"] = [{"over": True}]                    # not what happens: the ruling fails
    mine = tmp_path / "mine.yaml"
    mine.write_text(yaml.safe_dump({"game": "buddyfight", "rulings": [entry]}, allow_unicode=True), encoding="utf-8")
    code, out, _ = run(capsys, "check", "buddyfight", "--file", str(mine), "--lang", "zh")
    assert code == 1
    assert "未通过" in _check_rows(out)[r.id] and " — " in _check_rows(out)[r.id]
    assert out.strip().splitlines()[-1] == "0 条通过，1 条未通过"


def test_check_a_broken_rulings_file_says_so_in_the_readers_language(capsys, tmp_path, bf):
    import yaml

    raw = yaml.safe_load((bf.dir / "rulings.yaml").read_text(encoding="utf-8"))
    entry = dict(raw["rulings"][0])
    # a misspelt field beside the real one (a copy: a shared list would be written as a YAML alias,
    # which a reader's file may not hold, issue 33)
    entry["expectt"] = [dict(c) for c in entry["expect"]]
    mine = tmp_path / "mine.yaml"
    mine.write_text(yaml.safe_dump({"game": "buddyfight", "rulings": [entry]}, allow_unicode=True), encoding="utf-8")
    code, _, err = run(capsys, "check", "buddyfight", "--file", str(mine), "--lang", "zh")
    assert code == 1 and "无法载入你的裁定文件" in err and "未知字段" in err and "字段“expectt”" in err, err
    code, _, err = run(capsys, "check", "buddyfight", "--file", str(mine))
    assert code == 1 and "cannot load your rulings" in err and "field 'expectt'" in err and "unknown field" in err, err


def test_check_a_ruling_whose_position_is_refused_says_why_in_the_readers_language(capsys, tmp_path, bf):
    import yaml

    raw = yaml.safe_load((bf.dir / "rulings.yaml").read_text(encoding="utf-8"))
    entry = dict(raw["rulings"][0])
    entry["scenario"] = {"players": [{"hand": ["no-such-card"]}]}          # a card the game has not
    mine = tmp_path / "mine.yaml"
    mine.write_text(yaml.safe_dump({"game": "buddyfight", "rulings": [entry]}, allow_unicode=True), encoding="utf-8")
    code, _, err = run(capsys, "check", "buddyfight", "--file", str(mine), "--lang", "zh")
    assert code == 1 and f"裁定“{entry['id']}”，字段“scenario.players.0.hand”：未知的卡牌 'no-such-card'" in err, err
    code, _, err = run(capsys, "check", "buddyfight", "--file", str(mine))
    assert code == 1 and "field 'scenario.players.0.hand': unknown card 'no-such-card'" in err, err


def test_play_in_chinese(capsys, monkeypatch, tmp_path, bf):
    save = tmp_path / "zh.json"
    code, out, err = play(capsys, monkeypatch, "h\n1\nx\n1\nu\nq\n", "--seed", "0", "--save", str(save), "--lang", "zh")
    assert code == 0, err
    state = bf.new_game(seed=0)
    phase = f"{bf.flow.phase_label(bf.flow.phase_of(state.phase), 'zh')}：{bf.flow.label(state.phase, 'zh')}"
    assert f"=== {phase}（决定），轮到座位 0" in out
    assert "座位 0 (你)" in out and "座位 1 (电脑)" in out
    assert out.count("输入行动的编号") == 2                  # the greeting and h
    # 对局记录, not the chess word 棋谱 (issue 34)
    assert "请输入 1 到 " in out and "已撤销" in out and "已把对局记录" in out
    assert "Seat 0 (you)" not in out and "Enter a number" not in out
    from tabletop_rules.notebook.i18n import action_text, event_text

    for a in state.legal_actions():      # the actions and events as game.describe words them (templates)
        assert action_text(bf, a, "zh") in out
    for ev in state.log:
        if ev.kind != "phase":
            assert event_text(bf, ev, 0, "zh") in out
    bf.replay(save.read_text(encoding="utf-8"))


def test_play_reads_templates_and_prompts_in_chinese(monkeypatch, capsys, bf):
    """The board and events of ``play`` come from the template API (``prompt_zh``,
    ``event.describe``), whatever a game's engine has converted yet."""
    from tabletop_rules.cli import board
    from tabletop_rules.cli import play as play_cmd
    from tabletop_rules.core.actions import Event

    view = {"turn": 2, "players": [{"seat": 0, "life": 9, "hand_count": 3, "hand": [{"name": "A", "name_zh": "甲"}]}],
            "choice": {"player": 0, "prompt": "Choose", "prompt_zh": "请选择"}}
    lines = board.board_lines(view, 0, {0}, "zh", word=lambda k: {"turn": "回合", "life": "生命值"}.get(k, k))
    assert lines[0] == "回合 2" and lines[1].startswith("座位 0 (你): 生命值 9") and "甲" in lines[2]
    assert lines[-1] == "座位 0 的决定：请选择"
    assert board.board_lines(view, 0, {0})[-1] == "Decision for seat 0: Choose"
    battle = {"battle": {"card": "a-card", "mode": "open", "power": 5}}
    named = board.board_lines(battle, 0, {0}, "zh", card=lambda v: "甲" if v == "a-card" else None)
    assert named == ["Battle: card 甲, mode open, power 5"]
    assert board.board_lines(battle, 0, {0}) == ["Battle: card a-card, mode open, power 5"]
    say = bf.texts.say("core.seat", n=1)
    play_cmd._show_events(bf, [Event("x", say, "BF-1.1")], 0, "zh")
    assert capsys.readouterr().out == "  * 座位 1 [BF-1.1]\n"


def test_play_shows_the_result_in_chinese(capsys, monkeypatch, tmp_path, bf):
    from tabletop_rules.core.bots import RandomBot

    state, bot = bf.new_game(seed=3), RandomBot(seed=3)
    while not state.is_over:
        state.apply(bot.choose(state))
    done = tmp_path / "done.json"
    done.write_text(state.record.to_json(), encoding="utf-8")
    code, out, _ = play(capsys, monkeypatch, "q\n", "--load", str(done), "--lang", "zh")
    assert code == 0 and f"对战结束：{state.describe_result('zh')}" in out and "u 撤销，q 退出" in out



def test_play_load_a_record_whose_deck_breaks_a_rule_says_so_in_the_tables_language(capsys, monkeypatch, tmp_path,
                                                                                       bf):
    deck = bf.decks[next(iter(bf.decks))].model_dump()
    deck["cards"] = dict(list(deck["cards"].items())[:3])          # 12 cards: under BF-2.2's 50
    rec = tmp_path / "short-deck.json"
    rec.write_text(json.dumps({"format": "tabletop-rules-record/1", "game": "buddyfight", "seed": 0, "players": 2,
                               "options": {"decks": [deck, deck]}, "actions": []}), encoding="utf-8")
    code, _, err = play(capsys, monkeypatch, "q\n", "--load", str(rec), "--lang", "zh")
    assert code == 2 and "（规则 BF-2.2）" in err and "至少要 50 张" in err, err
    code, _, err = play(capsys, monkeypatch, "q\n", "--load", str(rec))
    assert code == 2 and "(rule BF-2.2)" in err and "at least 50" in err, err


@pytest.mark.parametrize("argv, zh, en", [
    (("rules", "buddyfight", "BF-99"),
     "buddyfight 中没有条款 'BF-99'；已知条款：BF-1.1、", "no clause 'BF-99' in buddyfight"),
    (("rules", "no-such-game"),
     "未知的游戏 'no-such-game'；已知的游戏：", "unknown game 'no-such-game'"),
    (("check", "vividz", "no-such-ruling"),
     "vividz 中没有裁定 'no-such-ruling'；已知裁定：", "no ruling 'no-such-ruling'"),
    (("play", "vividz", "--players", "5"),
     "vividz 由 2 名玩家进行，而不是 5 名（--players）", "played by 2 players, not 5"),
    (("play", "xianjian", "--seat", "6"),
     "--seat 应为以下之一：0、1", "--seat must be one of 0, 1"),
    (("play", "vividz", "--load", "/no/such/record.json"),
     "无法载入 /no/such/record.json：没有这个文件", "no such file"),
    (("search", "zzqqxxyy"),
     "没有与 'zzqqxxyy' 相符的内容", "nothing matches 'zzqqxxyy'"),
])
def test_what_the_command_line_refuses_reads_in_the_readers_language(capsys, monkeypatch, argv, zh, en):
    """A reader who asked for --lang zh is told what is wrong with the request in Chinese; the same
    request without it reads in English."""
    from chinese import english_in

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, err = run(capsys, *argv, "--lang", "zh")
    said = (err or out).strip().removeprefix("tabletop-rules: error: ")
    assert code != 0 and zh in said, (out, err)
    assert english_in(None, said) is None, said
    code, out, err = run(capsys, *argv)
    assert code != 0 and en in (err or out), (out, err)
