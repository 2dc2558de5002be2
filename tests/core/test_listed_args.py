"""A listed action whose args hold a list (Buddyfight's attackers) is applied straight from its listing, like
flat ones (issue 37: no second listing per such action), and still safely: a list changed in place after
listing is judged again, and the rules never share a list the caller keeps."""
from __future__ import annotations

import json
import random

import pytest

import tabletop_rules as tr
from tabletop_rules.core.actions import IllegalAction


def _position_with_list_args():
    game = tr.load_game("buddyfight")
    for seed in range(20):
        s = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            legal = s.legal_actions()
            with_list = [a for a in legal if any(type(v) is list and v for v in a.args.values())]
            if with_list:
                return s, with_list[0]
            s.apply(rng.choice(legal))
    raise AssertionError("no listed action with a list in its args")


def test_a_list_changed_in_place_is_judged_again():
    s, action = _position_with_list_args()
    before = json.dumps(s.view(None), sort_keys=True), len(s.log)
    key = next(k for k, v in action.args.items() if type(v) is list)
    action.args[key].append("nowhere")
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert (json.dumps(s.view(None), sort_keys=True), len(s.log)) == before


def test_the_rules_keep_no_list_of_the_callers():
    s, action = _position_with_list_args()
    key = next(k for k, v in action.args.items() if type(v) is list)
    listed = list(action.args[key])
    s.apply(action)
    recorded = s.record.actions[-1]["args"][key]
    action.args[key].clear()                       # the caller's own list, changed after the fact
    assert s.record.actions[-1]["args"][key] == recorded == listed
    assert json.dumps(s.view(None), sort_keys=True) == json.dumps(tr.load_game("buddyfight").replay(s.record)
                                                                  .view(None), sort_keys=True)
