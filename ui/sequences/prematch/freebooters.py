"""One team's Hire Freebooters shop on the pre-match wizard's first page (issue 32): the Star Players its race
may hire, mercenaries of its own positions, the inducements; a running total against the petty cash and the
treasury, worked out by `rules.freebooters.bill` (so the shop shows the refusal the service would give).
Nothing is written here: the page buys both teams' orders with one service call when Next is clicked."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from roster_app.errors import DugoutError
from roster_app.i18n import N_, _, term
from roster_app.queries.freebooters import TeamFreebooters
from roster_app.rules import freebooters as fb
from roster_app.rules.freebooters import MercenaryOrder, Order
from roster_app.rules.roster import gp
from ui.kit.basics import rich_label

BAD, MUTED = "#a32020", "#5b6470"
NO_SKILL = N_("No extra skill")


class TeamShop(QWidget):
    """What one team buys; `changed` when the order changes (the page redraws both values)."""

    changed = Signal()

    def __init__(self, ruleset: Any, race: str, parent: QWidget | None = None, *, column: int = 0):
        super().__init__(parent)
        self.ruleset, self.race = ruleset, ruleset.race(race)
        self.team_name, self.petty_cash, self.treasury = "", 0, 0
        self.other_side: dict[str, str] = {}
        self.hired: TeamFreebooters | None = None
        self.mercenaries: list[MercenaryOrder] = []
        self.setObjectName(f"shop{column}")
        self.stars = QListWidget(self)
        self.stars.setObjectName(f"starList{column}")
        for star in fb.stars_for(ruleset, self.race.name):
            item = QListWidgetItem(f"{term('star', star.name)}: {gp(star.cost)}, {star.profile}")
            item.setData(Qt.ItemDataRole.UserRole, star.name)
            item.setToolTip(", ".join(term("skill", s) for s in star.skills))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.stars.addItem(item)
        self.stars.itemChanged.connect(lambda _i: self.changed.emit())
        self.stars.setMaximumHeight(110)
        star_box = QGroupBox(_("Star Players (at most {most})").format(most=fb.max_stars(ruleset)), self)
        QVBoxLayout(star_box).addWidget(self.stars)

        rule = fb.mercenary_rule(ruleset)
        title = _("Mercenaries (position's cost + {premium}").format(premium=gp(rule.premium))
        title += (", " + term("skill", "Loner")) if rule.loner else ""
        title += (
            ("; " + _("one extra skill {cost})").format(cost=gp(rule.extra_skill_cost)))
            if rule.extra_skills
            else ")"
        )
        merc_box = QGroupBox(title, self)
        self.merc_position = QComboBox(merc_box)
        self.merc_position.setObjectName(f"mercPosition{column}")
        for pos in self.race.positions:
            if not pos.is_star_player:
                self.merc_position.addItem(
                    f"{term('position', pos.name)} ({gp(fb.mercenary_cost(ruleset, pos))})", pos.name
                )
        self.merc_position.currentIndexChanged.connect(self._fill_skills)
        self.merc_name = QLineEdit(merc_box)
        self.merc_name.setObjectName(f"mercName{column}")
        self.merc_name.setPlaceholderText(_("His name"))
        self.merc_skill = QComboBox(merc_box)
        self.merc_skill.setObjectName(f"mercSkill{column}")
        self.add_merc = QPushButton(_("Add Mercenary"), merc_box)
        self.add_merc.setObjectName(f"addMercenary{column}")
        self.add_merc.clicked.connect(self.add_mercenary)
        self.merc_list = QListWidget(merc_box)
        self.merc_list.setObjectName(f"mercList{column}")
        self.merc_list.setMaximumHeight(60)
        self.remove_merc = QPushButton(_("Remove"), merc_box)
        self.remove_merc.clicked.connect(self.remove_mercenary)
        row = QHBoxLayout()
        for widget in (self.merc_position, self.merc_name, self.merc_skill, self.add_merc):
            row.addWidget(widget)
        merc_layout = QVBoxLayout(merc_box)
        merc_layout.addLayout(row)
        merc_layout.addWidget(self.merc_list)
        merc_layout.addWidget(self.remove_merc, 0, Qt.AlignmentFlag.AlignLeft)
        self._fill_skills()

        ind_box = QGroupBox(_("Inducements"), self)
        form = QFormLayout(ind_box)
        self.counts: dict[str, QSpinBox] = {}
        for item in fb.inducements_for(ruleset, self.race):
            spin = QSpinBox(ind_box)
            spin.setObjectName(f"inducement{column}_{item.name.replace(' ', '')}")
            spin.setRange(0, item.max)
            spin.valueChanged.connect(lambda _v: self.changed.emit())
            form.addRow(f"{term('inducement', item.name)} ({gp(item.price(self.race.name))}, 0-{item.max})", spin)
            self.counts[item.name] = spin
        self.total = rich_label(self)
        self.total.setObjectName(f"freebooterTotal{column}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (star_box, merc_box, ind_box, self.total):
            layout.addWidget(widget)
        self.changed.connect(self._show_total)

    def _fill_skills(self) -> None:
        self.merc_skill.clear()
        self.merc_skill.addItem(_(NO_SKILL), None)
        name = self.merc_position.currentData()
        if name and fb.mercenary_rule(self.ruleset).extra_skills:
            for skill in fb.mercenary_skill_choices(self.ruleset, self.race.position(name)):
                self.merc_skill.addItem(term("skill", skill), skill)

    def add_mercenary(self) -> None:
        name = self.merc_name.text().strip()
        if not name:
            self.total.setText(f"<span style='color:{BAD}'>" + _("A mercenary needs a name.") + "</span>")
            return
        merc = MercenaryOrder(self.merc_position.currentData(), name, self.merc_skill.currentData())
        self.mercenaries.append(merc)
        self.merc_list.addItem(f"{name}, {term('position', merc.position)}"
                               + (f" +{term('skill', merc.extra_skill)}" if merc.extra_skill else ""))  # fmt: skip
        self.merc_name.clear()
        self.changed.emit()

    def remove_mercenary(self) -> None:
        row = self.merc_list.currentRow()
        if row >= 0:
            self.merc_list.takeItem(row)
            del self.mercenaries[row]
            self.changed.emit()

    def check_star(self, name: str, on: bool = True) -> None:
        for index in range(self.stars.count()):
            item = self.stars.item(index)
            if item.data(Qt.ItemDataRole.UserRole) == name:
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def order(self) -> Order:
        stars = tuple(self.stars.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.stars.count())
                      if self.stars.item(i).checkState() == Qt.CheckState.Checked)  # fmt: skip
        return Order(stars, tuple(self.mercenaries), {k: s.value() for k, s in self.counts.items() if s.value()})

    def bill(self) -> tuple[fb.Bill | None, str | None]:
        """The bill of the order as the service would make it, or why it would refuse it."""
        try:
            return fb.bill(self.ruleset, self.race, self.order(), petty_cash=self.petty_cash,
                           treasury=self.treasury, team=self.team_name, other_side=self.other_side), None  # fmt: skip
        except DugoutError as exc:
            return None, str(exc)

    @property
    def spent(self) -> int:
        if self.hired is not None and self.hired.hired:
            return self.hired.total
        the_bill, _problem = self.bill()
        return the_bill.total if the_bill else 0

    def set_state(self, *, team: str, petty_cash: int, treasury: int, other_side: dict[str, str],
                  hired: TeamFreebooters | None, may_act: bool) -> None:  # fmt: skip
        self.team_name, self.petty_cash, self.treasury, self.other_side = team, petty_cash, treasury, other_side
        self.hired = hired
        bought = hired is not None and bool(hired.hired)
        for widget in (self.stars, self.merc_position, self.merc_name, self.merc_skill, self.add_merc,
                       self.merc_list, self.remove_merc, *self.counts.values()):  # fmt: skip
            widget.setEnabled(may_act and not bought)
        self._show_total()

    def _show_total(self) -> None:
        if self.hired is not None and self.hired.hired:
            self.total.setText(_("Hired for this game: <b>{hired}</b><br>{total}: {petty} of petty cash, {treasury} "
                                 "from the treasury.").format(hired=escape(self.hired.words()),
                                 total=gp(self.hired.total), petty=gp(self.hired.total - self.hired.from_treasury),
                                 treasury=gp(self.hired.from_treasury)))  # fmt: skip
            return
        the_bill, problem = self.bill()
        if problem:
            self.total.setText(f"<span style='color:{BAD}'>{escape(problem)}</span>")
        elif the_bill is not None:
            self.total.setText(_("Total <b>{bill}</b>; {left} left.").format(bill=escape(the_bill.words()),
                                                                               left=gp(the_bill.left)))  # fmt: skip

    @property
    def problem(self) -> str | None:
        return None if (self.hired is not None and self.hired.hired) else self.bill()[1]
