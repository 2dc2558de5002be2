"""Moves declared in the flow (issue 37.4): each decision node of flow.yaml names the listers it offers
(``moves``) or the decisions it waits for (``waits``); the names are checked when the game loads, the engine
offers exactly what the file says, and the phase graph shows it."""
from __future__ import annotations

import random
import re
import shutil

import pytest

import tabletop_rules as tr
from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.flow import node_offers
from tabletop_rules.notebook.graph import OFFERS_MARK, phase_graph

GAMES = tr.list_games()


@pytest.mark.parametrize("gid", GAMES)
def test_the_engine_offers_what_each_node_declares(gid):
    """Every decision node declares what it offers; the bound listers are the file's, in its order; in random
    play, with no decision pending, every legal action is of a kind the node's listers offer."""
    game = tr.load_game(gid)
    moves = game.state_cls.book.moves
    for n in game.flow.nodes.values():
        if n.kind == "decision":
            assert n.moves or n.waits, n.id
        assert [moves.listers.name_of(fn) for fn in moves.phases.get(n.id, ())] == n.moves, n.id
    assert set(moves.phases) == {n.id for n in game.flow.nodes.values() if n.moves}
    seen = set()
    for seed in range(4):
        rng = random.Random(seed)
        s = game.new_game(seed=seed, players=game.player_counts[0])
        for _ in range(400):
            if s.is_over:
                break
            legal = s.legal_actions()
            if not s.choices:
                node = game.flow.nodes[s.phase]
                assert node.kind == "decision" and node.moves, s.phase
                kinds = set(node_offers(game, s.phase))
                assert {a.kind for a in legal} <= kinds, s.phase
                seen.add(s.phase)
            s.apply(rng.choice(legal))
    assert seen


def _copy(gid, tmp_path):
    src = tr.load_game(gid).dir
    dst = tmp_path / gid
    shutil.copytree(src, dst)
    return dst


@pytest.mark.parametrize("old, new, field, says", [
    ("moves: [main_cards, plays, main_end, moves]", "moves: [main_cards, plays, main_end, moovs]", "moves",
     "unknown move 'moovs'"),
    ("waits: [move]", "waits: [mooove]", "waits", "unknown decision 'mooove'"),
    ("waits: [move]", "", "moves", "names the moves it offers or the decision it waits for"),
])
def test_a_flow_naming_an_unknown_move_is_refused_at_load(tmp_path, old, new, field, says):
    """A node naming a lister or a decision the game does not have, or a decision node offering nothing, fails
    when the game loads with the file, the node and the field; the game's bindings are left as they were."""
    before = dict(tr.load_game("buddyfight").state_cls.book.moves.phases)
    folder = _copy("buddyfight", tmp_path)
    flow = folder / "flow.yaml"
    text = flow.read_text(encoding="utf-8")
    assert old in text
    flow.write_text(text.replace(", " + old if not new else old, new if new else ""), encoding="utf-8")
    with pytest.raises(DataError) as err:
        tr.game_loader("buddyfight")(directory=folder)
    msg = str(err.value)
    assert "flow.yaml" in msg and f"field '{field}'" in msg and "node '" in msg and says in msg, msg
    assert tr.load_game("buddyfight").state_cls.book.moves.phases == before


def test_only_a_decision_node_offers_moves(tmp_path):
    """A step passes by itself (no one chooses there): a step naming moves is refused, naming the node."""
    folder = _copy("mirror-dolls", tmp_path)
    flow = folder / "flow.yaml"
    text = flow.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.strip().startswith("- {id: end.turn,"))
    flow.write_text(text.replace(line, line[:-1] + ", moves: [end_actions]}"), encoding="utf-8")
    with pytest.raises(DataError, match=r"node 'end.turn', field 'moves'.*only a decision node"):
        tr.game_loader("mirror-dolls")(directory=folder)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_phase_graph_shows_what_each_node_offers(lang):
    """Each decision node of the drawing carries the game's words for the kinds it offers (Buddyfight's main
    phase: call, cast, end the main phase; the move window waits for [Move])."""
    game = tr.load_game("buddyfight")
    src = phase_graph(game, lang=lang).source
    for node in ("main.actions", "attack.move"):
        body = re.search(r'^\s*"?' + re.escape(node) + r'"? \[(.*?)\]$', src, re.S | re.M)
        m = re.search(r'xlabel="([^"]*)"', body.group(1)) if body else None
        assert m, node
        words = m.group(1).replace("\\n", " ")
        assert words.startswith(OFFERS_MARK)
        for kind in node_offers(game, node):
            label = game.kind_label(kind, lang)
            if label:
                assert unwrap(label) in unwrap(words), (node, label)
    assert node_offers(game, "main.actions")[:2] == ["call", "equip"]
    assert "move" in node_offers(game, "attack.move")


def unwrap(text: str) -> str:
    return re.sub(r"\s+", "", text)
