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


# ---------------------------------------------------------------------------------- 10 sources
@pytest.mark.clause("BF-7.2")
def test_bf_7_2_respond_window_is_sourced_from_the_faq(bf):
    src = bf.rules.clause("BF-7.2").source
    assert "魔法卡能力 Q1" in src and "Q5" in src and "decision 2" in src


@pytest.mark.clause("BF-9.2")
def test_bf_9_2_generalises_decision_3_and_says_so(bf):
    c = bf.rules.clause("BF-9.2")
    assert c.decision and "decision 3" in c.source and "decision 3" in c.text.en


@pytest.mark.clause("BF-6.11")
def test_bf_6_11_attack_ends_at_once_is_q3(bf):
    assert "Q3" in bf.rules.clause("BF-6.11").source
