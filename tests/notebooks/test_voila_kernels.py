"""Issue 40.1: with preheated kernels, a kernel handed to a page is not culled before the page has
connected to it (it has been idle since it drew its table), and a kernel no page ever connects to
is still culled after the grace (voila.json names this manager)."""
from __future__ import annotations

import asyncio
import json
import pathlib

import pytest

pytest.importorskip("jupyter_server")

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from tabletop_rules.notebook import voila_kernels
from tabletop_rules.notebook.voila_kernels import ClassroomKernelManager

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def manager(monkeypatch):
    asked: list[str] = []

    async def parent_cull(self, kernel_id):
        asked.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", parent_cull)
    clock = [1000.0]
    monkeypatch.setattr(voila_kernels.time, "monotonic", lambda: clock[0])
    km = ClassroomKernelManager(handover_grace=60.0)
    return km, asked, clock


def cull(km, kid):
    asyncio.run(km.cull_kernel_if_idle(kid))


def test_a_kernel_never_connected_is_kept_for_the_grace_then_culled(manager):
    km, asked, clock = manager
    cull(km, "k")                       # handed to a page that has not connected yet
    clock[0] += 59
    cull(km, "k")
    assert asked == []                  # the culling was not even asked
    clock[0] += 2
    cull(km, "k")
    assert asked == ["k"]               # a page that never connects does not keep it for ever


def test_a_kernel_once_connected_is_culled_as_jupyter_decides(manager):
    km, asked, clock = manager
    km._kernel_connections["k"] = 1
    cull(km, "k")                       # its page is there: Jupyter's rules (cull_connected false) decide
    km._kernel_connections["k"] = 0
    cull(km, "k")                       # the page left: no grace any more
    assert asked == ["k", "k"]


def test_the_shipped_settings_name_this_manager_and_preheat():
    shipped = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    conf = shipped["VoilaConfiguration"]
    assert conf["multi_kernel_manager_class"] == "tabletop_rules.notebook.voila_kernels.ClassroomKernelManager"
    assert conf["preheat_kernel"] is True and conf["default_pool_size"] >= 1
    # a table drawn by a busy server's kernel after Voila's 4 s default was dropped (issue 40.3)
    assert shipped["VoilaExecutor"]["iopub_timeout"] >= 30
