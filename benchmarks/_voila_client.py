"""A light Voila client (issue 40.3): what a student's browser asks of the server, without a browser.

A class's browsers run on the students' own machines; 30 Chromiums on the server's two cores
measured the browsers, not the server. This client sends what Voila's page sends, and nothing
of the drawing:

1. ``GET /voila/render/<app>.ipynb`` (the page: the notebook run, or a preheated kernel's page)
   and the page's own scripts and style sheets (127.0.0.1 only, at most ``MAX_ASSETS``);
2. ``GET /api/kernels/<id>`` and the kernel's websocket (``/api/kernels/<id>/channels``), then
   what ipywidgets' manager sends to load the widgets: ``kernel_info_request``,
   ``comm_info_request`` for ``jupyter.widget``, a ``jupyter.widget.control`` comm and its
   ``request_states`` (answered by ``update_states``: every widget's state);
3. a click: the comm message a Button's view sends, ``{"method": "custom", "content":
   {"event": "click"}}`` on the button's comm; answered when the kernel reports idle for it
   (every ``update``, ``comm_open`` and ``comm_close`` of the redraw has come by then);
4. leaving: the page's ``beforeunload`` beacon, ``POST /voila/api/shutdown/<id>``, then the
   websocket closed.

The widget tree is kept from those messages, so the client clicks what the page shows: an
enabled button with the ``ttr-action`` class (else ``ttr-do`` or ``ttr-reveal``) inside the
table (the ``ttr-playtable`` box). Every wait is bounded.
"""
from __future__ import annotations

import asyncio
import json
import random
import re
import time
import uuid
from typing import Any
from urllib.parse import urljoin, urlparse

MAX_ASSETS = 40
MAX_MESSAGE = 64 * 1024 * 1024
CONTROL_VERSION = "1.0.0"       # ipywidgets' control comm protocol (the kernel checks its major)
CLICK = {"method": "custom", "content": {"event": "click"}}   # what a Button's view sends on a click
PLAY_CLASSES = ("ttr-action", "ttr-do", "ttr-reveal")
_REF = "IPY_MODEL_"


class Student:
    """One light session on ``base`` (``http://127.0.0.1:<port>``) opening ``app``."""

    def __init__(self, base: str, app: str, seed: int = 0, timeout: float = 120.0):
        self.base, self.app, self.timeout = base, app, timeout
        self.rng = random.Random(seed)
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict] = {}          # comm id -> the widget's state
        self.roots: list[str] = []
        self.kernel_id = ""
        self.cookies: dict[str, str] = {}
        self.ws: Any = None
        self._waiting: dict[str, asyncio.Future] = {}   # msg id -> its reply (shell)
        self._idle: dict[str, asyncio.Future] = {}      # msg id -> the kernel's idle after it (iopub)
        self._answer: dict[str, asyncio.Future] = {}    # msg id -> the first widget text it changed
        self.last_answer = 0.0                          # seconds from the last click to the table's answer
        self._reader: asyncio.Task | None = None
        self.goodbye = 0                           # the shutdown beacon's HTTP status (204: done)

    # ----- HTTP -----------------------------------------------------------------------------------
    async def _get(self, url: str) -> Any:
        from tornado.httpclient import AsyncHTTPClient

        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        r = await AsyncHTTPClient().fetch(url, request_timeout=self.timeout, headers={"Cookie": cookie} if cookie
                                          else None, raise_error=True)
        for line in r.headers.get_list("Set-Cookie"):
            k, _, v = line.split(";", 1)[0].partition("=")
            self.cookies[k.strip()] = v.strip()
        return r

    async def open(self) -> None:
        """The page, its assets, the kernel's websocket and the widgets' states."""
        page = (await self._get(f"{self.base}/voila/render/{self.app}.ipynb")).body.decode("utf-8", "replace")
        m = re.search(r'"kernelId"\s*:\s*"([0-9a-f-]+)"', page)
        if not m:
            raise RuntimeError("the page names no kernel")
        self.kernel_id = m.group(1)
        self.roots = re.findall(r'"model_id"\s*:\s*"([0-9a-f]+)"', page)
        urls = {urljoin(f"{self.base}/voila/render/", u) for u in
                re.findall(r'<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+\.(?:js|css)[^"]*)"', page)}
        local = [u for u in sorted(urls) if urlparse(u).hostname == "127.0.0.1"][:MAX_ASSETS]
        await asyncio.gather(*(self._get(u) for u in local))
        await self._get(f"{self.base}/api/kernels/{self.kernel_id}")
        await self._connect()

    async def _connect(self) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        ws_url = f"ws{self.base[4:]}/api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        req = HTTPRequest(ws_url, headers={"Cookie": cookie} if cookie else {}, request_timeout=self.timeout)
        self.ws = await asyncio.wait_for(websocket_connect(req, max_message_size=MAX_MESSAGE), self.timeout)
        self._reader = asyncio.create_task(self._read())
        await self._request("kernel_info_request", {})
        reply = await self._request("comm_info_request", {"target_name": "jupyter.widget"})
        if not reply["content"].get("comms"):
            raise RuntimeError(f"the kernel has no widgets: {str(reply['content'])[:200]}")
        control = uuid.uuid4().hex
        states = asyncio.get_running_loop().create_future()
        self._waiting["update_states"] = states
        await self._send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                         metadata={"version": CONTROL_VERSION})
        await self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        data = await asyncio.wait_for(states, self.timeout)
        for mid, s in data["states"].items():
            self.models[mid] = dict(s.get("state", {}))

    # ----- the kernel's messages -------------------------------------------------------------------
    async def _send(self, msg_type: str, content: dict, wait: asyncio.Future | None = None,
                    metadata: dict | None = None, idle: asyncio.Future | None = None,
                    answer: asyncio.Future | None = None) -> str:
        """Send a shell message; ``wait`` gets its reply, ``idle`` the kernel's idle status after
        it (both registered before sending: the answer may come at once, and the two channels
        come in either order)."""
        msg_id = uuid.uuid4().hex
        if wait is not None:
            self._waiting[msg_id] = wait
        if idle is not None:
            self._idle[msg_id] = idle
        if answer is not None:
            self._answer[msg_id] = answer
        msg = {"header": {"msg_id": msg_id, "msg_type": msg_type, "username": "student", "session": self.session,
                          "date": "", "version": "5.3"},
               "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell", "buffers": []}
        await self.ws.write_message(json.dumps(msg))
        return msg_id

    async def _request(self, msg_type: str, content: dict) -> dict:
        fut = asyncio.get_running_loop().create_future()
        await self._send(msg_type, content, fut)
        return dict(await asyncio.wait_for(fut, self.timeout))

    async def _read(self) -> None:
        while True:
            raw = await self.ws.read_message()
            if raw is None:
                for fut in [*self._waiting.values(), *self._idle.values()]:
                    if not fut.done():
                        fut.set_exception(ConnectionError("the kernel's websocket closed"))
                return
            if isinstance(raw, bytes):
                continue                       # a binary buffer: no widget of the table sends one
            msg = json.loads(raw)
            kind, content = msg["header"]["msg_type"], msg.get("content", {})
            parent = msg.get("parent_header", {}).get("msg_id", "")
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.models[content["comm_id"]] = dict(content.get("data", {}).get("state", {}))
            elif kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") == "update" and content.get("comm_id") in self.models:
                    self.models[content["comm_id"]].update(data.get("state", {}))
                    answer = self._answer.pop(parent, None) if "value" in data.get("state", {}) else None
                    if answer is not None and not answer.done():
                        answer.set_result(time.perf_counter())     # the table's first redrawn text
                elif data.get("method") == "update_states" and "update_states" in self._waiting:
                    self._waiting.pop("update_states").set_result(data)
            elif kind == "comm_close":
                self.models.pop(content.get("comm_id"), None)
            if msg.get("channel") == "shell" and parent in self._waiting and kind.endswith("_reply"):
                self._waiting.pop(parent).set_result(msg)
            elif kind == "status" and content.get("execution_state") == "idle" and parent in self._idle:
                self._idle.pop(parent).set_result(msg)

    # ----- the table -------------------------------------------------------------------------------
    def _shown(self) -> list[str]:
        """The widgets inside the table (from its ``ttr-playtable`` box down), in order."""
        tables = [r for r in self.roots if "ttr-playtable" in self.models.get(r, {}).get("_dom_classes", ())]
        out, todo, seen = [], list(tables), set()
        while todo:
            mid = todo.pop(0)
            if mid in seen or mid not in self.models:
                continue
            seen.add(mid)
            out.append(mid)
            kids = self.models[mid].get("children", ())
            todo[:0] = [k[len(_REF):] for k in kids if isinstance(k, str) and k.startswith(_REF)]
        return out

    def controls(self) -> list[str]:
        """The enabled play controls of the table: action buttons first, as in the page."""
        shown = [m for m in self._shown() if not self.models[m].get("disabled")]
        for cls in PLAY_CLASSES:
            found = [m for m in shown if cls in self.models[m].get("_dom_classes", ())]
            if found:
                return found
        return []

    def marked(self, cls: str) -> list[str]:
        """The texts of the table's HTML widgets holding an element of class ``cls`` (not the
        style sheet that names it)."""
        pattern = re.compile(r"class=['\"][^'\"]*\b" + re.escape(cls) + r"\b")
        texts = [str(self.models[m].get("value", "")) for m in self._shown()]
        return [text for text in texts if pattern.search(text)]

    def over(self) -> bool:
        return bool(self.marked("ttr-banner"))

    async def click(self) -> float:
        """Click a seeded random play control; seconds until the kernel is idle after it (every
        update of the redraw and of a bot's reply has arrived); ``last_answer``: to the first."""
        found = self.controls()
        if not found:
            raise RuntimeError("no control to click")
        mid = self.rng.choice(found)
        fut = asyncio.get_running_loop().create_future()
        answer = asyncio.get_running_loop().create_future()
        t0 = time.perf_counter()
        msg_id = await self._send("comm_msg", {"comm_id": mid, "data": CLICK}, idle=fut, answer=answer)
        await asyncio.wait_for(fut, self.timeout)
        done = time.perf_counter()
        self._answer.pop(msg_id, None)
        # the table's answer: its first redrawn text (the reader's move drawn; against a searching bot
        # the bot's reply follows it, and the kernel's idle comes after the reply)
        self.last_answer = (answer.result() if answer.done() else done) - t0
        return done - t0

    async def leave(self) -> None:
        """The page's ``beforeunload``: the shutdown beacon, then the websocket closed."""
        from tornado.httpclient import AsyncHTTPClient

        try:
            if self.kernel_id:
                xsrf = self.cookies.get("_xsrf", "")
                cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
                r = await AsyncHTTPClient().fetch(
                    f"{self.base}/voila/api/shutdown/{self.kernel_id}", method="POST", body=f"_xsrf={xsrf}",
                    request_timeout=30, raise_error=False, headers={
                        "Cookie": cookie, "X-XSRFToken": xsrf, "Content-Type": "application/x-www-form-urlencoded"})
                self.goodbye = r.code
        finally:
            if self.ws is not None:
                self.ws.close()
            if self._reader is not None:
                self._reader.cancel()


async def light_student(base: str, app: str, clicks: int, think: float, seed: int, result: dict,
                        timeout: float = 120.0) -> None:
    """One student: open the app, click ``clicks`` times (``think`` s before each), leave.
    ``result`` gets ``first`` (s to a playable table), ``clicks`` (s each), ``error``, ``left``."""
    s = Student(base, app, seed, timeout)
    try:
        t0 = time.perf_counter()
        await asyncio.wait_for(s.open(), timeout)
        if not s.controls():
            raise RuntimeError("the table shows no control to play")
        result["first"] = time.perf_counter() - t0
        result["clicks"] = []
        for _ in range(clicks):
            if s.over():
                break                                   # the game ended: a student would leave
            await asyncio.sleep(think)
            result["clicks"].append(await s.click())
            result.setdefault("answers", []).append(s.last_answer)
        errors = s.marked("ttr-error")
        if errors:
            text = re.sub(r"<style.*?</style>", "", errors[0], flags=re.S)
            result["error"] = " ".join(re.sub(r"<[^>]+>", " ", text).split())[:200]
    except Exception as exc:                            # reported, never hidden: a session not served
        result["error"] = f"{type(exc).__name__}: {str(exc)[:200]}"
    finally:
        try:
            await asyncio.wait_for(s.leave(), 30)
        except Exception:                               # the server may be gone already
            pass
        result["goodbye"] = s.goodbye
        result["left"] = time.monotonic()
