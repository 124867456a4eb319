"""One Dugout per user: a second start hands its file to the running window over a local socket."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from ui.app.single_instance import InstanceServer, handle_message, message_for, send_to_running, server_name


def unique_name(tmp_path: Path, tag: str) -> str:
    return f"dugout-test-{os.getpid()}-{tag}" if sys.platform == "win32" else str(tmp_path / f"{tag}.sock")


def send_from_process(message: dict, name: str) -> subprocess.Popen:
    """The client in another process, as in real use (its blocking wait would hold this process's GIL)."""
    code = (
        "import json, sys; from ui.app.single_instance import send_to_running; "
        "print(send_to_running(json.loads(sys.argv[1]), sys.argv[2]))"
    )
    return subprocess.Popen([sys.executable, "-c", code, json.dumps(message), name], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip


def finished(qtbot, process: subprocess.Popen) -> str:
    """Serve events until the client process ends; its output ("True" when the running Dugout answered)."""
    try:
        qtbot.waitUntil(lambda: process.poll() is not None, timeout=60_000)
    finally:
        if process.poll() is None:
            process.kill()
    out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    return out.strip()


@pytest.fixture
def servers(qtbot):
    made: list[InstanceServer] = []
    yield made
    for server in made:
        server.close()


def test_each_server_gets_only_its_own_messages(qtbot, tmp_path, servers):
    got_a, got_b = [], []
    a = InstanceServer(got_a.append, unique_name(tmp_path, "a"))
    b = InstanceServer(got_b.append, unique_name(tmp_path, "b"))
    servers += [a, b]
    assert a.listening and b.listening
    client = send_from_process({"open": "/leagues/x.dugout", "read_only": False}, b.name)
    assert finished(qtbot, client) == "True"
    assert got_b == [{"open": "/leagues/x.dugout", "read_only": False}]
    assert got_a == []


def test_nobody_listening_means_no_handoff(tmp_path):
    assert send_to_running({}, unique_name(tmp_path, "nobody")) is False


def test_a_second_server_on_the_same_name_does_not_steal_it(qtbot, tmp_path, servers):
    name = unique_name(tmp_path, "same")
    first = InstanceServer(lambda m: None, name)
    servers.append(first)
    second = InstanceServer(lambda m: None, name)
    servers.append(second)
    assert first.listening and not second.listening


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes leave nothing behind")
def test_a_socket_left_by_a_crashed_dugout_is_taken_over(qtbot, tmp_path, servers):
    name = unique_name(tmp_path, "stale")
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(name)  # a socket file nobody accepts on, as a killed Dugout leaves
    dead.close()
    assert Path(name).exists()
    got = []
    server = InstanceServer(got.append, name)
    servers.append(server)
    assert server.listening
    assert finished(qtbot, send_from_process({"demo": True}, name)) == "True"
    assert got == [{"demo": True}]


def test_garbage_on_the_socket_is_ignored(qtbot, tmp_path, servers):
    from PySide6.QtNetwork import QLocalSocket

    got = []
    server = InstanceServer(got.append, unique_name(tmp_path, "junk"))
    servers.append(server)
    client = QLocalSocket()
    client.connectToServer(server.name)
    assert client.waitForConnected(5000)
    client.write(b"\xff\xfe not json\n")
    client.flush()
    qtbot.waitUntil(lambda: client.bytesAvailable() > 0 or client.waitForReadyRead(10), timeout=10_000)
    assert bytes(client.readAll().data()).strip() == b"bad"
    assert got == []


def test_the_message_names_the_file_by_its_full_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert message_for("league.dugout", read_only=True) == {
        "open": str(tmp_path / "league.dugout"),
        "read_only": True,
    }
    assert message_for(None, demo=True) == {"demo": True}
    assert message_for(None) == {}


def test_the_server_name_is_per_user_home(monkeypatch, tmp_path):
    first = server_name()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))
    assert server_name() != first


@pytest.mark.qt_log_ignore(".*does not support raise.*")
def test_the_running_window_opens_a_handed_file_and_comes_forward(qtbot, window, league_file):
    window.show()
    qtbot.waitUntil(lambda: window._painted, timeout=10_000)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        handle_message(window, message_for(str(league_file)))
    assert window.session.db.path == league_file
    assert window.isVisible()


def test_a_second_dugout_process_hands_its_file_over_and_exits(qtbot, tmp_path, league_file, servers):
    """Two real processes: this test is the running Dugout, `python -m ui.app.cli FILE` the second start."""
    got = []
    server = InstanceServer(got.append)  # the per-user name, as the app uses (this test's own home)
    servers.append(server)
    assert server.listening
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    second = subprocess.Popen([sys.executable, "-m", "ui.app.cli", str(league_file)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        qtbot.waitUntil(lambda: bool(got) or second.poll() is not None, timeout=60_000)
        qtbot.waitUntil(lambda: second.poll() is not None, timeout=60_000)
    finally:
        if second.poll() is None:
            second.kill()
    _out, err = second.communicate(timeout=30)
    assert second.returncode == 0, err
    assert "handed over" in err
    assert got == [{"open": str(league_file.resolve()), "read_only": False}]


@pytest.mark.qt_log_ignore(".*does not support raise.*")
def test_macos_file_open_events_open_the_league(qtbot, window, league_file):
    """macOS sends a running app a FileOpen event for a double-clicked league (no second process)."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QFileOpenEvent

    from ui.app.file_open import FileOpenFilter

    window.show()
    qtbot.waitUntil(lambda: window._painted, timeout=10_000)
    app = QCoreApplication.instance()
    event_filter = FileOpenFilter(window)
    app.installEventFilter(event_filter)
    try:
        with qtbot.waitSignal(window.league_shown, timeout=10_000):
            QCoreApplication.sendEvent(app, QFileOpenEvent(str(league_file)))
    finally:
        app.removeEventFilter(event_filter)
    assert window.session.db.path == league_file


@pytest.mark.qt_log_ignore(".*does not support raise.*")
def test_a_handed_file_that_is_not_a_league_keeps_the_open_league(
    qtbot, open_window, league_file, tmp_path, messages
):
    bad = tmp_path / "notes.dugout"
    bad.write_text("not a league")
    handle_message(open_window, message_for(str(bad)))
    assert open_window.session.db.path == league_file
    assert open_window.stack.currentWidget() is open_window.league_view
    assert any("not a Dugout league" in m for m in messages)


@pytest.mark.parametrize(
    "message",
    [{"open": {"x": 1}}, {"open": 5}, {"open": ["a.dugout"]}, {"open": ""}, {"open": "a\u0000.dugout"},
     {"open": "/leagues/x.dugout", "read_only": "yes"}, {"demo": "yes"}, {"demo": True, "open": "/x.dugout"},
     {"read_only": True}, {"close": True}, ["open", "/x.dugout"], "open"],
)  # fmt: skip
def test_a_message_of_another_shape_is_refused_quietly_with_a_log_line(qtbot, window, tmp_path, servers, caplog,
                                                                        message):  # fmt: skip
    """Issue 36: `{"open": {"x": 1}}` made the running window log a TypeError traceback. Now the message's shape
    and types are checked (roster_app/exchange/handoff.py) before the window sees it: refused, logged, nothing
    opened (an exception in the slot would fail this test: pytest-qt raises it)."""
    import logging

    seen = []
    server = InstanceServer(lambda m: (seen.append(m), handle_message(window, m)), unique_name(tmp_path, "shape"))
    servers.append(server)
    with caplog.at_level(logging.WARNING, logger="ui.app.single_instance"):
        assert finished(qtbot, send_from_process(message, server.name)) == "False"  # the answer was "bad"
    assert seen == []
    assert any("ignored a message that is not Dugout's" in r.getMessage() for r in caplog.records)
    assert not any(r.exc_info for r in caplog.records)
    assert window.session is None
