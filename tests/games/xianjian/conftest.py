"""Fixtures for the Sword-and-Fairy tests (tests/games/xianjian/).

The tests take the ``kit`` fixture: a small toolbox around the public API (scenario, legal
actions, apply) so each test reads as "set up a position, do X, the rule says Y". Until the game
is registered in ``tabletop_rules.list_games()`` it is loaded straight from its package.
"""
from __future__ import annotations

import pytest
from xj_helpers import Kit

from tabletop_rules.games.xianjian import load


@pytest.fixture(scope="session")
def xj():
    return load()


@pytest.fixture(scope="session")
def kit(xj):
    return Kit(xj)
