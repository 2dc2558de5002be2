"""The phase flow of a game: phases and steps as nodes, the ways between them as edges.

Declared as data in ``flow.yaml`` (boardgame.io's habit: the turn structure is data, not
code), and checked at run time: every phase change the engine makes must be an edge here.
Labels are bilingual: a node's or phase's ``label: {en, zh}``, an edge's ``when: {en, zh}`` (an
older file's plain ``when: "..."`` still loads, with ``when_zh`` beside it or English only).
networkx is imported only when ``.graph`` is first used, so the engine stays light.

A decision node also says what it offers: ``moves`` names the listers (``Book.moves``) whose
actions a player may take there, in order; ``waits`` names the decisions (``Book.choices``) the
node is there to ask; ``explain`` names listers asked only to say why their kinds are refused
there. ``bind_moves`` checks those names against the game's book when the game loads (a DataError
naming the file, the node and the field) and binds them: the engine offers what the file says,
and the phase graph shows it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from .datafile import DataError, Strict, entries, entry_name, read_yaml, unique, validate
from .rulebook import RuleBook, Text


class FlowNode(Strict):
    id: str
    label: Text
    kind: Literal["phase", "step", "decision", "end"]
    phase: str | None = None       # the cluster (phase) a step belongs to; None for a phase itself
    clause: str | None = None
    note: str | None = None
    moves: list[str] = []          # decision node: the listers whose actions it offers, in order
    waits: list[str] = []          # decision node: the decisions (Book.choices) it is there to ask
    explain: list[str] = []        # listers asked only to explain a refusal at this node


class FlowPhase(Strict):
    """A phase: drawn as a cluster around its steps."""
    id: str
    label: Text
    clause: str | None = None


class FlowEdge(Strict):
    """A way between two nodes. ``when`` (English) and ``when_zh`` (Chinese) say when it is taken;
    a file may write ``when: {en: ..., zh: ...}`` or ``when: "..."`` with ``when_zh: "..."``."""
    # `from` is a Python keyword, hence the alias.
    source: str
    to: str
    when: str | None = None
    when_zh: str | None = None
    clause: str | None = None

    model_config = Strict.model_config | {"populate_by_name": True}

    def label(self, lang: str = "en") -> str:
        """When the edge is taken, in ``lang`` (English when there is no Chinese; "" for none)."""
        return ((self.when_zh or self.when) if lang == "zh" else self.when) or ""


class PhaseFlow:
    """Nodes and edges of one game's flow, with a lazily built ``networkx.DiGraph``."""

    def __init__(self, nodes: list[FlowNode], edges: list[FlowEdge], start: str,
                 phases: list[FlowPhase] | None = None):
        self.nodes = {n.id: n for n in nodes}
        self.phase_defs = {p.id: p for p in phases or []}
        self.edges = edges
        self.start = start
        # (from, to) -> (event text, clause of the node entered): phase events are frequent.
        # (from, to) -> (English text, the clause a phase event cites): the edge's own clause (the
        # rule that moves the game that way), else the clause of the node entered.
        self.transitions = {(e.source, e.to): (f"{self.nodes[e.source].label.en} -> {self.nodes[e.to].label.en}",
                                               e.clause or self.nodes[e.to].clause) for e in edges}
        self._graph: Any = None

    @property
    def graph(self) -> Any:
        if self._graph is None:
            import networkx as nx

            g = nx.DiGraph()
            for n in self.nodes.values():
                g.add_node(n.id, label=n.label.en, label_zh=n.label.zh, kind=n.kind,
                           phase=n.phase or n.id, clause=n.clause)
            for e in self.edges:
                g.add_edge(e.source, e.to, when=e.when or "", when_zh=e.when_zh or "", clause=e.clause)
            self._graph = g
        return self._graph

    def label(self, node: str, lang: str = "en") -> str:
        lab = self.nodes[node].label
        return (lab.zh or lab.en) if lang == "zh" else lab.en

    def phases(self) -> list[str]:
        """Cluster ids in order (declared phases first, then any phase node of its own)."""
        out: list[str] = list(self.phase_defs)
        for n in self.nodes.values():
            p = n.phase or n.id
            if p not in out:
                out.append(p)
        return out

    def phase_of(self, node: str) -> str:
        n = self.nodes[node]
        return n.phase or n.id

    def phase_label(self, phase: str, lang: str = "en") -> str:
        if phase in self.phase_defs:
            lab = self.phase_defs[phase].label
        else:
            lab = self.nodes[phase].label
        return (lab.zh or lab.en) if lang == "zh" else lab.en


def load_flow(path: Path, rules: RuleBook | None = None) -> PhaseFlow:
    data = read_yaml(path)
    raw_phases = data.get("phases") or [] if isinstance(data, dict) else []
    phases = [validate(FlowPhase, it, path, entry_name(it, i, "phase")) for i, it in enumerate(raw_phases)]
    raw_nodes = entries(data, "nodes", path, "node")
    nodes = [validate(FlowNode, it, path, entry_name(it, i, "node")) for i, it in enumerate(raw_nodes)]
    unique((n.id for n in nodes), path, "node")
    ids = {n.id for n in nodes}
    phase_ids = ids | {p.id for p in phases}
    raw_edges = entries(data, "edges", path, "edge")
    edges = []
    for i, it in enumerate(raw_edges):
        name = f"edge #{i + 1}"
        if isinstance(it, dict) and "from" in it:
            it = {("source" if k == "from" else k): v for k, v in it.items()}
            name = f"edge {it.get('source')} -> {it.get('to')}"
        if isinstance(it, dict) and isinstance(it.get("when"), dict):
            when = it["when"]
            if set(when) - {"en", "zh"} or not isinstance(when.get("en"), str):
                raise DataError(path, "expected a sentence or {en: ..., zh: ...}", entry=name, field="when")
            if "when_zh" in it:
                raise DataError(path, "give the Chinese in when: {en, zh} or in when_zh, not both",
                                entry=name, field="when_zh")
            it = {**it, "when": when["en"], "when_zh": when.get("zh")}
        e = validate(FlowEdge, it, path, name)
        for end in (e.source, e.to):
            if end not in ids:
                raise DataError(path, f"unknown node {end!r}", entry=name, field="from/to")
        edges.append(e)
    for n in nodes:
        for field in ("moves", "waits", "explain"):
            if getattr(n, field) and n.kind != "decision":
                raise DataError(path, f"only a decision node offers moves or waits for a decision (this is a {n.kind})",
                                entry=f"node '{n.id}'", field=field)
        if n.phase is not None and n.phase not in phase_ids:
            raise DataError(path, f"unknown phase {n.phase!r}", entry=f"node '{n.id}'", field="phase")
        if rules is not None and n.clause and n.clause not in rules:
            raise DataError(path, f"unknown clause {n.clause!r}", entry=f"node '{n.id}'", field="clause")
    if rules is not None:
        for e in edges:
            if e.clause and e.clause not in rules:
                raise DataError(path, f"unknown clause {e.clause!r}", entry=f"edge {e.source} -> {e.to}",
                                field="clause")
    if not nodes:
        raise DataError(path, "a flow needs at least one node", field="nodes")
    start = data.get("start") or nodes[0].id
    if not isinstance(start, str):
        raise DataError(path, f"the start is one node id, not {start!r:.60}", field="start")
    if start not in ids:
        raise DataError(path, f"unknown start node {start!r}", field="start")
    _check_connected(path, nodes, edges, start)
    return PhaseFlow(nodes, edges, start, phases)


def _check_connected(path: Path, nodes: list[FlowNode], edges: list[FlowEdge], start: str) -> None:
    """Every node is reached from the start and every node but an end leads on: an edge the
    engine needs and the file lacks mostly shows here, at load, instead of as an "engine bug"
    at the first game that takes it. (Which edges the engine takes is known only by playing:
    the conformance tests' random play checks the rest.)"""
    out: dict[str, list[str]] = {n.id: [] for n in nodes}
    for e in edges:
        out[e.source].append(e.to)
    for n in nodes:
        if n.kind != "end" and not out[n.id]:
            raise DataError(path, "no edge leaves this node (only an end node may have none)",
                            entry=f"node '{n.id}'", field="edges")
    seen, todo = {start}, [start]
    while todo:
        for nxt in out[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    for n in nodes:
        if n.id not in seen:
            raise DataError(path, f"no path of edges leads here from the start node {start!r}",
                            entry=f"node '{n.id}'", field="edges")


def bind_moves(flow: PhaseFlow, book: Any, path: Path) -> None:
    """Check what each decision node of ``flow`` names against ``book`` (its listers, their kinds,
    its decisions) and bind the node's listers (``Moves.bind``). A node naming an unknown lister or
    decision, a lister offering an undeclared kind, or a decision node that offers nothing is
    refused with the file, the node and the field."""
    moves = book.moves
    bound: dict[str, tuple[list[str], list[str]]] = {}
    for n in flow.nodes.values():
        entry = f"node '{n.id}'"
        for field in ("moves", "explain"):
            for name in getattr(n, field):
                if name not in moves.listers:
                    known = ", ".join(sorted(moves.listers)) or "none"
                    raise DataError(path, f"unknown move {name!r} (known: {known})", entry=entry, field=field)
                for kind in moves.lister_kinds.get(name, ()):
                    if kind not in moves.kinds:
                        raise DataError(path, f"{name!r} offers the action kind {kind!r}, which the game does "
                                              "not declare", entry=entry, field=field)
        for name in n.waits:
            if name not in book.choices:
                known = ", ".join(sorted(book.choices)) or "none"
                raise DataError(path, f"unknown decision {name!r} (known: {known})", entry=entry, field="waits")
        if n.kind == "decision" and not (n.moves or n.waits):
            raise DataError(path, "a decision node names the moves it offers or the decision it waits for",
                            entry=entry, field="moves")
        if n.moves or n.explain:
            bound[n.id] = (n.moves, n.explain)
    moves.bind(bound)


def node_offers(game: Any, node: str) -> list[str]:
    """The action kinds a node offers, in order: its listers' kinds, then those of the decisions it
    waits for (a decision's own lister, or its options' kind). For the phase graph and the
    reference; the words are the kinds' labels (``Game.kind_label``)."""
    book = getattr(game.state_cls, "book", None)
    n = game.flow.nodes[node]
    if book is None:
        return []
    moves = book.moves
    out: list[str] = []
    for name in n.moves:
        out += moves.lister_kinds.get(name, ())
    for name in n.waits:
        out += moves.lister_kinds.get(name, ()) or ((name,) if name in moves.kinds else ())
    return list(dict.fromkeys(out))
