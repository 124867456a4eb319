"""One Dugout window per user: a second `dugout FILE` hands the file to the running window and exits.

The first instance listens on a per-user local socket (a Unix socket file, or a named pipe on Windows)
once its window has painted; a later start with a file (or with no arguments) connects, sends one JSON
line ({"open": PATH, "read_only": false} or {"demo": true} or {}), waits for "ok" and exits 0. The
running window opens the file and raises itself.

Start-up cost: on Unix the socket file's existence is checked before QtNetwork is imported (~15 ms), so
a start with no running Dugout pays nothing. macOS sends a running app a FileOpen event instead
(handled in ui/app/start.py); this handoff covers double-clicks on Linux and Windows.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from roster_app.exchange.handoff import BadHandoff, read_handoff
from ui.kit.digests import hexdigest

log = logging.getLogger(__name__)

CONNECT_TIMEOUT_MS = 1000
REPLY_TIMEOUT_MS = 5000


def server_name() -> str:
    """This user's server: keyed on the home folder and data folder, so each user (and each test's
    temporary home) has its own. A full socket path on Unix, a pipe name on Windows."""
    key = f"{Path.home()}|{os.environ.get('XDG_DATA_HOME', '')}|{os.environ.get('XDG_CONFIG_HOME', '')}"
    name = "dugout-" + hexdigest("sha256", key.encode())[:16]
    if sys.platform == "win32":
        return name
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    folder = runtime if runtime and os.path.isdir(runtime) else os.environ.get("TMPDIR") or "/tmp"
    return os.path.join(folder, name + ".sock")


def might_be_running(name: str) -> bool:
    """False when no Dugout can be listening (no socket file), without importing QtNetwork."""
    return sys.platform == "win32" or os.path.exists(name)


def message_for(league: str | None, *, demo: bool = False, read_only: bool = False) -> dict[str, Any]:
    if demo:
        return {"demo": True}
    if league:
        from roster_app.store.address import named

        shared = "://" in league  # a shared league's URL is handed over as it is
        return {"open": league if shared else str(named(league)), "read_only": read_only}
    return {}


def send_to_running(message: dict[str, Any], name: str | None = None) -> bool:
    """Give `message` to the running Dugout; True if it answered (then this process should exit)."""
    name = name or server_name()
    if not might_be_running(name):
        return False
    from PySide6.QtNetwork import QLocalSocket

    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(CONNECT_TIMEOUT_MS):
        return False
    socket.write((json.dumps(message) + "\n").encode())
    socket.waitForBytesWritten(REPLY_TIMEOUT_MS)
    reply = b""
    while b"\n" not in reply and (socket.bytesAvailable() or socket.waitForReadyRead(REPLY_TIMEOUT_MS)):
        reply += bytes(socket.readAll().data())
    socket.disconnectFromServer()
    return reply.strip() == b"ok"


def _answers(name: str) -> bool:
    """Someone accepts connections on `name` (a socket file left by a crash refuses them)."""
    from PySide6.QtNetwork import QLocalSocket

    socket = QLocalSocket()
    socket.connectToServer(name)
    alive = socket.waitForConnected(CONNECT_TIMEOUT_MS)
    socket.abort()
    return alive


class InstanceServer:
    """Listens for later starts and calls `on_message(dict)` for each; create it after the first paint."""

    def __init__(self, on_message: Callable[[dict[str, Any]], None], name: str | None = None):
        from PySide6.QtNetwork import QLocalServer

        self.name = name or server_name()
        self._on_message = on_message
        self._buffers: dict[Any, bytes] = {}
        self.server = QLocalServer()
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._accept)
        self.listening = self._listen()
        if self.listening:
            log.info("single instance: listening on %s", self.name)

    def _listen(self) -> bool:
        from PySide6.QtNetwork import QLocalServer

        # Qt's listen() on Unix replaces an existing socket file, live or not: ask first.
        if might_be_running(self.name) and _answers(self.name):
            log.info("single instance: another Dugout already listens on %s", self.name)
            return False
        if not self.server.listen(self.name):
            QLocalServer.removeServer(self.name)  # a socket file left behind by a Dugout that crashed
            if not self.server.listen(self.name):
                log.warning("single instance: cannot listen on %s: %s", self.name, self.server.errorString())
                return False
        return True

    def _accept(self) -> None:
        while self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            self._buffers[socket] = b""
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(lambda s=socket: self._buffers.pop(s, None))
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read(socket)

    def _read(self, socket: Any) -> None:
        self._buffers[socket] = self._buffers.get(socket, b"") + bytes(socket.readAll().data())
        if b"\n" not in self._buffers[socket]:
            return
        line = self._buffers[socket].split(b"\n", 1)[0]
        # shape and types checked in roster_app/exchange/handoff.py; on a refusal only its text is kept (a kept
        # exception's traceback would keep this frame, and the socket, alive after Qt deleted it)
        try:
            message, problem = read_handoff(line), None
        except BadHandoff as exc:
            message, problem = None, str(exc)
        if message is None:
            log.warning("single instance: ignored a message that is not Dugout's (%s): %r", problem, line[:200])
            socket.write(b"bad\n")
            socket.flush()
            return
        socket.write(b"ok\n")
        socket.flush()
        self._on_message(message)

    def close(self) -> None:
        self.server.close()


def handle_message(window: Any, message: dict[str, Any]) -> None:
    """What the running window does with a handed-over start: open the file (or the demo) and come forward."""
    log.info("single instance: handed %s", message)
    if message.get("open"):
        target, read_only = message["open"], bool(message.get("read_only"))
        path = target if "://" in target else Path(target)
        if window.session is not None:
            window.open_league(path, read_only=read_only)  # a file it refuses leaves the open league shown
        else:
            window.open_league_later(path, read_only=read_only)
    elif message.get("demo"):
        window.open_demo_later()
    if window.isMinimized():
        window.showNormal()
    window.show()
    window.raise_()
    window.activateWindow()
