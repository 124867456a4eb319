"""The league's referees: one model shown as a grid of cards and as a table."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont

from roster_app.i18n import N_, _, term
from roster_app.queries.referees import RefereeCard
from roster_app.words import count
from ui.kit.columns import CENTER, RIGHT, Column, RowTableModel, shown

STATUS_ORDER = {"available": 0, "injured": 1, "sacked": 2, "dead": 3}


def _name(r: RefereeCard) -> str:
    return f"★ {r.name}" if r.is_star else r.name


def _level(r: RefereeCard) -> str:
    if r.waiting_roll is not None:
        return _("{level} (roll {roll} to take)").format(level=r.level, roll=r.waiting_roll)
    return _("{level} ({n} due)").format(level=r.level, n=r.rolls_due) if r.rolls_due else r.level


def _count(n: int, one: str, many: str) -> str:
    return count(n, one, many)


def card_summary(r: RefereeCard) -> str:
    """The card in one paragraph (tooltip of the card and of the name cell; screen readers)."""
    lines = [
        f"{r.name}: {term('race', r.race)}, {r.kind.lower()}",
        _("MA {ma}  ST {st}  AG {ag}  AV {av}; range {range} squares").format(
            ma=r.ma, st=r.st, ag=r.ag, av=r.av, range=r.range),
        _("{spp} SPP ({level}); {matches}, {awards}, {casualties}; {status}").format(
            spp=r.spp, level=r.level, matches=_count(r.matches, "match", "matches"),
            awards=_count(r.awards, "award", "awards"), casualties=_count(r.casualties, "casualty", "casualties"),
            status=shown(r.status)),
    ]  # fmt: skip
    if r.description:
        lines.append(term("table", r.description))
    return "\n".join(lines)


def _skills_tip(r: RefereeCard) -> str:
    return "\n".join(f"{s.name}: {s.effect}" for s in r.skills) or _("No skills")


class RefereeModel(RowTableModel):
    COLUMNS = (
        Column("name", N_("Referee"), _name, sort=lambda r: (r.is_star, r.name.lower()), tip=card_summary),
        Column("race", N_("Race"), lambda r: term("race", r.race)),
        Column("ma", N_("MA"), lambda r: r.ma, align=CENTER),
        Column("st", N_("ST"), lambda r: r.st, align=CENTER),
        Column("ag", N_("AG"), lambda r: r.ag, align=CENTER),
        Column("av", N_("AV"), lambda r: r.av, align=CENTER),
        Column("skills", N_("Skills"), lambda r: ", ".join(r.skill_names), tip=_skills_tip),
        Column("equipment", N_("Equipment"), lambda r: ", ".join(f"{e.name} ({e.penalty}+)" for e in r.equipment)),
        Column("range", N_("Range"), lambda r: r.range, align=CENTER),
        Column("spp", N_("SPP"), lambda r: r.spp, align=RIGHT),
        Column("level", N_("Level"), _level, sort=lambda r: (r.spp, r.rolls_due)),
        Column("matches", N_("Matches"), lambda r: r.matches, align=RIGHT),
        Column("awards", N_("Awards"), lambda r: r.awards, align=RIGHT),
        Column("casualties", N_("Cas"), lambda r: r.casualties, align=RIGHT),
        Column("status", N_("Status"), lambda r: shown(r.status), sort=lambda r: STATUS_ORDER.get(r.status, 9),
               tip=lambda r: r.problem or _("May be chosen for a match")),
    )  # fmt: skip

    def column_index(self, key: str) -> int:
        return next(i for i, c in enumerate(self.COLUMNS) if c.key == key)

    def extra_data(self, row: RefereeCard, column: Column, role: int) -> Any:
        if role == Qt.ItemDataRole.ForegroundRole and row.status in ("sacked", "dead"):
            return QBrush(QColor("#8a8a8a"))
        if role == Qt.ItemDataRole.FontRole and column.key == "level" and (row.rolls_due or row.waiting_roll):
            font = QFont()
            font.setBold(True)
            return font
        return None
