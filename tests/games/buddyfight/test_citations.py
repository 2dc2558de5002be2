"""A log line cites the rule that caused it (issue 12): an effect's return to hand cites the rule
it resolves under, not Soulguard's; the battle step cites damage to the fighter when the fighter
is attacked, and the comparison of power and defense when a monster is."""
from __future__ import annotations

import random

import pytest

import tabletop_rules as tr


@pytest.fixture(scope="module")
def bf():
    return tr.load_game("buddyfight")


@pytest.mark.clause("BF-7.4", "BF-9.3")
def test_a_bounce_by_an_effect_cites_its_resolution_not_soulguard(bf):
    res = bf.ruling("soul-leaves-with-its-monster").check()
    bounces = [e for e in res.events if e.kind == "bounce"]
    resolve = next(e for e in res.events if e.kind == "resolve")
    assert bounces and all(e.clause == resolve.clause != "BF-9.3" for e in bounces)


@pytest.mark.clause("BF-6.7", "BF-6.9")
def test_the_battle_step_cites_what_decides_it(bf):
    seen = {"BF-6.9": 0, "other": 0}
    for seed in range(12):
        rng = random.Random(seed)
        s = bf.new_game(seed=seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        log = s.log
        for i, e in enumerate(log):
            if e.kind != "phase" or e.data["to"] != "attack.battle":
                continue
            after = []
            for x in log[i + 1:]:
                if x.kind == "phase":
                    break
                after.append(x)
            fighter_hit = any(x.kind == "damage" and x.clause == "BF-6.9" for x in after)
            monster_fought = any(x.kind == "battle" for x in after)
            if fighter_hit:
                assert e.clause == "BF-6.9"
                seen["BF-6.9"] += 1
            elif monster_fought:
                assert e.clause != "BF-6.9"
                seen["other"] += 1
    assert seen["BF-6.9"] and seen["other"]
