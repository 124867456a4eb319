"""Opening the match pad for a fixture: one pad a game (in this window and on any other computer), the ref
chosen when the game has none yet (the pre-match sequence's choice stands), a pad left by a crash or a power cut taken over and resumed."""

from __future__ import annotations

import os
import socket
import uuid
from typing import Any

from PySide6.QtWidgets import QWidget

from roster_app.i18n import N_, _
from ui.kit import ask
from ui.sequences.match_pad.registry import OPEN

NORMAL_REF = N_("A normal ref (none of the league's referees)")


def new_holder() -> str:
    """Who holds a pad: this computer, this process and this window."""
    return f"{socket.gethostname()} {os.getpid()} {uuid.uuid4().hex[:8]}"


def holder_gone(holder: str) -> bool:
    """The pad holding a game belonged to a process of this computer that is no longer running."""
    host, _sep, rest = holder.partition(" ")
    pid = rest.partition(" ")[0]
    if host != socket.gethostname() or not pid.isdigit():
        return False
    if int(pid) == os.getpid():
        return True  # this very Dugout, and OPEN has no window on it: left by an earlier window's crash
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def _choose_referee(session: Any, match_id: int, title: str, parent: QWidget | None) -> bool:
    """The ref of a game about to begin (the league's, or a normal ref); False when the commissioner cancels."""
    from roster_app.queries import matchpad as q
    from roster_app.queries import referees as rq
    from roster_app.services.referees import start_match_sheet

    game = q.read_game(session.db, match_id)
    if game.sheet_id is not None or game.events or game.pre_match_done:
        return True  # chosen already: his sheet is open, the game has begun, or the pre-match chose a normal ref
    choices = [c for c in rq.referees_for_fixture(session.db, match_id) if not c.problem]
    index = ask.pick(parent, _("Who referees {game}?").format(game=title), [c.label for c in choices] + [_(NORMAL_REF)],
                     title=_("Match pad"))  # fmt: skip
    if index is None:
        return False
    if index < len(choices):
        return (
            session.run(start_match_sheet, parent=parent, referee_id=choices[index].id, match_id=match_id)
            is not None
        )
    return True


def open_match_pad(session: Any, match_id: int, parent: QWidget | None = None) -> Any:
    """The pad for a fixture, resumed where it stood; None (and why, in words) when it cannot open."""
    from roster_app.errors import DugoutError
    from roster_app.queries import matchpad as q
    from roster_app.services import matchpad as pad
    from ui.sequences.match_pad.window import MatchPadWindow

    if match_id in OPEN:
        window = OPEN[match_id]
        ask.error(
            parent, _("The match pad of {game} is already open: one pad a game.").format(game=window.game.title)
        )
        window.activateWindow()
        return None
    game = q.read_game(session.db, match_id)
    if not _choose_referee(session, match_id, game.title, parent):
        return None
    holder = new_holder()
    try:
        session.db.run(pad.open_pad, match_id=match_id, holder=holder)  # a claim, not a step to undo
    except pad.PadInUse as exc:
        if not holder_gone(exc.holder) and not ask.confirm(
            parent, _("{problem}\n\nIf that pad is gone (a crash, a laptop that died), take the game over here.").format(
                problem=exc
            ),
            yes=_("Take Over"),
        ):  # fmt: skip
            return None
        try:
            session.db.run(pad.open_pad, match_id=match_id, holder=holder, take_over=True)
        except DugoutError as again:
            ask.error(parent, str(again))
            return None
    except DugoutError as exc:
        ask.error(parent, str(exc))
        return None
    window = MatchPadWindow(session, match_id, holder, parent)
    OPEN[match_id] = window
    window.show()
    return window
