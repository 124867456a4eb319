"""Headless Chromium (Debian's package) for the website's tests.

Two ways in:
- the command line the way a person would run it: `--screenshot` (a PNG of what a phone or a laptop shows)
  and `--dump-dom` (the document as the browser built it, after parsing);
- the DevTools protocol over a pipe (`--remote-debugging-pipe`: JSON messages on file descriptors 3 and 4, no
  port, no extra package) to ask the browser's own layout how wide the document is at a width: Page.getLayoutMetrics
  gives the content's width and the viewport's. Nothing is run inside the page (no Runtime.evaluate): the
  pages carry no script and the test injects none. A page wider than the viewport would scroll sideways on a
  phone; a table inside its own scrolling box does not widen the document, so it passes.
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import struct
import subprocess
import time
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
         "--disable-extensions", "--disable-dev-shm-usage"]  # fmt: skip
TIMEOUT = 60


def _run(args: list[str], home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "HOME": str(home)}
    # its own profile: a DevTools session may hold the other one open (a profile is one browser's at a time)
    return subprocess.run([str(CHROMIUM), *FLAGS, f"--user-data-dir={home / 'profile-cli'}", *args], env=env,
                          capture_output=True, text=True, timeout=TIMEOUT, check=False)  # fmt: skip


def screenshot(url: str, png: Path, width: int, home: Path, height: int = 900) -> None:
    _run([f"--window-size={width},{height}", f"--screenshot={png}", "--hide-scrollbars", url], home)


def dump_dom(url: str, width: int, home: Path) -> str:
    return _run([f"--window-size={width},900", "--dump-dom", url], home).stdout


def png_size(png: Path) -> tuple[int, int]:
    """(width, height) from a PNG's header (IHDR)."""
    head = png.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", head[16:24])


class DevTools:
    """One headless Chromium driven over --remote-debugging-pipe."""

    def __init__(self, home: Path):
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        # the browser reads its commands on fd 3 and writes its answers on fd 4: bash moves the pipes there (dash
        # cannot name a descriptor above 9) from 10 up, never 3 or 4 (no preexec_fn: unsafe with Qt's threads)
        read, write = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10), fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
        os.close(to_browser_r)
        os.close(from_browser_w)
        moved = f'exec "$0" "$@" 3<&{read} 4>&{write} {read}<&- {write}>&-'
        self.process = subprocess.Popen(
            ["/bin/bash", "-c", moved, str(CHROMIUM), *FLAGS, "--remote-debugging-pipe",
             f"--user-data-dir={home / 'profile'}", "about:blank"],
            pass_fds=(read, write), env={**os.environ, "HOME": str(home)},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(read)
        os.close(write)
        self._buffer = b""
        self._next = 0
        self._events: list[dict] = []

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)

    def _read(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _w, _x = select.select([self._from_browser], [], [], max(0.0, left))
            if not ready:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise EOFError("Chromium closed its pipe")
            self._buffer += chunk
        message, _sep, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self._next += 1
        message = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            answer = self._read(deadline)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self._events.append(answer)

    def wait_for(self, method: str, session: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while True:
            for index, event in enumerate(self._events):
                if event.get("method") == method and event.get("sessionId") == session:
                    del self._events[index]
                    return
            self._events.append(self._read(deadline))

    def layout(self, url: str, width: int, height: int = 900, *, mobile: bool) -> dict:
        """The page's layout metrics at `width` CSS pixels (a phone when `mobile`: its viewport tag applies)."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        try:
            self.send("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}, session)  # fmt: skip
            self.send("Page.enable", {}, session)
            self.send("Page.navigate", {"url": url}, session)
            self.wait_for("Page.loadEventFired", session)
            return self.send("Page.getLayoutMetrics", {}, session)
        finally:
            self.send("Target.closeTarget", {"targetId": target})
