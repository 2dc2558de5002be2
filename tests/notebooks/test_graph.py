"""The phase graph (``tabletop_rules.notebook.graph``): one drawing for the notebooks and the CLI."""
from __future__ import annotations

import html
import os
import pathlib
import re
import sys

import pytest

graphviz = pytest.importorskip("graphviz")

from tabletop_rules.notebook import graph  # noqa: E402
from tabletop_rules.notebook.graph import STYLE, phase_graph, use_available_dot  # noqa: E402

q = graphviz.quoting.quote


ATTR = re.compile(r'\s*(\w+)=("(?:[^"\\]|\\.)*"|[^\s\]"]+)')


def attrs_of(src: str, head: str) -> dict:
    """The attributes of the node or edge statement that starts with ``head`` (``"a"`` or ``"a" -> "b"``)."""
    m = re.search(rf"^\s*{re.escape(head)} \[", src, re.M)
    assert m, f"no statement {head} in the DOT source"
    attrs, pos = {}, m.end()
    while src[pos] != "]":
        a = ATTR.match(src, pos)
        assert a, f"cannot read the attributes of {head}: {src[pos:pos + 40]!r}"
        key, value = a.groups()
        attrs[key] = value[1:-1] if value.startswith('"') else value
        pos = a.end()
    return attrs


def name_of(label: str) -> str:
    """A node label's name: the lines before the clause (a long name is wrapped onto two lines)."""
    return re.sub(r"(\\n|\n)\[[A-Z]+-[\d.]+\]$", "", label)


def unwrapped(text: str) -> str:
    return re.sub(r"\s+|\\n", "", text)


def edge_head(a: str, b: str) -> str:
    return f"{q(a)} -> {q(b)}"


def last_phase_edge(state):
    ev = [e for e in state.log if e.kind == "phase"][-1]
    return ev.data["from"], ev.data["to"]


@pytest.fixture(scope="module")
def state(bf):
    return bf.new_game(seed=1)


def _ends(game):
    return [e for e in game.flow.edges if game.flow.nodes[e.to].kind == "end"]


def test_every_node_and_edge_is_drawn(bf):
    """Every node, and every edge but the ways to end the game: those (more than three) are one
    notation, a mark on each node the game can end from and one line at the end node (issue 12)."""
    src = phase_graph(bf).source
    for nid in bf.flow.nodes:
        assert re.search(rf"^\s*{re.escape(q(nid))} \[", src, re.M), nid
    ends = _ends(bf)
    assert len(ends) > 3
    for e in bf.flow.edges:
        if e in ends:
            assert edge_head(e.source, e.to) not in src
            assert name_of(attrs_of(src, q(e.source))["label"]).endswith("⊗"), e.source
            continue
        assert edge_head(e.source, e.to) in src, (e.source, e.to)
        if e.when:      # an edge within a phase carries a label, one that leaves it an xlabel (issue 36)
            a = attrs_of(src, edge_head(e.source, e.to))
            assert a.get("label", a.get("xlabel")) == e.when
            assert ("label" in a) == (bf.flow.phase_of(e.source) == bf.flow.phase_of(e.to))
    # the end node hangs below the flow by one invisible edge (issue 36)
    assert src.count(" -> ") - src.count("style=invis") == len(bf.flow.edges) - len(ends)
    assert src.count("style=invis") == 1
    assert "the game can end from every step marked ⊗" in attrs_of(src, q("game-over"))["label"].replace("\n", " ")


def test_the_way_the_game_just_ended_is_drawn(bf):
    from tabletop_rules.notebook.graph import phase_graph as pg

    ended = next(e for e in _ends(bf))

    class Pos:                                     # a position whose last step was that end edge
        phase = ended.to
        log = [type("E", (), {"kind": "phase", "data": {"from": ended.source, "to": ended.to}})()]

    src = pg(bf, Pos()).source
    assert edge_head(ended.source, ended.to) in src


def test_title_clusters_shapes_and_tooltips(bf):
    src = phase_graph(bf).source
    assert f"{bf.title['en']}: phase flow" in src
    assert src.count("subgraph cluster_") == len(bf.flow.phase_defs)     # one-node phases stay bare
    for phase in bf.flow.phase_defs.values():
        assert f"label={q(phase.label.en)}" in src
    for node in bf.flow.nodes.values():
        a = attrs_of(src, q(node.id))
        assert a["shape"] == STYLE["kind"][node.kind]["shape"]
        if node.clause:
            assert a["tooltip"] == f"{node.id}: {bf.rules.clause(node.clause).cite('en')}"
    for e in bf.flow.edges:
        if e.clause and e not in _ends(bf):
            assert attrs_of(src, edge_head(e.source, e.to))["tooltip"] == bf.rules.clause(e.clause).cite("en")


def test_without_a_state_nothing_is_lit(bf):
    src = phase_graph(bf).source
    for key in ("current", "previous", "visited"):
        assert STYLE[key]["fillcolor"] not in src
    assert f"penwidth={STYLE['last_edge']['penwidth']}" not in src


def test_state_lights_the_current_node_and_the_last_edge(bf, state):
    src = phase_graph(bf, state).source
    cur = attrs_of(src, q(state.phase))
    for k, v in STYLE["current"].items():
        assert cur[k] == v, k
    a, b = last_phase_edge(state)
    assert b == state.phase
    assert attrs_of(src, q(a))["fillcolor"] == STYLE["previous"]["fillcolor"]
    last = attrs_of(src, edge_head(a, b))
    for k, v in STYLE["last_edge"].items():
        assert last[k] == v, k
    assert attrs_of(src, q(bf.flow.start))["fillcolor"] == STYLE["visited"]["fillcolor"]
    assert src.count(f"penwidth={STYLE['last_edge']['penwidth']}") == 1     # only that edge


def test_chinese_labels_from_flow_yaml(bf):
    src = phase_graph(bf, lang="zh").source
    assert f"{bf.title['zh']}: 阶段流程" in src
    for node in bf.flow.nodes.values():
        label = attrs_of(src, q(node.id))["label"]
        name = unwrapped(node.label.zh or node.label.en)
        if node.kind == "end":          # the end node's name, then the ways the game ends
            assert unwrapped(label).startswith(name)
        else:
            assert unwrapped(name_of(label)).removesuffix("⊗") == name
        if node.label.zh:
            # graphviz-pure has no CJK font metrics: such nodes get a minimum width
            assert float(attrs_of(src, q(node.id))["width"]) > 0.3
        if node.clause:
            assert bf.rules.clause(node.clause).cite("zh") in attrs_of(src, q(node.id))["tooltip"]
    for phase in bf.flow.phase_defs.values():
        assert f"label={q(phase.label.zh)}" in src
    for e in bf.flow.edges:                                            # edge labels follow the language
        if e.when and e not in _ends(bf):
            assert e.when_zh, (e.source, e.to)
            a = attrs_of(src, edge_head(e.source, e.to))
            assert a.get("label", a.get("xlabel")) == e.when_zh
    assert "width=" not in phase_graph(bf).source                      # English needs no help


def test_custom_style_changes_the_output(bf, state):
    kinds = {**STYLE["kind"], "decision": {"shape": "diamond"}}
    src = phase_graph(bf, state, style={"current": {"fillcolor": "#123456"}, "kind": kinds}).source
    assert attrs_of(src, q(state.phase))["fillcolor"] == "#123456"
    assert STYLE["current"]["fillcolor"] not in src
    decision = next(n for n in bf.flow.nodes.values() if n.kind == "decision")
    assert attrs_of(src, q(decision.id))["shape"] == "diamond"
    assert STYLE["current"]["fillcolor"] == "#f5a623"                   # the default is untouched
    assert phase_graph(bf, state).source != src


def test_renders_svg_when_a_program_is_found(bf, state):
    if use_available_dot() is None:
        pytest.skip("neither dot nor graphviz-pure is installed")
    svg = html.unescape(phase_graph(bf, state).pipe(format="svg").decode("utf-8"))
    assert "<svg" in svg
    words = unwrapped("".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg)))
    for node in bf.flow.nodes.values():
        assert unwrapped(node.label.en) in words, node.id
    assert bf.rules.clause(bf.flow.nodes[state.phase].clause).cite("en") in svg       # tooltips as <title>
    svg_zh = phase_graph(bf, state, lang="zh").pipe(format="svg").decode("utf-8")
    assert bf.flow.label(state.phase, "zh") in html.unescape(svg_zh)


def test_use_available_dot_finds_nothing(monkeypatch, tmp_path):
    monkeypatch.setattr(graph.shutil, "which", lambda name, *a, **k: None)
    monkeypatch.setattr(graph.sys, "executable", str(tmp_path / "python"))
    assert use_available_dot() is None


@pytest.mark.skipif(os.name == "nt", reason="an executable script needs POSIX permissions")
def test_use_available_dot_finds_graphviz_pure_beside_python(monkeypatch, tmp_path):
    import graphviz.backend.dot_command as dot_command

    monkeypatch.setattr(dot_command, "DOT_BINARY", dot_command.DOT_BINARY)   # restored afterwards
    fake = tmp_path / "graphviz-pure"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setattr(graph.sysconfig, "get_path", lambda name, *a, **k: str(empty))
    monkeypatch.setattr(graph.sys, "executable", str(tmp_path / "python"))
    assert use_available_dot() == str(fake)
    assert dot_command.DOT_BINARY == pathlib.Path(fake)
    monkeypatch.setattr(graph.sys, "executable", sys.executable)
    (empty / "dot").write_text("#!/bin/sh\nexit 0\n")
    (empty / "dot").chmod(0o755)
    assert use_available_dot() == "dot"                                  # dot wins when on PATH
