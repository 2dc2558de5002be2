"""The kernel manager the classroom settings (``voila.json``) give Voila: Jupyter's own, with one
gap of idle-kernel culling closed for preheated kernels (issue 40.1).

Voila keeps a preheated kernel out of the culling while it waits in its pool. A page that takes
it gets a kernel that has been idle since it drew its table, possibly for longer than
``cull_idle_timeout``, and that has no connection until the page's scripts open one a second or
two later: a cull check in that gap shut it down and the page never showed its table (seen with a
4 s timeout; with 90 s it hits a page now and then). Here a kernel that has never been seen
connected is left alone for ``handover_grace`` seconds from the first check that finds it so; a
kernel whose page never connects is culled after that, as before.

Only a Voila server imports this module (``import tabletop_rules`` does not).
"""
from __future__ import annotations

import time
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float


class ClassroomKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` whose culling gives a kernel time to be connected first."""

    handover_grace = Float(60.0, config=True,
                           help="Seconds a kernel never seen connected is kept from the culling.")

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._seen_connected: set[str] = set()
        self._waiting_since: dict[str, float] = {}

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if len(self._seen_connected) + len(self._waiting_since) > 4 * len(self._kernels) + 64:
            live = set(self._kernels)          # forget kernels shut down since (bounded memory)
            self._seen_connected &= live
            self._waiting_since = {k: v for k, v in self._waiting_since.items() if k in live}
        if self._kernel_connections.get(kernel_id, 0) > 0:
            self._seen_connected.add(kernel_id)
            self._waiting_since.pop(kernel_id, None)
        elif kernel_id not in self._seen_connected:
            since = self._waiting_since.setdefault(kernel_id, time.monotonic())
            if time.monotonic() - since < self.handover_grace:
                return
        await super().cull_kernel_if_idle(kernel_id)
