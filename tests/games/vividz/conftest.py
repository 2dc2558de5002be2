"""Fixtures for the Vividz tests: the game (loaded directly: it is registered by the lead) and a kit."""
from __future__ import annotations

import pytest
from vv_helpers import Kit

from tabletop_rules.games.vividz import load


@pytest.fixture(scope="session")
def vv():
    return load()


@pytest.fixture(scope="session")
def kit(vv):
    return Kit(vv)
