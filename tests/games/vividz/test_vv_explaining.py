"""Random games keep their records across speed-ups. (That listing and explaining agree is checked for
every game once, by core/conformance.py's ``listing_agrees``: tests/core/test_listing_agrees.py.)"""
from __future__ import annotations

import hashlib
import json

from tabletop_rules.core.bots import RandomBot


def test_random_games_keep_their_records(vv):
    """Random games stay what they were before the listers were sped up: a fingerprint of the
    actions of seeds 0..9 (RandomBot(seed) for both seats), taken before the change."""
    h = hashlib.sha256()
    for seed in range(10):
        st = vv.new_game(seed=seed)
        bot = RandomBot(seed)
        while not st.is_over:
            st.apply(bot.choose(st))
        h.update(json.dumps(st.record.actions, sort_keys=True).encode())
    assert h.hexdigest()[:16] == FINGERPRINT


FINGERPRINT = "2d51909386698754"  # retaken for issue 32: missions placed and energy chosen by the players
