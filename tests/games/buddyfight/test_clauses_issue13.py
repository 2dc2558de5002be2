"""Issue 13 (rules fidelity, second pass): one test per point, each marked with its clause."""
from __future__ import annotations

import pytest

from tabletop_rules.core import conformance

ORDER = ["start", "main", "attack", "final", "end"]


# ---------------------------------------------------------------------------------- 6 turn structure
@pytest.mark.clause("BF-3.8")
def test_bf_3_8_flow_cites_the_turn_structure(bf):
    cited = {(e.source, e.to) for e in bf.flow.edges if e.clause == "BF-3.8"}
    assert ("end.turn", "start.stand") in cited and ("start.charge", "main.actions") in cited


@pytest.mark.clause("BF-3.8")
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_bf_3_8_every_turn_runs_four_phases_in_order(bf, seed):
    st = conformance.play_random(bf, seed)
    phases = [ev.data["to"].split(".")[0] for ev in st.log if ev.kind == "phase"]
    phases = [p for p in phases if p in ORDER]
    seq = [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p]
    for a, b in zip(seq, seq[1:]):
        assert ORDER.index(b) == (ORDER.index(a) + 1) % len(ORDER), (a, b)
