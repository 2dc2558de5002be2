"""flow.yaml must hold every phase change the engine makes (issue 16): the engine declares them
beside its code (``edges-<game>.json``, see core/flowneeds.py) and loading refuses a flow file that
lacks one, naming the file, the edge and the field, instead of failing mid-game as an engine bug."""
from __future__ import annotations

import shutil

import pytest
import yaml

from tabletop_rules import game_loader, list_games, load_game
from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.flowneeds import declared, explore


@pytest.mark.parametrize("game_id", list_games())
def test_the_declaration_holds_every_phase_change_random_play_makes(game_id):
    game = load_game(game_id)
    needs = set(declared(game_id, game.state_cls) or ())
    assert needs, f"{game_id} declares no phase changes"
    assert needs <= set(game.flow.transitions)
    taken = explore(game, seeds=6, limit=1500)
    missing = sorted(taken - needs)
    assert not missing, (f"{game_id}: the engine took {missing} which edges-{game_id}.json does not declare; "
                         f"run `python -m tabletop_rules.core.flowneeds {game_id} --write`")


def _load_from(game_id, directory):
    return game_loader(game_id)(directory)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list_games())
def test_a_flow_file_lacking_an_edge_the_engine_takes_is_refused_at_load(game_id, tmp_path):
    game = load_game(game_id)
    needs = declared(game_id, game.state_cls) or []
    shutil.copytree(game.dir.parent, tmp_path / "data")     # games may share files (blood-recall-common)
    work = tmp_path / "data" / game.dir.name
    flow = yaml.safe_load((game.dir / "flow.yaml").read_text(encoding="utf-8"))
    refused = 0
    for a, b in needs:
        edges = [e for e in flow["edges"] if (e["from"], e["to"]) != (a, b)]
        (work / "flow.yaml").write_text(yaml.safe_dump({**flow, "edges": edges}, allow_unicode=True), encoding="utf-8")
        with pytest.raises(DataError) as err:
            _load_from(game_id, work)
        # This check names the edge; an earlier one may name a node the removal cut off.
        msg = str(err.value)
        named = (f"edge {a} -> {b}", f"node '{a}'", f"node '{b}'")
        assert "flow.yaml" in msg and "field 'edges'" in msg and any(n in msg for n in named), msg
        refused += 1
    assert refused == len(needs) > 0


@pytest.mark.parametrize("game_id", list_games())
def test_phase_events_cite_their_edge(game_id):
    """A phase event cites the rule that moved the game (issue 12): the edge's own clause when
    the flow gives one, never the entered node's clause instead; the engine may name a more
    specific clause (``goto(to, clause)``), which must then be a clause of the game."""
    game = load_game(game_id)
    edges = {(e.source, e.to): e for e in game.flow.edges}
    for seed in range(3):
        import random

        rng = random.Random(seed)
        state = game.new_game(seed=seed, players=game.player_counts[0])
        for _ in range(400):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        for ev in state.log:
            if ev.kind != "phase":
                continue
            edge = edges[(ev.data["from"], ev.data["to"])]
            assert ev.clause in game.rules, (ev.data, ev.clause)
            if edge.clause and ev.clause != edge.clause:
                # a clause the engine passed: it must not be the entered node's fixed clause
                assert ev.clause != game.flow.nodes[edge.to].clause, (ev.data, ev.clause)
