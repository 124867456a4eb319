"""Reading a file another tool wrote, hardened: bounded sizes, no DTDs or entities (defusedxml), a BattleScribe
.rosz read member by member with a bounded read, and every refusal in words naming the file and the row."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any
from xml.etree.ElementTree import Element, ParseError

from roster_app.errors import DugoutError
from roster_app.i18n import _
from roster_app.rules.limits import NAME_LENGTH, PLAYER_NAME, TEAM_NAME
from roster_app.words import count, number, tidy

MAX_FILE_BYTES = 4_000_000  # a league of 100 teams in OBBLM's XML is about 1 MB
MAX_ARCHIVE_MEMBERS = 8  # a .rosz holds one .ros
MAX_TEAMS = 100  # in one file
MAX_PLAYERS = 64  # rows of one team (16 on the roster, the rest dead, retired or over a limit)
MAX_ITEMS = 50  # skills, injuries or advances of one player
MAX_NUMBER = 10_000_000_000  # no count or gold in a team file is larger


class ForeignFileError(DugoutError):
    """A team file cannot be read; the message names the file (and the row). Nothing was written."""


@dataclass
class ForeignPlayer:
    """A player as the file has him, in the file's own names (mapped onto the league's ruleset by plan.py)."""

    row: int
    name: str
    position: str  # the file's name for the position (an id already turned into its tool's name)
    number: int | None = None
    stats: dict[str, int] | None = None  # the characteristics now, when the file gives them
    deltas: dict[str, int] = field(default_factory=dict)  # characteristic changes from the position's profile
    skills: list[str] = field(default_factory=list)  # may repeat the position's starting skills
    injuries: list[str] = field(default_factory=list)
    spp: int = 0
    value: int | None = None
    status: str = "active"  # active / miss next game / dead
    notes: list[str] = field(default_factory=list)


@dataclass
class ForeignTeam:
    row: int
    name: str
    race: str  # the file's name for the race
    race_id: str = ""  # the file's id for it, when it has one
    coach: str = ""
    treasury: int = 0
    rerolls: int = 0
    fan_factor: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    players: list[ForeignPlayer] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the file holds that does not come across


@dataclass
class ForeignFile:
    path: str
    label: str  # the file's name as the commissioner knows it
    tool: str  # "OBBLM", "NAFLM", "BattleScribe": the ledger says where the gold came from
    format: str  # the format in words
    teams: list[ForeignTeam] = field(default_factory=list)


# -- where, in words ----------------------------------------------------------------------------------
def team_where(label: str, row: int, name: str = "") -> str:
    return f"{label}, team {row}" + (f" ('{name}')" if name else "")


def player_where(label: str, team_row: int, team: str, row: int, name: str = "") -> str:
    return f"{team_where(label, team_row, team)}, player {row}" + (f" ('{name}')" if name else "")


# -- bytes and XML ------------------------------------------------------------------------------------
def read_bytes(path: str | Path) -> bytes:
    """The file's bytes, refused when it is not a file or is larger than any team file."""
    path = Path(path)
    label = path.name
    try:
        if not path.is_file():
            raise ForeignFileError(_("{label}: there is no such file (or it is a folder).").format(label=label))
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ForeignFileError(
            _("{label}: the file cannot be read ({value}).").format(label=label, value=exc.strerror or exc)
        ) from None
    if len(data) > MAX_FILE_BYTES:
        raise ForeignFileError(
            _("{label}: the file is larger than {max_file_bytes} bytes; no team file is.").format(
                label=label, max_file_bytes=number(MAX_FILE_BYTES)
            )
        )
    return data


def parse_xml(data: bytes, label: str) -> Element:
    """An XML document read with defusedxml: no DTD, no entity, no external reference is followed."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        return fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise ForeignFileError(
            _(
                "{label}: the file declares a document type or entities (an 'XML bomb' can hide there); team files "
                "have none, so it was not read."
            ).format(label=label)
        ) from None
    except ParseError as exc:
        line, column = getattr(exc, "position", (0, 0))
        raise ForeignFileError(
            _("{label}: the XML is broken at line {line}, column {value} ({plain}); nothing was read.").format(
                label=label, line=line, value=column + 1, plain=_plain(exc)
            )
        ) from None


def _plain(exc: ParseError) -> str:
    return re.sub(r": line \d+, column \d+$", "", str(exc))


def local(tag: Any) -> str:
    """An element's name without its namespace."""
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def read_rosz(data: bytes, label: str) -> bytes:
    """The one .ros inside a .rosz (a zip): at most a few members, none outside the archive, the .ros read
    with a bounded read (a zip bomb stops at the size limit)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError):
        raise ForeignFileError(
            _("{label}: the file is not a BattleScribe .rosz (a zip archive).").format(label=label)
        ) from None
    with archive:
        members = archive.infolist()
        if len(members) > MAX_ARCHIVE_MEMBERS:
            raise ForeignFileError(
                _("{label}: the archive holds {count}; a .rosz holds one roster.").format(
                    label=label, count=count(len(members), "file")
                )
            )
        rosters = []
        for member in members:
            name = member.filename
            parts = PurePosixPath(name.replace("\\", "/")).parts
            if name.startswith(("/", "\\")) or ".." in parts or re.match(r"^[A-Za-z]:", name):
                raise ForeignFileError(
                    _("{label}: the archive names a file outside itself ('{tidy}').").format(
                        label=label, tidy=tidy(name)
                    )
                )
            if name.lower().endswith(".ros"):
                rosters.append(member)
        if len(rosters) != 1:
            raise ForeignFileError(
                _("{label}: the archive holds {count} (.ros); a .rosz holds one.").format(
                    label=label, count=count(len(rosters), "roster")
                )
            )
        try:
            with archive.open(rosters[0]) as handle:
                text = handle.read(MAX_FILE_BYTES + 1)
        except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError) as exc:
            raise ForeignFileError(
                _("{label}: the roster inside cannot be unpacked ({exc}).").format(label=label, exc=exc)
            ) from None
        if len(text) > MAX_FILE_BYTES:
            raise ForeignFileError(
                _(
                    "{label}: the roster inside unpacks to more than {max_file_bytes} bytes; no roster is that large, "
                    "so it was not read."
                ).format(label=label, max_file_bytes=number(MAX_FILE_BYTES))
            )
        return text


# -- values -------------------------------------------------------------------------------------------
def whole(text: str | None, where: str, what: str, *, default: int | None = None, low: int = 0) -> int:
    """A whole number of `low` or more (a decimal with nothing after the point too: BattleScribe writes 1.0)."""
    raw = (text or "").strip()
    if not raw and default is not None:
        return default
    match = re.fullmatch(r"([+-]?\d+)(?:\.0*)?", raw)
    if not match:
        shown = tidy(raw)[:40] or "nothing"
        raise ForeignFileError(
            _("{where}: {what} must be a whole number, not '{shown}'.").format(where=where, what=what, shown=shown)
        )
    value = int(match.group(1))
    if value < low or value > MAX_NUMBER:
        raise ForeignFileError(
            _("{where}: {what} must be from {low} to {max_number}, not {value}.").format(
                where=where, what=what, low=low, max_number=number(MAX_NUMBER), value=number(value)
            )
        )
    return value


def flag(text: str | None, where: str, what: str) -> bool:
    raw = (text or "").strip().lower()
    if raw in ("1", "true", "yes"):
        return True
    if raw in ("0", "false", "no", ""):
        return False
    raise ForeignFileError(
        _("{where}: {what} must be true or false, not '{tidy}'.").format(
            where=where, what=what, tidy=tidy(raw)[:40]
        )
    )


def name(text: str | None, where: str, what: str, limit: int, *, required: bool = True) -> str:
    """A typed name as the services keep it (words.tidy), refused when empty or longer than they keep."""
    value = tidy(text or "")
    if required and not value:
        raise ForeignFileError(_("{where}: {what} is empty.").format(where=where, what=what))
    if len(value) > limit:
        raise ForeignFileError(
            _("{where}: {what} is {n} characters long; a league keeps at most {limit}.").format(
                where=where, what=what, n=number(len(value)), limit=limit
            )
        )
    return value


def team_name(text: str | None, where: str) -> str:
    return name(text, where, _("the team's name"), TEAM_NAME)


def player_name(text: str | None, where: str) -> str:
    return name(text, where, _("the player's name"), PLAYER_NAME)


def coach_name(text: str | None, where: str) -> str:
    return name(text, where, _("the coach's name"), NAME_LENGTH, required=False)


def label_name(text: str | None, where: str, what: str) -> str:
    """A race, position, skill or injury name as the file spells it."""
    return name(text, where, what, NAME_LENGTH)


def check_counts(teams: int, label: str) -> None:
    if teams > MAX_TEAMS:
        raise ForeignFileError(
            _("{label}: the file holds {count}; an import takes at most {max_teams}.").format(
                label=label, count=count(teams, "team"), max_teams=MAX_TEAMS
            )
        )
    if not teams:
        raise ForeignFileError(_("{label}: the file holds no team.").format(label=label))


def check_players(players: int, where: str) -> None:
    if players > MAX_PLAYERS:
        raise ForeignFileError(
            _(
                "{where}: the team has {count}; a team file holds at most {max_players}, so it was not read."
            ).format(where=where, count=count(players, "player"), max_players=MAX_PLAYERS)
        )


def check_items(items: int, where: str, what: str) -> None:
    if items > MAX_ITEMS:
        raise ForeignFileError(
            _("{where}: {count}; a player has at most {max_items}.").format(
                where=where, count=count(items, what), max_items=MAX_ITEMS
            )
        )
