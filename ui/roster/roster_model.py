"""The roster table: one row per player of a team, edited through delegates, written through services.

Imports no ORM at load time: the first look (ui/mainwindow/first_look.py) shows a roster before SQLModel is loaded."""

from __future__ import annotations

from collections import Counter
from typing import Any

from PySide6.QtCore import Qt

from roster_app.i18n import N_, _, term
from roster_app.queries.first_screen import PlayerRow
from roster_app.rules.roster import skill_choices, stat_bounds
from roster_app.store.statuses import PlayerStatus
from roster_app.words import count
from ui.kit.columns import (
    BACKGROUND,
    CENTER,
    FONT,
    FOREGROUND,
    RIGHT,
    Column,
    Index,
    RowTableModel,
    brush,
    font,
    gp,
    shown,
)

ChoicesRole = Qt.ItemDataRole.UserRole + 10  # [(value, label, enabled)] for combo editors
RangeRole = Qt.ItemDataRole.UserRole + 11  # (minimum, maximum, step) for spin editors
SkillChoicesRole = Qt.ItemDataRole.UserRole + 12  # [(name, category, needs_double)] for the skills editor
SuggestionsRole = Qt.ItemDataRole.UserRole + 13  # common values for list editors (injuries)


def _skills_text(r: PlayerRow) -> str:
    start = ", ".join(term("skill", s) for s in r.starting_skills)
    gained = ", ".join(term("skill", s) for s in r.skills)
    if start and gained:
        return f"{start} + {gained}"
    return start or (f"+ {gained}" if gained else "")


def _skills_tip(r: PlayerRow) -> str:
    none = _("none")
    lines = [
        _("Starting: {skills}").format(skills=", ".join(term("skill", s) for s in r.starting_skills) or none),
        _("Gained: {skills}").format(skills=", ".join(term("skill", s) for s in r.skills) or none),
    ]
    return "\n".join(lines)


def _level_text(r: PlayerRow) -> str:
    return _("{level} ({n} due)").format(level=r.level, n=r.rolls_due) if r.rolls_due else r.level


def _level_tip(r: PlayerRow) -> str:
    due = _("; {rolls} due").format(rolls=count(r.rolls_due, "star player roll")) if r.rolls_due else ""
    taken = count(r.rolls_taken, "star player roll")
    return _("{spp} SPP: {level}, {rolls} taken").format(spp=r.spp, level=r.level, rolls=taken) + due


def _position_text(r: PlayerRow) -> str:
    position = term("position", r.position)
    return (
        _("{position} (ally: {race})").format(position=position, race=term("race", r.race)) if r.ally else position
    )


class RosterModel(RowTableModel):
    COLUMNS = (
        Column("number", N_("#"), lambda r: r.number, edit="number", align=CENTER),
        Column("name", N_("Name"), lambda r: r.name, edit="text", sort=lambda r: r.name.lower()),
        Column("position", N_("Position"), _position_text, edit="position"),
        Column("ma", N_("MA"), lambda r: r.ma, edit="stat", align=CENTER),
        Column("st", N_("ST"), lambda r: r.st, edit="stat", align=CENTER),
        Column("ag", N_("AG"), lambda r: r.ag, edit="stat", align=CENTER),
        Column("av", N_("AV"), lambda r: r.av, edit="stat", align=CENTER),
        Column("skills", N_("Skills"), _skills_text, edit="skills", tip=_skills_tip),
        Column(
            "injuries", N_("Injuries"), lambda r: ", ".join(term("injury", i) for i in r.injuries), edit="injuries"
        ),
        Column("spp", N_("SPP"), lambda r: r.spp, edit="count", align=RIGHT),
        Column("level", N_("Level"), _level_text, sort=lambda r: (r.spp, r.rolls_due), tip=_level_tip),
        Column("value", N_("Value"), lambda r: gp(r.value), edit="gold", sort=lambda r: r.value, align=RIGHT),
        Column("contract", N_("Contract"), lambda r: r.contract_text, sort=lambda r: r.contract_seasons or 0),
        Column("status", N_("Status"), lambda r: shown(r.status), edit="status"),
    )

    def __init__(self, session: Any, parent: Any = None):
        super().__init__(parent)
        self.session = session

    def column_index(self, key: str) -> int:
        return next(i for i, c in enumerate(self.COLUMNS) if c.key == key)

    def is_editable(self, row: PlayerRow) -> bool:
        return self.session is not None and not self.session.read_only  # None: the first look, read-only

    def edit_value(self, row: PlayerRow, column: Column) -> Any:
        if column.key in ("skills", "injuries"):
            return list(getattr(row, column.key))
        if column.key == "position":
            return row.position
        return getattr(row, column.key, column.get(row))

    ROLES = frozenset({FOREGROUND, BACKGROUND, FONT, RangeRole, ChoicesRole, SkillChoicesRole, SuggestionsRole})

    def extra_data(self, row: PlayerRow, column: Column, role: int) -> Any:
        if role == FOREGROUND:
            return None if row.on_roster else brush("#8a8a8a")
        if role == BACKGROUND:
            return brush("#fff1cc") if row.status == PlayerStatus.MISS_NEXT_GAME else None
        if role == FONT:
            return font(bold=True) if column.key == "level" and row.rolls_due else None
        if role == RangeRole:
            return self._range(row, column.key)
        if role == ChoicesRole:
            return self._choices(row, column.key)
        if role == SkillChoicesRole and column.key == "skills":
            pos = self._position(row)
            return skill_choices(pos, (), self.session.db.ruleset) if pos else []
        if role == SuggestionsRole and column.key == "injuries":
            from roster_app.services.players import INJURIES

            return list(INJURIES)
        return None

    def _position(self, row: PlayerRow) -> Any:
        try:
            return self.session.db.ruleset.position(row.race, row.position)
        except Exception:
            return None

    def _range(self, row: PlayerRow, key: str) -> tuple[int, int, int] | None:
        if key in ("ma", "st", "ag", "av"):
            pos = self._position(row)
            low, high = stat_bounds(pos, key) if pos else (1, 10)
            return (low, high, 1)
        if key == "number":
            return (1, 99, 1)
        if key == "spp":
            return (0, 9999, 1)
        if key == "value":
            return (0, 10_000_000, 10_000)
        return None

    def _choices(self, row: PlayerRow, key: str) -> list[tuple[str, str, bool]] | None:
        if key == "status":
            return [(s, shown(s), True) for s in PlayerStatus.ALL]
        if key == "position":
            ruleset = self.session.db.ruleset
            taken = Counter(r.position for r in self._rows if r.on_roster and r.race == row.race)
            out = []
            for pos in ruleset.race(row.race).positions:
                count = taken[pos.name] - (1 if pos.name == row.position and row.on_roster else 0)
                full = count >= pos.max
                label = (
                    _("{position}  ({n} of {most}, full)") if full else _("{position}  ({n} of {most})")
                ).format(position=term("position", pos.name), n=count, most=pos.max)
                out.append((pos.name, label, not full or pos.name == row.position))
            return out
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        row = self._rows[index.row()]
        column = self.COLUMNS[index.column()]
        if not column.edit:
            return False
        if self.edit_value(row, column) == value:
            return False
        from roster_app.services.players import update_player  # the ORM: imported once the league is open

        change = self.session.run(
            update_player, player_id=row.id, field=column.key, value=value, expected_version=row.version
        )
        return change is not None
