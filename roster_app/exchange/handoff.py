"""The one line a second Dugout hands the running one (ui/single_instance.py): checked like a file from outside.

Anything on this computer may write to the per-user socket, so a message is read as data, never trusted: one
JSON object of a known shape, `{}` (come forward), `{"demo": true}` or `{"open": PATH_OR_URL, "read_only": BOOL}`.
Anything else is refused with the reason (logged by the caller), and nothing is opened.
"""

from __future__ import annotations

import json
from typing import Any

from roster_app.i18n import _
from roster_app.words import number

MESSAGE_BYTES = 64 * 1024  # a path or an address; far more is no message of Dugout's
TARGET_LENGTH = 4096  # the longest path a system allows, about


class BadHandoff(ValueError):
    """A message that is not one Dugout sends; the text says why."""


def read_handoff(line: bytes) -> dict[str, Any]:
    """The message in `line`, checked: its keys and their types. BadHandoff says what is wrong."""
    if len(line) > MESSAGE_BYTES:
        raise BadHandoff(_("a message of {n} bytes").format(n=number(len(line))))
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadHandoff(_("not JSON")) from None
    if not isinstance(message, dict):
        raise BadHandoff(_("not a JSON object but {name__}").format(name__=type(message).__name__))
    unknown = sorted(set(message) - {"open", "read_only", "demo"})
    if unknown:
        raise BadHandoff(_("unknown key(s) {items}").format(items=", ".join(map(repr, unknown))[:200]))
    if "demo" in message and (message["demo"] is not True or len(message) > 1):
        raise BadHandoff(_("'demo' is true and comes alone"))
    if "read_only" in message and (type(message["read_only"]) is not bool or "open" not in message):
        raise BadHandoff(_("'read_only' is true or false, beside 'open'"))
    if "open" in message:
        target = message["open"]
        if type(target) is not str or not target.strip() or "\0" in target or len(target) > TARGET_LENGTH:
            raise BadHandoff(
                _("'open' is not a file's path or a league's address: {text!r}").format(text=str(target)[:80])
            )
    return message
