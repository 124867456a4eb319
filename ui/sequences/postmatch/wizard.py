"""The post-match sequence as a wizard: one page per step, both teams on every page.

Each page shows what its step will change, worked out by `roster_app.services.postmatch.plan` from the draft (dice
rolled by Dugout or typed in, skills chosen, purchases planned). Nothing is written until Finish, which
makes one service call (`finish_post_match`). The draft is saved in the match as the commissioner goes,
so closing the wizard keeps every roll and it resumes on the page where it stopped.
"""

from __future__ import annotations

import random
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizard,
)

from roster_app.errors import DugoutError
from roster_app.i18n import N_, _, term
from roster_app.rules import economy
from roster_app.rules.allies import allies_word, fan_factor_in_play, surcharge_text
from roster_app.rules.dice import Roll
from roster_app.rules.dicetables import lookup
from roster_app.rules.postmatch import sequence as pm_sequence
from roster_app.rules.roster import gp
from roster_app.rules.spp import level_name
from roster_app.services.postmatch.plan import (
    BOUGHT,
    HireEntry,
    PostMatchPlan,
    StarRollEntry,
    TeamPlan,
    load_draft,
    plan_post_match,
    purchase_prices,
)
from roster_app.services.postmatch.write import finish_post_match, save_post_match_progress
from roster_app.words import number
from ui.kit import ask
from ui.kit.basics import plain_label, text_html
from ui.kit.dice_input import DiceInput, unused_dice
from ui.kit.screen_fit import fit_to_screen
from ui.sequences.postmatch.affairs_page import ReservesContractsPage
from ui.sequences.postmatch.base import StepPage, note, problems_text
from ui.sequences.postmatch.freebooters import FreebooterReport
from ui.sequences.postmatch.transfers_page import TransfersPage
from ui.sequences.postmatch.widgets import FiguresGrid, PlannedHireDialog, StarRollRow, treasury_text


class PageId(IntEnum):
    """Each page of the sequence (`PostMatchWizard.pages`), numbered in the seed's order. A league whose edition
    orders steps 1 to 3 otherwise shows them in its order: the wizard's page ids (`currentId`) are the positions
    (`PostMatchWizard.position`); the purchases section (3 to 6) keeps its place in every edition."""

    WINNINGS = 0
    SPP = 1
    FAN_FACTOR = 2
    RESERVES_CONTRACTS = 3
    TRANSFERS = 4
    PURCHASES = 5
    RATING = 6


STAR_SHARE = N_("Star Players' share of the gate")
# A team's result (a key of the league's tables) as the wizard shows it
RESULTS = {"win": N_("win"), "draw": N_("draw"), "loss": N_("loss")}


def result_word(result: str) -> str:
    return _(RESULTS[result]) if result in RESULTS else result


def star_share_text(w: object) -> str:
    """The seed's rule: the stars a team hired take their share of its winnings (issue 32)."""
    if not w.stars:
        return _("no Star Player hired")
    return _("<b>{share}</b> to {stars}").format(
        share=gp(w.gate_share), stars=text_html(", ".join(term("star", s) for s in w.stars))
    )


# -- 1. winnings ------------------------------------------------------------------------------------------
class WinningsStep(StepPage):
    """What the two winnings pages (the 3rd edition's table, LRB 5/6's dice and FAME) share."""

    STEP = "winnings"

    def end_with_problems_and_freebooters(self, layout: QVBoxLayout) -> None:
        """The page's foot: its problems, then the freebooters hired for the game (their share of the gate)."""
        layout.addWidget(self.problems)
        self.freebooters = FreebooterReport(self.w.session, self.w.match_id, self)
        layout.addWidget(self.freebooters)

    @staticmethod
    def done_line(team: TeamPlan) -> list[str]:
        """A team whose winnings step is written: what it says, in every row."""
        return [text_html(team.done.get("winnings") or _("done"))] * 6


class WinningsPage(WinningsStep):
    def __init__(self, wizard: PostMatchWizard):
        super().__init__(wizard)
        self.setSubTitle(
            _("{game}. Gate: {gate} spectators.").format(game=self.plan.title, gate=number(self.plan.gate))
        )
        self.grid = FiguresGrid([t.name for t in self.plan.teams])
        self.table = QTableWidget(self)
        self.table.setObjectName("winningsTable")
        self.table.setTabKeyNavigation(False)  # a table to read: Tab goes on to the page's rolls and buttons
        layout = QVBoxLayout(self)
        layout.addLayout(self.grid)
        layout.addWidget(
            QLabel(_("<b>Match Winnings Table</b> (gold per 1,000 spectators; the teams' rows are marked)"))
        )
        layout.addWidget(self.table)
        layout.addStretch(1)
        layout.addWidget(note(_(
            "The Match Winnings Table is a league table: Dugout ships a league default (the 3rd-edition table "
            "was not found) that the commissioner may change in the house rules. Players under contract count "
            "half their value in the rating used here (reserve-teams article).")))  # fmt: skip
        self.end_with_problems_and_freebooters(layout)

    def _line(self, team: TeamPlan) -> list[str]:
        w = team.winnings
        if w is None:
            return self.done_line(team)
        return [result_word(team.result), _("{rating} (team rating {before})").format(rating=w.rating,
                                                                                    before=team.rating_before),
                gp(w.rate), f"<b>{gp(w.amount)}</b> ({gp(w.rate)} x {w.gate // 1000})",
                treasury_text(w.treasury_before, w.treasury_after), star_share_text(w)]  # fmt: skip

    def show_plan(self) -> None:
        super().show_plan()
        home, away = (self._line(t) for t in self.plan.teams)
        labels = (_("Result"), _("Rating for winnings"), _("Gold per 1,000 spectators"), _("Winnings"), _("Treasury"),
                  _(STAR_SHARE))  # fmt: skip
        self.grid.set_lines([(label, h, a) for label, h, a in zip(labels, home, away, strict=True)])
        self._fill_table()

    def _fill_table(self) -> None:
        rows = self.w.session.db.ruleset.table("match_winnings")["rows"]
        self.table.setRowCount(len(rows))
        self.table.setColumnCount(5)
        self.table.setHorizontalHeaderLabels(
            [_("Rating for winnings"), _("Win"), _("Draw"), _("Loss"), _("This match")]
        )
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        marks = {}
        for team in self.plan.teams:
            if team.winnings:
                marks.setdefault(id(lookup(rows, team.winnings.rating)), []).append((team.result, team.name))
        for index, row in enumerate(rows):
            low, high = row.get("from"), row.get("to")
            span = (_("up to {high}").format(high=high) if low is None
                    else (_("{low} and more").format(low=low) if high is None else f"{low}-{high}"))  # fmt: skip
            here = marks.get(id(row), [])
            cells = [
                span,
                gp(row["win"]),
                gp(row["draw"]),
                gp(row["loss"]),
                ", ".join(f"{name} ({result_word(res)})" for res, name in here),
            ]  # fmt: skip  (table items are plain)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                result = ("rating", "win", "draw", "loss", "")[column]
                if any(res == result for res, _name in here):
                    item.setBackground(QColor("#fff1a8"))
                self.table.setItem(index, column, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setFixedHeight(self.table.horizontalHeader().height() + 4
                                  + sum(self.table.rowHeight(r) for r in range(len(rows))))  # fmt: skip


class DiceWinningsPage(WinningsStep):
    """Step 1 where winnings come from dice and FAME (LRB 5/6): per team its FAME, the winnings roll, and the
    spiralling expenses its team value brings."""

    def __init__(self, wizard: PostMatchWizard):
        super().__init__(wizard)
        ruleset = wizard.session.db.ruleset
        self.setSubTitle(
            _("{game}. Winnings: {how}.").format(
                game=self.plan.title,
                how=dict(economy.describe(ruleset))[_("Winnings")],  # its lines are labelled in the language
            )
        )
        self.grid = FiguresGrid([t.name for t in self.plan.teams])
        self.dice: dict[int, DiceInput] = {}
        self.fame: dict[int, QSpinBox] = {}
        layout = QVBoxLayout(self)
        layout.addLayout(self.grid)
        for team_id, box in self.team_boxes(layout, stretch=0).items():
            team = self.plan.team(team_id)
            self.fame[team_id] = QSpinBox(objectName=f"fame{team_id}", maximum=economy.highest_fame(ruleset))
            self.fame[team_id].setValue(self.w.draft.team(team_id).fame or 0)
            self.fame[team_id].valueChanged.connect(lambda value, t=team_id: self._fame(t, value))
            row = QHBoxLayout()
            row.addWidget(QLabel(_("FAME (from the fans before the match):")))
            row.addWidget(self.fame[team_id])
            row.addStretch(1)
            box.addLayout(row)
            dice = team.winnings.dice if team.winnings else economy.winnings_dice(ruleset)
            again = (
                " " + _("(the winner may roll again and keeps the second roll)") if team.result == "win" else ""
            )
            box.addWidget(QLabel(_("Winnings roll: {dice}").format(dice=dice) + again))
            self.dice[team_id] = DiceInput(dice, rng=wizard.rng)
            self.dice[team_id].rolled.connect(lambda roll, t=team_id: self._rolled(t, roll))
            box.addWidget(self.dice[team_id])
        layout.addStretch(1)
        layout.addWidget(note(_("{edition}: winnings, FAME and spiralling expenses are league tables (League > "
                                "Rules…, each with its source).").format(edition=economy.economy(ruleset).edition)))  # fmt: skip
        self.end_with_problems_and_freebooters(layout)

    def _line(self, team: TeamPlan) -> list[str]:
        w = team.winnings
        if w is None:
            return self.done_line(team)
        amount = f"<b>{gp(w.amount)}</b> ({w.how.split(' = ')[0]})" if w.how else _("roll the winnings die")
        return [
            result_word(team.result),
            text_html(f"{w.fame} ({w.fans.split(': ', 1)[1]})") if w.fans else str(w.fame),
            amount,
            gp(w.expenses),
            treasury_text(w.treasury_before, w.treasury_after),
            star_share_text(w),
        ]

    def show_plan(self) -> None:
        super().show_plan()
        home, away = (self._line(t) for t in self.plan.teams)
        labels = (_("Result"), _("FAME"), _("Winnings"), _("Spiralling expenses"), _("Treasury"), _(STAR_SHARE))
        self.grid.set_lines([(label, h, a) for label, h, a in zip(labels, home, away, strict=True)])
        for team in self.plan.teams:
            w = team.winnings
            self.dice[team.team_id].setEnabled(w is not None)
            # FAME from both teams' fans counted before the match (issue 31); typed in only where none were
            self.fame[team.team_id].setEnabled(w is not None and not w.fans)
            if w is not None and w.fans:
                self.fame[team.team_id].blockSignals(True)
                self.fame[team.team_id].setValue(w.fame)
                self.fame[team.team_id].blockSignals(False)
                self.fame[team.team_id].setToolTip(w.fans)
            if w is not None:
                self.dice[team.team_id].show_faces(w.faces, locked=bool(w.faces), changeable=w.typed)

    def _fame(self, team_id: int, value: int) -> None:
        self.w.draft.team(team_id).fame = value
        self.changed()

    def _rolled(self, team_id: int, roll: Roll) -> None:
        from roster_app.services.postmatch.plan import DiceEntry

        self.w.draft.team(team_id).winnings_roll = DiceEntry(list(roll.faces), roll.typed)
        self.changed()
        if not roll.typed:
            self.w.save_progress()  # a roll by Dugout is kept


# -- 2. SPP and star player rolls -----------------------------------------------------------------------------
class StarPlayerPage(StepPage):
    STEP = "spp"

    def __init__(self, wizard: PostMatchWizard):
        super().__init__(wizard)
        self.setSubTitle(_("The match's Star Player Points, then every star player roll due: roll with Dugout or "
                           "type in the dice, then choose what the roll gives."))  # fmt: skip
        self.rows: dict[tuple[int, int, int], StarRollRow] = {}
        self.spp_tables: dict[int, QTableWidget] = {}
        self.roll_layouts: dict[int, QVBoxLayout] = {}
        self.none_due: dict[int, QLabel] = {}
        boxes, outer = self.scrolled_team_boxes()
        for team_id, box in boxes.items():
            table = QTableWidget(0, 4)
            table.setHorizontalHeaderLabels([_("Player"), _("Earned"), _("SPP"), _("Level")])
            table.verticalHeader().hide()
            table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
            table.setTabKeyNavigation(False)  # Tab goes on to the star player rolls (the arrows move in it)
            table.horizontalHeader().setStretchLastSection(True)
            self.spp_tables[team_id] = table
            box.addWidget(table)
            box.addWidget(QLabel(_("<b>Star player rolls</b>")))
            self.roll_layouts[team_id] = QVBoxLayout()
            box.addLayout(self.roll_layouts[team_id])
            self.none_due[team_id] = plain_label(_("No star player rolls due."))
            box.addWidget(self.none_due[team_id])
            box.addStretch(1)
        outer.addWidget(self.problems)

    def show_plan(self) -> None:
        super().show_plan()
        ruleset = self.w.session.db.ruleset
        for team in self.plan.teams:
            earned = [p for p in team.players if p.match_spp or p.rolls]
            table = self.spp_tables[team.team_id]
            table.setRowCount(len(earned))
            for row, p in enumerate(earned):
                what = [f"{n} {_(k)}" for n, k in ((p.touchdowns, N_("TD")), (p.completions, N_("comp")),
                        (p.interceptions, N_("int")), (p.casualties, N_("cas"))) if n] + ([_("MVP")] if p.mvp else [])  # fmt: skip
                cells = [f"#{p.number} {p.name}", ", ".join(what) or "-", f"{p.spp_before} + {p.match_spp} = {p.spp_after}",
                         _(level_name(p.spp_after, ruleset)) + ("" if p.on_roster else " " + _("(not on the roster)"))]  # fmt: skip
                for column, text in enumerate(cells):
                    table.setItem(row, column, QTableWidgetItem(text))
            table.resizeColumnsToContents()
            header = table.horizontalHeader().height()
            table.setFixedHeight(
                header + 4 + table.verticalHeader().defaultSectionSize() * max(1, min(len(earned), 8))
            )
            if "spp" in team.done:
                self.none_due[team.team_id].setText(_("Done: {what}").format(what=team.done["spp"]))
        self._sync_rows()

    def _sync_rows(self) -> None:
        wanted = {}
        for team in self.plan.teams:
            for p in team.players:
                for r in p.rolls:
                    wanted[(team.team_id, p.player_id, r.number)] = (p, r)
        for key in [k for k in self.rows if k not in wanted]:
            self.rows.pop(key).deleteLater()
        for key, (player, roll) in wanted.items():
            row = self.rows.get(key)
            if row is None:
                row = self.rows[key] = StarRollRow(
                    key,
                    _("#{number} {name}, roll {roll}").format(
                        number=player.number, name=player.name, roll=roll.number
                    ),
                    self._dice,
                    rng=self.w.rng,
                )
                row.rolled.connect(self._rolled)
                row.chosen.connect(self._chosen)
                self.roll_layouts[key[0]].addWidget(row)
            row.show_roll(roll)
        for team in self.plan.teams:
            self.none_due[team.team_id].setVisible(not any(k[0] == team.team_id for k in wanted))

    def _entry(self, key: tuple[int, int, int]) -> StarRollEntry:
        team_id, player_id, number = key
        entries = self.w.draft.team(team_id).rolls.setdefault(player_id, [])
        while len(entries) < number:
            entries.append(StarRollEntry([]))
        return entries[number - 1]

    @property
    def _dice(self) -> str:
        return self.w.session.db.ruleset.table("star_player_table")["dice"]

    def _rolled(self, row: StarRollRow, roll: Roll) -> None:
        entry = self._entry(row.key)
        entry.faces, entry.typed = list(roll.faces), roll.typed
        self.changed()
        if not roll.typed:
            self.w.save_progress()  # a roll by Dugout is kept: closing the wizard cannot take it back

    def _chosen(self, row: StarRollRow, key: str | None) -> None:
        self._entry(row.key).choice = key
        self.changed()


# -- 3. fan factor ------------------------------------------------------------------------------------------
class FanFactorPage(StepPage):
    STEP = "fan_factor"

    def __init__(self, wizard: PostMatchWizard):
        super().__init__(wizard)
        self.setSubTitle(_("Roll on the Fan Factor Table for each team (the dice depend on the result)."))
        self.dice: dict[int, DiceInput] = {}
        self.outcome: dict[int, QLabel] = {}
        layout = QVBoxLayout(self)
        table = wizard.session.db.ruleset.table("fan_factor")
        for team_id, box in self.team_boxes(layout, stretch=0).items():
            team = self.plan.team(team_id)
            rule = table["results"][team.result]
            ff = team.fan_factor.before if team.fan_factor else team.fan_factor_after
            what = [w for w, on in ((_("a total above {ff} gains one").format(ff=ff), rule["gain_above"]),
                                    (_("a total below {ff} loses one").format(ff=ff), rule["lose_below"])) if on]  # fmt: skip
            sentence = {"win": N_("A win: roll {dice}; {what}."), "draw": N_("A draw: roll {dice}; {what}."),
                        "loss": N_("A loss: roll {dice}; {what}.")}.get(team.result, N_("A {result}: roll {dice}; {what}."))  # fmt: skip
            box.addWidget(QLabel(_(sentence).format(
                result=team.result, dice=rule["dice"], what=_(" and ").join(what) or _("a total changes nothing"))))  # fmt: skip
            in_play = fan_factor_in_play(ff, team.penalties, wizard.session.db.ruleset)
            if in_play != ff:
                box.addWidget(note(_("With {allies} the team plays with fan factor {in_play}; the roll is against "
                                     "its own fan factor {ff}, the one it changes.").format(
                    allies=allies_word(team.penalties.allies), in_play=in_play, ff=ff)))  # fmt: skip
            self.dice[team_id] = DiceInput(rule["dice"], rng=wizard.rng)
            self.dice[team_id].rolled.connect(lambda roll, t=team_id: self._rolled(t, roll))
            box.addWidget(self.dice[team_id])
            self.outcome[team_id] = QLabel()
            self.outcome[team_id].setTextFormat(Qt.TextFormat.RichText)
            box.addWidget(self.outcome[team_id])
        layout.addStretch(1)
        layout.addWidget(note(_("The Fan Factor Table is a league table (league default; the 3rd-edition table "
                                 "was not found).")))  # fmt: skip
        layout.addWidget(self.problems)

    def show_plan(self) -> None:
        super().show_plan()
        for team in self.plan.teams:
            f = team.fan_factor
            if f is None:
                self.outcome[team.team_id].setText(
                    _("Done: {what}").format(what=text_html(team.done.get("fan_factor", "")))
                )
                self.dice[team.team_id].setEnabled(False)
                continue
            self.dice[team.team_id].show_faces(f.faces, locked=bool(f.faces), changeable=f.typed)
            if f.total is None:
                self.outcome[team.team_id].setText(
                    _("Fan factor {before}: roll {dice}.").format(before=f.before, dice=f.dice)
                )
            else:
                how = _("typed in") if f.typed else _("rolled by Dugout")
                self.outcome[team.team_id].setText(
                    _("{dice} = {total} ({how}): fan factor {before} → <b>{after}</b>").format(
                        dice=f.dice, total=f.total, how=how, before=f.before, after=f.after
                    )
                )

    def _rolled(self, team_id: int, roll: Roll) -> None:
        from roster_app.services.postmatch.plan import DiceEntry

        self.w.draft.team(team_id).fan_roll = DiceEntry(list(roll.faces), roll.typed)
        self.changed()
        if not roll.typed:
            self.w.save_progress()  # a roll by Dugout is kept


BUY_LABELS = {"rerolls": N_("Re-rolls"), "assistant_coaches": N_("Assistant coaches"),
              "cheerleaders": N_("Cheerleaders"), "apothecary": N_("Apothecary")}  # fmt: skip


# -- 4.3 new players and staff --------------------------------------------------------------------------------------
class PurchasesPage(StepPage):
    STEP = "purchases"

    def __init__(self, wizard: PostMatchWizard):
        super().__init__(wizard)
        self.setSubTitle(_("Plan what each team buys with its treasury (this match's winnings included)."))
        self.available: dict[int, QLabel] = {}
        self.hires: dict[int, QListWidget] = {}
        self.buy: dict[int, dict[str, QSpinBox]] = {}
        self.price_labels: dict[int, dict[str, QLabel]] = {}
        self.after: dict[int, QLabel] = {}
        layout = QVBoxLayout(self)
        for team_id, box in self.team_boxes(layout, stretch=0).items():
            self._team_box(team_id, box)
        layout.addStretch(1)
        layout.addWidget(note(_("Nothing is bought until Finish; then every purchase is a ledger row linked to "
                                 "this match.")))  # fmt: skip
        layout.addWidget(self.problems)

    def _team_box(self, team_id: int, box: QVBoxLayout) -> None:
        self.available[team_id] = QLabel()
        self.available[team_id].setTextFormat(Qt.TextFormat.RichText)
        box.addWidget(self.available[team_id])
        box.addWidget(QLabel(_("New players:")))
        self.hires[team_id] = QListWidget()
        self.hires[team_id].setMaximumHeight(110)
        box.addWidget(self.hires[team_id])
        buttons = QHBoxLayout()
        hire = QPushButton(_("Hire Player…"))
        hire.setObjectName(f"hire_{team_id}")
        hire.clicked.connect(lambda _c=False, t=team_id: self.open_hire(t))
        remove = QPushButton(_("Remove"))
        remove.clicked.connect(lambda _c=False, t=team_id: self.remove_hire(t))
        buttons.addWidget(hire)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        box.addLayout(buttons)
        prices = purchase_prices(self.w.session.db, team_id)
        self.buy[team_id], self.price_labels[team_id] = {}, {}
        has = self.w.team_now(team_id)
        for counter in BOUGHT:
            row = QHBoxLayout()
            spin = QSpinBox()
            spin.setRange(0, 1 if counter == "apothecary" else 10)
            spin.setFixedWidth(60)
            spin.setObjectName(f"buy_{counter}_{team_id}")
            spin.setValue(self.w.draft.team(team_id).buy.get(counter, 0))
            spin.valueChanged.connect(lambda v, t=team_id, c=counter: self._bought(t, c, v))
            label = QLabel(self._price_text(counter, has[counter], prices[counter]))
            label.setObjectName(f"price_{counter}_{team_id}")
            row.addWidget(label)
            row.addStretch(1)
            row.addWidget(spin)
            box.addLayout(row)
            self.buy[team_id][counter] = spin
            self.price_labels[team_id][counter] = label
        self.after[team_id] = QLabel()
        self.after[team_id].setTextFormat(Qt.TextFormat.RichText)
        box.addWidget(self.after[team_id])

    def show_plan(self) -> None:
        super().show_plan()
        for team in self.plan.teams:
            p = team.purchases
            if p is None:
                self.available[team.team_id].setText(
                    _("Done: {what}").format(what=text_html(team.done.get("purchases", "")))
                )
                continue
            self.available[team.team_id].setText(
                _("Treasury to spend: <b>{gold}</b>").format(gold=gp(p.treasury_before))
            )
            has = self.w.team_now(team.team_id)
            for counter, price in p.prices.items():  # a transfer in 4.2 may have brought (or taken) an ally
                surcharge = surcharge_text(p.penalties) if counter == "rerolls" else ""
                self.price_labels[team.team_id][counter].setText(
                    self._price_text(counter, has[counter], price, surcharge)
                )
            listing = self.hires[team.team_id]
            listing.clear()
            for what, _gold in p.written:  # bought before Finish (the Teams page): in the ledger already
                item = QListWidgetItem(_("{what} (written)").format(what=what))
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsSelectable)
                listing.addItem(item)
            for hire in p.hires:
                listing.addItem(QListWidgetItem(f"#{hire.number} {hire.name}, {term('position', hire.position)}"))
            written = (
                " " + _("({gold} of it written already)").format(gold=gp(p.total - p.cost)) if p.written else ""
            )
            self.after[team.team_id].setText(
                _("Purchases {total}{written}: treasury {treasury}").format(
                    total=gp(p.total), written=written, treasury=treasury_text(p.treasury_before, p.treasury_after)
                )
            )

    @staticmethod
    def _price_text(counter: str, has: int, price: int, surcharge: str = "") -> str:
        with_allies = (
            ", " + _("including the ally surcharge ({surcharge})").format(surcharge=surcharge) if surcharge else ""
        )
        return _("{what} (has {has}), {price} each{allies}:").format(
            what=_(BUY_LABELS[counter]), has=has, price=gp(price), allies=with_allies
        )

    def open_hire(self, team_id: int) -> PlannedHireDialog:
        team = self.plan.team(team_id)
        planned = self.w.draft.team(team_id).hires
        dialog = PlannedHireDialog(self.w.session, team_id, treasury=team.purchases.treasury_after, planned=planned,
                                   parent=self)  # fmt: skip
        dialog.added.connect(lambda entry, t=team_id: self._hired(t, entry))
        dialog.open()
        return dialog

    def _hired(self, team_id: int, entry: HireEntry) -> None:
        self.w.draft.team(team_id).hires.append(entry)
        self.changed()

    def remove_hire(self, team_id: int) -> None:
        row = self.hires[team_id].currentRow() - len(self.plan.team(team_id).purchases.written)
        hires = self.w.draft.team(team_id).hires
        if 0 <= row < len(hires):
            del hires[row]
            self.changed()

    def _bought(self, team_id: int, counter: str, value: int) -> None:
        self.w.draft.team(team_id).buy[counter] = value
        self.changed()


# -- 5. the new team rating -------------------------------------------------------------------------------------------
class RatingPage(StepPage):
    STEP = "rating"

    def __init__(self, wizard: PostMatchWizard):
        super().__init__(wizard)
        self.setSubTitle(_("The whole sequence for both teams. Finish writes it in one step (Edit > Undo takes it "
                           "back)."))  # fmt: skip
        self.grid = FiguresGrid([t.name for t in self.plan.teams])
        layout = QVBoxLayout(self)
        layout.addLayout(self.grid)
        layout.addStretch(1)
        layout.addWidget(self.problems)

    def isComplete(self) -> bool:  # noqa: N802
        return not self.plan.problems

    def _line(self, team: TeamPlan) -> list[str]:
        start = team.winnings.treasury_before if team.winnings else None
        gained = [text_html(f"{name}: {', '.join(labels)}") for name, labels in team.advances]
        ff_before = team.fan_factor_before if team.fan_factor_before is not None else team.fan_factor_after
        eco = economy.economy(self.w.session.db.ruleset)
        worth = gp if eco.is_value else str  # a team value in gold, a team rating in points
        return [
            f"{worth(team.rating_before)} → <b>{worth(team.rating_after)}</b>",
            treasury_text(start, team.treasury_after) if start is not None else gp(team.treasury_after),
            gp(team.winnings.amount) if team.winnings else text_html(team.done.get("winnings", "")),
            _("{spp} SPP").format(spp=sum(p.match_spp for p in team.players)),
            "<br>".join(gained) or _("none"),
            f"{ff_before} → {team.fan_factor_after}",
            _affairs_text(team),
            text_html("; ".join(f"{what} ({gp(cost)})" for what, cost in team.purchases.all_lines))
            if team.purchases
            else "",
        ]

    def show_plan(self) -> None:
        self.problems.setText(problems_text(self.plan.problems))
        if self.plan.before_transfers_written:
            self.setSubTitle(_("Steps 1 to 4.1 were written before the transfers; Finish writes 4.3 and 5 in one "
                               "step (Edit > Undo takes it back)."))  # fmt: skip
        home, away = (self._line(t) for t in self.plan.teams)
        labels = (term("table", economy.economy(self.w.session.db.ruleset).worth_name), _("Treasury"), _("Winnings"),
                  _("Star Player Points"), _("Advances"), _("Fan factor"), _("Reserves and contracts"),
                  _("Purchases"))  # fmt: skip
        self.grid.set_lines([(label, h or "-", a or "-") for label, h, a in zip(labels, home, away, strict=True)])


def _affairs_text(team: TeamPlan) -> str:
    if team.affairs is None:
        return text_html(team.done.get("affairs", "")).replace("; ", "<br>")
    return "<br>".join(text_html(f"{what} ({gp(-gold)})" if gold else what) for what, gold in team.affairs.lines)


PAGES = ((PageId.WINNINGS, WinningsPage), (PageId.SPP, StarPlayerPage), (PageId.FAN_FACTOR, FanFactorPage),
         (PageId.RESERVES_CONTRACTS, ReservesContractsPage), (PageId.TRANSFERS, TransfersPage),
         (PageId.PURCHASES, PurchasesPage), (PageId.RATING, RatingPage))  # fmt: skip


STEP_PAGES = {"winnings": PageId.WINNINGS, "spp": PageId.SPP, "fan_factor": PageId.FAN_FACTOR,
              "affairs": PageId.RESERVES_CONTRACTS, "purchases": PageId.PURCHASES, "rating": PageId.RATING}  # fmt: skip


def page_order(ruleset: Any) -> list[PageId]:
    """The pages in the league's edition's order (its post_match table); 4.2's transfers page after 4.1's."""
    order = []
    for step in pm_sequence(ruleset):
        order.append(STEP_PAGES[step])
        if step == "affairs":
            order.append(PageId.TRANSFERS)
    return order


class PostMatchWizard(QWizard):
    """The post-match sequence of one match for both teams; Finish is one service call."""

    def __init__(
        self, session: Any, match_id: int, parent: QWidget | None = None, *, rng: random.Random | None = None
    ):
        super().__init__(parent)
        self.session = session
        self.match_id = match_id
        self.rng = rng
        self.draft = load_draft(session.db, match_id)
        self._saved = self.draft.to_json()
        self.plan = plan_post_match(session.db, match_id, self.draft)
        self._resumed = False
        self.setWindowTitle(_("Post-match sequence: {game}").format(game=self.plan.title))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setButtonText(QWizard.WizardButton.FinishButton, _("&Finish"))
        self.setSubTitleFormat(Qt.TextFormat.PlainText)  # the match's title holds the teams' names
        # both teams side by side: a share of the screen (1161 wide on a 1366x768 laptop), never past it
        fit_to_screen(self, QSize(1040, 700))
        self.pages = {}
        self.position = {page_id: at for at, page_id in enumerate(page_order(session.db.ruleset))}
        for page_id, page_class in PAGES:
            if page_id == PageId.WINNINGS and economy.economy(session.db.ruleset).winnings == "fame_dice":
                page_class = DiceWinningsPage  # LRB 5/6: the winnings roll and FAME
            self.pages[page_id] = page_class(self)
        for page_id, at in sorted(self.position.items(), key=lambda item: item[1]):
            self.setPage(at, self.pages[page_id])  # the pages in the league's edition's order
        self._keep_one_size()
        help_key = QShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents), self)
        help_key.activated.connect(self.show_handbook)
        self.currentIdChanged.connect(self._page_changed)
        session.changed.connect(self._league_changed)

    def show_handbook(self) -> Any:
        """F1: the handbook's section on the post-match sequence (a window of its own, beside the wizard)."""
        from ui.kit.handbook import open_handbook

        section = "reserves" if self.currentId() == self.position[PageId.RESERVES_CONTRACTS] else "postmatch"
        section = "transfers" if self.currentId() == self.position[PageId.TRANSFERS] else section
        return open_handbook(self, section)

    def _keep_one_size(self) -> None:
        """Big enough for every step from the start, so the window never jumps between steps."""
        widest = max(page.minimumSizeHint().width() for page in self.pages.values())
        tallest = max(page.minimumSizeHint().height() for page in self.pages.values())
        self.resize(max(self.width(), widest + 40), max(self.height(), tallest + 160))

    def team_now(self, team_id: int) -> dict[str, int]:
        """The team's staff and re-rolls as they are now (before this sequence's purchases)."""
        from roster_app.queries import rosters as queries

        header = queries.team_header(self.session.db, team_id)
        return {counter: int(getattr(header, counter)) for counter in BOUGHT}

    def replan(self) -> PostMatchPlan:
        self.plan = plan_post_match(self.session.db, self.match_id, self.draft)
        return self.plan

    def _league_changed(self, _tables: Any) -> None:
        """Something else changed the league (a hire on the Teams page, an undo): show the plan as it is now."""
        from roster_app.errors import NotFound

        try:
            self.replan()
        except NotFound:
            return  # the match itself was undone; Finish will say so
        page = self.currentPage()
        if isinstance(page, StepPage):
            page.show_plan()
            page.completeChanged.emit()

    def showEvent(self, event: Any) -> None:  # noqa: N802
        super().showEvent(event)
        if not self._resumed:
            self._resumed = True
            target = max(self.draft.page, self._first_unwritten_page())
            while self.currentId() < target and self.currentPage().isComplete():
                self.next()  # resume where the commissioner stopped, or at the first step still to write

    def _first_unwritten_page(self) -> int:
        """The page of the first step not yet written for both teams (4.2's page once 4.1 is written)."""
        pages = {"winnings": PageId.WINNINGS, "spp": PageId.SPP, "fan_factor": PageId.FAN_FACTOR,
                 "affairs": PageId.RESERVES_CONTRACTS, "purchases": PageId.TRANSFERS, "rating": PageId.RATING}  # fmt: skip
        for step in self.plan.order:
            if not all(step in team.done for team in self.plan.teams):
                return self.position[pages[step]]
        return self.position[PageId.RATING]

    def _page_changed(self, page_id: int) -> None:
        if self._resumed and page_id > self.draft.page:
            self.save_progress()

    def save_progress(self) -> None:
        """Keep the draft in the match (dice, choices, the page reached) so the wizard can be resumed."""
        self.draft.page = max(self.draft.page, self.currentId(), 0)
        try:
            change = save_post_match_progress(self.session.db, match_id=self.match_id, draft=self.draft)
        except DugoutError as exc:
            ask.error(self, str(exc))
            return
        self._saved = self.draft.to_json()
        self.session.changed.emit(change.tables)

    def mark_saved(self) -> None:
        """The draft as it is now was written with the league (steps written before the transfers)."""
        self._saved = self.draft.to_json()

    def reject(self) -> None:
        """Closing keeps what was done so far (the next opening resumes here); dice typed in but not used yet
        would be lost: it asks first (issue 35)."""
        if unused_dice(self) and not ask.confirm(self, _("Close the post-match sequence? What was done is kept, "
                                                   "but the dice typed in and not used yet are lost."),
                                                 yes=_("Close")):  # fmt: skip
            return
        reached = max(self.draft.page, self.currentId(), 0)
        if reached != self.draft.page or self.draft.to_json() != self._saved:
            self.save_progress()
        super().reject()

    def accept(self) -> None:
        change = self.session.run(finish_post_match, parent=self, match_id=self.match_id, draft=self.draft)
        if change is not None:
            super().accept()
