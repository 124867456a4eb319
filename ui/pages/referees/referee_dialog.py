"""Create a referee (race, then name: he takes the race's basic Lineman profile) or correct his card."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from roster_app.errors import DugoutError
from roster_app.i18n import _, term
from roster_app.queries import referees as rq
from roster_app.rules import referees as rr
from roster_app.rules.roster import position_label
from roster_app.rules.ruleset import STATS
from roster_app.services import referees as svc
from ui.kit.basics import text_html
from ui.kit.columns import shown


class RefereeDialog(QDialog):
    """`referee_id` None: a new referee; else edit that referee's card (samples included)."""

    def __init__(self, session: Any, referee_id: int | None, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.ruleset = session.db.ruleset
        self.referee_id = referee_id
        self.card = rq.referee_card(session.db, referee_id) if referee_id is not None else None
        self.setWindowTitle(
            _("New referee") if self.card is None else _("Referee card: {referee}").format(referee=self.card.name)
        )

        self.name = QLineEdit(self)
        self.name.setPlaceholderText(_("The referee's name"))
        self.race = QComboBox(self)
        self.race.addItems(sorted(self.ruleset.races))
        self.description = QLineEdit(self)
        self.description.setPlaceholderText(_("A line for the card (optional)"))
        self.star = QCheckBox(_("A Star Ref of this league (never gains SPP)"))
        self.profile = QLabel(self)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(_("Create") if self.card is None else _("Save"))

        self.form = QFormLayout()
        self.form.addRow(_("Name:"), self.name)
        self.form.addRow(_("Race:"), self.race)
        self.form.addRow(_("About him:"), self.description)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        if self.card is None:
            self.form.addRow("", self.star)
            self.form.addRow(_("Profile:"), self.profile)
        else:
            self._build_card_editor(layout)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(self._update)
        self.race.currentTextChanged.connect(self._race_changed)
        if self.card is not None:
            self._load(self.card)
        self._update()

    # -- the full card (editing) ----------------------------------------------------------------------
    def _build_card_editor(self, layout: QVBoxLayout) -> None:
        card = self.card
        if card.is_star:
            self.race.setEditable(True)  # a Star Ref may be of any race (the Minotaur)
        stats = QHBoxLayout()
        self.stats: dict[str, QSpinBox] = {}
        for stat in STATS:
            spin = QSpinBox(self)
            spin.setRange(1, 10)
            spin.setAccessibleName(rr.STAT_LABELS[stat])
            spin.valueChanged.connect(self._update)
            self.stats[stat] = spin
            stats.addWidget(QLabel(rr.STAT_LABELS[stat]))
            stats.addWidget(spin)
        stats.addStretch(1)
        self.form.addRow(_("Profile:"), stats)

        self.skills = QListWidget(self)
        self.skills.setMinimumHeight(200)
        for group in self.ruleset.table("referee_skills")["groups"]:
            for skill in group["skills"]:
                item = QListWidgetItem(f"{skill['name']}   ({group['name']})")
                item.setData(Qt.ItemDataRole.UserRole, skill["name"])
                item.setToolTip(rr.skill_effect(skill["name"], self.ruleset))
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                self.skills.addItem(item)
        self.skills.itemChanged.connect(self._update)
        self.form.addRow(_("Skills:"), self.skills)

        equipment = QHBoxLayout()
        self.equipment: dict[str, QCheckBox] = {}
        for name, row in rr.equipment_rows(self.ruleset).items():
            box = QCheckBox(_("{name} (penalty {penalty}+)").format(name=name, penalty=row["penalty"]))
            box.setToolTip(term("table", row["effect"]) if row.get("effect") else "")
            self.equipment[name] = box
            equipment.addWidget(box)
        equipment.addStretch(1)
        self.form.addRow(_("Equipment:"), equipment)

        record = QGridLayout()
        self.spp = QSpinBox(self)
        self.spp.setRange(0, 999)
        self.spp.setEnabled(not card.is_star)
        self.rolls_taken = QSpinBox(self)
        self.rolls_taken.setRange(0, 20)
        self.rolls_taken.setEnabled(not card.is_star)
        self.status = QComboBox(self)
        for status in rr.STATUSES:
            self.status.addItem(shown(status), status)
        record.addWidget(QLabel(_("SPP")), 0, 0)
        record.addWidget(self.spp, 0, 1)
        record.addWidget(QLabel(_("Star Player rolls taken")), 0, 2)
        record.addWidget(self.rolls_taken, 0, 3)
        record.addWidget(QLabel(_("Status")), 0, 4)
        record.addWidget(self.status, 0, 5)
        self.form.addRow(_("Record:"), record)
        self.form.addRow(
            "", QLabel(_("<small>Matches, awards and casualties come from his match sheets.</small>"))
        )

    def _load(self, card: rq.RefereeCard) -> None:
        self.name.setText(card.name)
        self.race.setCurrentText(card.race)
        self.description.setText(card.description)
        for stat, spin in self.stats.items():
            spin.setValue(getattr(card, stat))
        for i in range(self.skills.count()):
            item = self.skills.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in card.skill_names
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        for name, box in self.equipment.items():
            box.setChecked(name in card.equipment_names)
        self.spp.setValue(card.spp)
        self.rolls_taken.setValue(card.rolls_taken)
        self.status.clear()
        for status in rr.statuses_from(card.status):  # a sacked or dead ref is never available again
            self.status.addItem(shown(status), status)
        self.status.setCurrentIndex(max(0, self.status.findData(card.status)))
        if card.status in rr.FINAL_STATUSES:
            self.status.setToolTip(card.problem or "")
        self._set_stat_ranges()

    def checked_skills(self) -> list[str]:
        return [self.skills.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.skills.count())
                if self.skills.item(i).checkState() == Qt.CheckState.Checked]  # fmt: skip

    def _set_stat_ranges(self) -> None:
        if self.card is None or self.card.is_star:
            return
        for stat, spin in self.stats.items():
            bounds = rr.stat_bounds(self.race.currentText(), stat, self.ruleset)
            if bounds:
                spin.setRange(*bounds)

    # -- validity ---------------------------------------------------------------------------------------
    def _race_changed(self, race: str) -> None:
        if (
            self.card is not None
            and not self.card.is_star
            and race != self.card.race
            and race in self.ruleset.races
        ):
            for stat, value in rr.starting_profile(race, self.ruleset).items():
                self.stats[stat].setRange(1, 10)
                self.stats[stat].setValue(value)
        self._set_stat_ranges()
        self._update()

    def problem_text(self) -> str | None:
        if not self.name.text().strip():
            return _("Give the referee a name.")
        if self.card is None:
            return None
        try:
            rr.check_referee_skills(self.checked_skills(), self.ruleset)
        except DugoutError as exc:
            return str(exc)
        return None

    def _update(self, *_args: Any) -> None:
        if self.card is None:
            race = self.race.currentText()
            profile = rr.starting_profile(race, self.ruleset)
            lineman = self.ruleset.race(race).basic_lineman.name
            self.profile.setText(
                f"{text_html(position_label(race, lineman))}: "
                + "  ".join(f"{rr.STAT_LABELS[s]} {v}" for s, v in profile.items())
                + "<br><small>"
                + _("No skills and no SPP: he learns the trade match by match.")
                + "</small>"
            )
        problem = self.problem_text()
        self.problem.setText(f"<span style='color:#a32020'>{text_html(problem)}</span>" if problem else "")
        self.ok_button.setEnabled(problem is None and not self.session.read_only)

    # -- finishing ---------------------------------------------------------------------------------------
    def accept(self) -> None:
        if self.problem_text() is not None:
            return
        if self.card is None:
            change = self.session.run(
                svc.create_referee, parent=self, name=self.name.text(), race=self.race.currentText(),
                description=self.description.text(), star=self.star.isChecked(),
            )  # fmt: skip
        else:
            change = self.session.run(
                svc.edit_referee, parent=self, referee_id=self.card.id, name=self.name.text(),
                race=self.race.currentText(), description=self.description.text(),
                **{stat: spin.value() for stat, spin in self.stats.items()}, skills=self.checked_skills(),
                equipment=[name for name, box in self.equipment.items() if box.isChecked()],
                spp=self.spp.value(), rolls_taken=self.rolls_taken.value(), status=self.status.currentData(),
            )  # fmt: skip
        if change is not None:
            self.referee_id = change.result
            super().accept()
