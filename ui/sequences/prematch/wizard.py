"""The pre-match sequence of a fixture as a wizard: Hire Freebooters, the handicaps from both teams' ratings,
the referee, then Finish.

Each decision is its own service call (one undo step), written as it is made: a draft from the reserves
(`services.reserves.draft_player` with the fixture), each handicap roll (`services.prematch.roll_handicap`),
the referee (`services.referees.start_match_sheet`); Finish is `services.prematch.finish_pre_match`. Every
page redraws from `queries.prematch` when the league changes (undo included), so closing the wizard loses
nothing and it opens again where things stand.
"""

from __future__ import annotations

import contextlib
from enum import IntEnum
from html import escape
from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from roster_app.i18n import N_, _, ngettext, term
from roster_app.queries import prematch as pq
from roster_app.queries.freebooters import match_freebooters, team_treasuries
from roster_app.rules.economy import economy
from roster_app.rules.prematch import difference_bands, handicap_dice
from roster_app.rules.roster import gp
from roster_app.services.freebooters import hire_for_match
from roster_app.services.prematch import finish_pre_match, roll_fans, roll_handicap
from roster_app.services.referees import start_match_sheet
from roster_app.words import number
from ui.kit import ask
from ui.kit.basics import plain_tip, rich_label
from ui.kit.dice_input import DiceInput, unused_dice
from ui.kit.handbook import help_key
from ui.sequences.prematch.freebooters import TeamShop

BAD, MUTED = "#a32020", "#5b6470"
# The rulesets' words for a team's worth (economy.worth_name, worth_short), shown in the commissioner's language
WORTH_WORDS = (N_("Team rating"), N_("Team value"), N_("TR"), N_("TV"))
PREMATCH_TABLES = {"match", "player", "team", "ledger_entry", "dice_roll", "referee", "referee_match", "reserve_event",
                   "reserve_side", "ruleset_table"}  # fmt: skip


class PageId(IntEnum):
    FREEBOOTERS = 0
    HANDICAPS = 1
    REFEREE = 2
    FINISH = 3


def _muted(text: str) -> str:
    return f"<span style='color:{MUTED}'>{text}</span>"


class PreMatchPage(QWizardPage):
    """A page that redraws from the wizard's view of the fixture."""

    def __init__(self, wizard: PreMatchWizard, title: str):
        super().__init__()
        self.w = wizard
        self.setTitle(title)

    @property
    def view(self) -> pq.PreMatchView:
        return self.w.view

    @property
    def may_act(self) -> bool:
        return not self.w.session.read_only and self.view.refusal is None

    def show_view(self) -> None:  # overridden
        pass


# -- Hire Freebooters ----------------------------------------------------------------------------------------
class FreebootersPage(PreMatchPage):
    def __init__(self, wizard: PreMatchWizard):
        super().__init__(wizard, _("Hire Freebooters"))
        self.intro = rich_label(self)
        self.values = rich_label(self)
        self.values.setObjectName("freebooterValues")
        self.grid = QGridLayout()
        self.team_labels: list[QLabel] = []
        self.shops: list[TeamShop] = []
        self.draft_buttons: list[QPushButton] = []
        for column in range(2):
            label = rich_label(self)
            label.setAlignment(Qt.AlignmentFlag.AlignTop)
            button = QPushButton(_("Draft from the Reserves…"), self)
            button.setObjectName(f"draftButton{column}")
            button.clicked.connect(lambda _on=False, c=column: self.open_draft(c))
            self.grid.addWidget(label, 0, column)
            self.grid.addWidget(button, 1, column, Qt.AlignmentFlag.AlignLeft)
            self.team_labels.append(label)
            self.draft_buttons.append(button)
            team = wizard.view.teams[column]
            shop = TeamShop(wizard.session.db.ruleset, team.race, self, column=column)
            shop.changed.connect(self._show_values)
            self.grid.addWidget(shop, 2, column)
            self.shops.append(shop)
        # the two shops scroll together under the values: the page fits a 1366x768 laptop
        inside = QWidget()
        inside.setLayout(self.grid)
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(inside)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.values)
        layout.addWidget(self.scroll, 1)
        self.dialog: Any = None
        self.hired: tuple[Any, Any] | None = None

    def show_view(self) -> None:
        self.intro.setText(
            _(
                "Seed 001: a head coach whose team would start with <b>10 or fewer players</b> (and has not a full "
                "squad of 16) may draft a player of his team list from the reserves at half cost. This happens "
                "here and only here; the drafted player plays this match, and the team rating counts his full "
                "cost for the handicaps. Star Players, mercenaries and inducements are hired for this game only "
                "(a star takes his share of the gate instead of a contract); Next buys both teams' choices."
            )
        )
        for column, team in enumerate(self.view.teams):
            lines = [f"<b style='font-size:13pt'>{escape(team.name)}</b> ({escape(term('race', team.race))})",
                     _("Rating <b>{rating}</b> &middot; {available} players can start ({on_roster} on the roster)")
                     .format(rating=team.rating, available=team.available, on_roster=team.on_roster)]  # fmt: skip
            lines += [_("Drafted for this match: <b>{player}</b>").format(player=escape(p)) for p in team.drafted]
            lines.append(
                _muted(escape(team.draft_refusal)) if team.draft_refusal else _("May draft from the reserves.")
            )
            self.team_labels[column].setText("<br>".join(lines))
            self.draft_buttons[column].setEnabled(
                self.may_act and team.draft_refusal is None and not self.view.handicaps
            )
        self.hired = match_freebooters(self.w.session.db, self.view.match_id)
        treasuries = team_treasuries(self.w.session.db, [t.id for t in self.view.teams])
        for column, (team, shop) in enumerate(zip(self.view.teams, self.shops, strict=True)):
            other = self.hired[1 - column] if self.hired else None
            shop.set_state(team=team.name, petty_cash=self.view.inducements[column], treasury=treasuries[team.id],
                           other_side={name: other.team for name in other.stars} if other else {},
                           hired=self.hired[column] if self.hired else None,
                           may_act=self.may_act and not self.view.handicaps)  # fmt: skip
        self._show_values()

    def _show_values(self) -> None:
        """Both teams' worth side by side, with what each spends on freebooters as it is bought."""
        eco = economy(self.w.session.db.ruleset)
        cells = []
        for team, shop, money in zip(self.view.teams, self.shops, self.view.inducements, strict=True):
            worth = gp(team.rating) if eco.worth == "value" else str(team.rating)
            cash = (
                "<br>" + _("petty cash {money}").format(money=gp(money)) if eco.pre_match == "inducements" else ""
            )
            spent = _("{worth_short} <b>{worth}</b> + freebooters <b>{spent}</b>").format(
                worth_short=escape(_(eco.worth_short)), worth=worth, spent=gp(shop.spent)
            )
            cells.append(f"<td align='center'><b>{escape(team.name)}</b><br>{spent}{cash}</td>")  # fmt: skip
        self.values.setText(f"<table width='100%' cellpadding='4'><tr>{''.join(cells)}</tr></table>")

    def orders(self) -> dict[int, Any]:
        """What each team buys that is not bought yet (the page's one service call at Next)."""
        out = {}
        for column, (team, shop) in enumerate(zip(self.view.teams, self.shops, strict=True)):
            already = self.hired is not None and bool(self.hired[column].hired)
            order = shop.order()
            if not already and not order.empty:
                out[team.id] = order
        return out

    def validatePage(self) -> bool:  # noqa: N802
        orders = self.orders()
        if not orders or not self.may_act or self.view.handicaps:
            return True
        return (
            self.w.session.run(hire_for_match, parent=self, match_id=self.view.match_id, orders=orders) is not None
        )

    def open_draft(self, column: int) -> Any:
        from ui.sequences.prematch.draft_dialog import DraftDialog

        dialog = DraftDialog(self.w.session, self.view.teams[column].id, self, match_id=self.view.match_id)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog = dialog
        dialog.open()
        return dialog


# -- handicaps -------------------------------------------------------------------------------------------------
class HandicapsPage(PreMatchPage):
    def __init__(self, wizard: PreMatchWizard):
        super().__init__(wizard, _("Handicaps"))
        self.ratings = rich_label(self)
        self.ratings.setObjectName("ratingsLabel")
        self.bands = rich_label(self)
        self.verdict = rich_label(self)
        self.verdict.setObjectName("handicapVerdict")
        self.dice = DiceInput(handicap_dice(wizard.session.db.ruleset), self, roll_text=_("Roll the Handicap"))
        self.dice.rolled.connect(self.roll)
        self.table = QTableWidget(0, 4, self)
        self.table.setObjectName("handicapTable")
        self.table.setTabKeyNavigation(False)  # a table to read: Tab goes on to the roll and the buttons
        self.table.setHorizontalHeaderLabels([_("Team"), _("Roll"), _("Handicap"), _("What it does")])
        self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        layout = QVBoxLayout(self)
        for widget in (self.ratings, self.bands, self.verdict, self.dice):
            layout.addWidget(widget)
        layout.addWidget(self.table, 1)
        # LRB 5/6: each team's fans (2D6 + fan factor, x 1,000): the gate and each team's FAME (issue 31)
        self.fans_box = QWidget(self)
        fans_layout = QVBoxLayout(self.fans_box)
        fans_layout.setContentsMargins(0, 0, 0, 0)
        self.fans_intro = rich_label(self)
        fans_layout.addWidget(self.fans_intro)
        self.fans_dice: list[DiceInput] = []
        self.fans_labels: list[QLabel] = []
        fame_dice = wizard.session.db.ruleset.table("fame")["dice"]
        for side in range(2):
            row = QHBoxLayout()
            label = rich_label(self)
            label.setObjectName(f"fans{side}")
            dice = DiceInput(fame_dice, self, roll_text=_("Roll the fans"))
            dice.setObjectName(f"fansDice{side}")
            dice.rolled.connect(lambda roll, s=side: self.roll_fans(s, roll))
            row.addWidget(label, 1)
            row.addWidget(dice)
            fans_layout.addLayout(row)
            self.fans_dice.append(dice)
            self.fans_labels.append(label)
        layout.addWidget(self.fans_box)
        self.fans_box.setVisible(economy(wizard.session.db.ruleset).winnings == "fame_dice")

    def show_view(self) -> None:
        view, (home, away) = self.view, self.view.teams
        if economy(self.w.session.db.ruleset).pre_match == "inducements":
            self._show_inducement_money()
            return
        rating, difference = _("rating"), _("difference")
        self.ratings.setText(
            "<table width='100%' cellpadding='4'><tr>"
            f"<td align='center'><span style='font-size:12pt'><b>{escape(home.name)}</b></span><br>"
            f"{rating} <span style='font-size:20pt'><b>{home.rating}</b></span></td>"
            f"<td align='center' style='color:{MUTED}'>{difference}<br><span style='font-size:16pt'>"
            f"{view.due.difference}</span></td>"
            f"<td align='center'><span style='font-size:12pt'><b>{escape(away.name)}</b></span><br>"
            f"{rating} <span style='font-size:20pt'><b>{away.rating}</b></span></td></tr></table>"
        )
        bands = ", ".join(f"{band}: {n}" for band, n in difference_bands(self.w.session.db.ruleset))
        self.bands.setText(_muted(_("Handicap Table (league default, editable in League &gt; Rules): rolls by "
                                    "rating difference {bands}. The team with the lower rating rolls.")
                                  .format(bands=bands)))  # fmt: skip
        underdog = view.underdog
        if underdog is None:
            text = _("No handicap: the ratings are too close.")
        elif view.rolls_left:
            text = ngettext("<b>{team}</b> make {n} handicap roll: <b>{left} to go</b>.",
                            "<b>{team}</b> make {n} handicap rolls: <b>{left} to go</b>.", view.due.rolls).format(
                team=escape(underdog.name), n=view.due.rolls, left=view.rolls_left)  # fmt: skip
        else:
            text = _("<b>{team}</b> have made every handicap roll ({rolls}).").format(
                team=escape(underdog.name), rolls=view.due.rolls
            )
        if view.handicaps and view.refusal is None:
            text += _muted(" " + _("The rolls stand from the ratings at the first roll."))
        self.verdict.setText(text)
        self.dice.setEnabled(self.may_act and view.rolls_left > 0)
        self.table.setRowCount(len(view.handicaps))
        for row, h in enumerate(view.handicaps):
            for column, value in enumerate(
                (h.team, h.roll, term("table", h.handicap), term("table", h.text) if h.text else "")
            ):
                self.table.setItem(row, column, QTableWidgetItem(value))
        self.table.resizeColumnsToContents()
        self.completeChanged.emit()

    def _show_inducement_money(self) -> None:
        """LRB 5/6: no handicaps; the team of lower team value gets the difference as money for inducements."""
        view, eco = self.view, economy(self.w.session.db.ruleset)
        self.setTitle(_("Money for inducements"))
        cells = [f"<td align='center'><b>{escape(t.name)}</b><br>{_(eco.worth_short)} <b>{gp(t.rating)}</b></td>"
                 for t in view.teams]  # fmt: skip
        self.ratings.setText(f"<table width='100%' cellpadding='4'><tr>{''.join(cells)}</tr></table>")
        self.bands.setText(_muted(_("{edition} has no handicaps: the team of lower {worth} gets the difference as "
                                    "money for inducements (League &gt; Rules: Petty cash).")
                                  .format(edition=escape(eco.edition), worth=_(eco.worth_name).lower())))  # fmt: skip
        money = [(t, m) for t, m in zip(view.teams, view.inducements, strict=True) if m]
        self.verdict.setText(_("<b>{team}</b> get <b>{money}</b> for inducements.").format(
            team=escape(money[0][0].name), money=gp(money[0][1])) if money
            else _("The team values are equal: no money for inducements."))  # fmt: skip
        for widget in (self.dice, self.table):
            widget.setVisible(False)
        self._show_fans()
        self.completeChanged.emit()

    def _show_fans(self) -> None:
        """Each team's fans before the match and the FAME they give (the league's Fans and FAME table)."""
        view, ruleset = self.view, self.w.session.db.ruleset
        table = ruleset.table("fame")
        self.fans_intro.setText(_("<b>Fans and FAME</b>: each team rolls {dice} + its fan factor, x {per} "
                                  "spectators; FAME {more} for more fans than the other team, {double} for twice "
                                  "as many. The winnings read it after the match.")
                                .format(dice=escape(table["dice"]), per=number(table['spectators_per_point']),
                                        more=table["more"], double=table["double"]))  # fmt: skip
        for side, team in enumerate(view.teams):
            fans, fame = view.fans[side], view.fame[side]
            if fans is None:
                text = _("{team}: fans not counted yet").format(team=f"<b>{escape(team.name)}</b>")
            elif fame is None:
                text = _("{team}: {fans} fans").format(team=f"<b>{escape(team.name)}</b>", fans=number(fans))
            else:
                text = _("{team}: {fans} fans, FAME <b>{fame}</b>").format(
                    team=f"<b>{escape(team.name)}</b>", fans=number(fans), fame=fame)  # fmt: skip
            self.fans_labels[side].setText(text)
            self.fans_dice[side].setEnabled(self.may_act and fans is None)

    def roll_fans(self, side: int, dice_roll: Any) -> None:
        team = self.view.teams[side]
        self.w.session.run(roll_fans, parent=self, match_id=self.view.match_id, team_id=team.id, roll=dice_roll)

    def isComplete(self) -> bool:  # noqa: N802
        if self.view.refusal is not None:
            return True
        fans_counted = None not in self.view.fans or economy(self.w.session.db.ruleset).winnings != "fame_dice"
        return self.view.rolls_left == 0 and fans_counted

    def roll(self, dice_roll: Any) -> None:
        self.w.session.run(roll_handicap, parent=self, match_id=self.view.match_id, roll=dice_roll)


# -- the referee -------------------------------------------------------------------------------------------------
class RefereePage(PreMatchPage):
    def __init__(self, wizard: PreMatchWizard):
        super().__init__(wizard, _("The referee"))
        self.intro = rich_label(self)
        self.table = QTableWidget(0, 6, self)
        self.table.setObjectName("refereeTable")
        self.table.setTabKeyNavigation(False)  # the arrows choose a ref; Tab goes on to Choose This Referee
        self.table.setHorizontalHeaderLabels(
            [_("Referee"), _("Range"), _("Skills"), _("Lately"), _("This season"), _("Note")]
        )
        # the note (why a ref cannot take this game) takes the width left, cut with its whole text on hover and
        # under the table when the row is chosen: no sideways scrolling at 1366 px
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setWordWrap(False)
        self.table.viewport().installEventFilter(self)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.itemSelectionChanged.connect(self._update_button)
        self.table.doubleClicked.connect(lambda _i: self.choose())
        self.choose_button = QPushButton(_("Choose This Referee"), self)
        self.choose_button.setObjectName("chooseRefereeButton")
        self.choose_button.clicked.connect(self.choose)
        self.chosen = rich_label(self)
        self.chosen.setObjectName("chosenReferee")
        self.offers: list[pq.RefereeOffer] = []
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        row.addWidget(self.choose_button)
        row.addWidget(self.chosen, 1)
        layout.addLayout(row)

    def show_view(self) -> None:
        self.intro.setText(
            _(
                "Seed 000: the League Commissioner chooses the referee. Sacked refs and dead Star Refs are never "
                "offered; an injured ref is shown but cannot referee. <i>Lately</i> counts his match sheets in the "
                "{rounds} rounds before this one: don't take the Minotaur every match."
            ).format(rounds=pq.LATELY_ROUNDS)
        )
        self.offers = pq.referee_offers(self.w.session.db, self.view.match_id)
        self.table.setRowCount(len(self.offers))
        for row, offer in enumerate(self.offers):
            values = (offer.label, _("{range} squares").format(range=offer.range),
                      ", ".join(term("skill", s) for s in offer.skills) or "\u2014", str(offer.lately),
                      str(offer.season), offer.problem or "")  # fmt: skip
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(plain_tip(value))
                if offer.problem:
                    item.setForeground(Qt.GlobalColor.darkGray)
                self.table.setItem(row, column, item)
        self._fit_columns()
        if self.view.referee:
            self.chosen.setText(
                _("<b>{referee}</b> referees this match (his match sheet is open).").format(
                    referee=escape(self.view.referee)
                )
            )
        else:
            self.chosen.setText(_muted(_("No referee chosen yet: without one a normal ref takes the game.")))
        self._update_button()

    def _fit_columns(self) -> None:
        """Columns to their content; when the row is too wide the skills give way first, the note keeps 120 px."""
        self.table.resizeColumnsToContents()
        header = self.table.horizontalHeader()
        room = self.table.viewport().width() - sum(header.sectionSize(c) for c in range(5)) - 120
        if room < 0:
            header.resizeSection(2, max(header.sectionSize(2) + room, 160))

    def eventFilter(self, watched: Any, event: Any) -> bool:  # noqa: N802
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize and self.offers:
            self._fit_columns()  # the room is known only once the table has its size
        return super().eventFilter(watched, event)

    def selected(self) -> pq.RefereeOffer | None:
        rows = self.table.selectionModel().selectedRows()
        return self.offers[rows[0].row()] if rows else None

    def select(self, referee_id: int) -> None:
        row = next(i for i, o in enumerate(self.offers) if o.id == referee_id)
        self.table.selectRow(row)

    def _update_button(self) -> None:
        offer = self.selected()
        self.choose_button.setEnabled(
            self.may_act and self.view.referee is None and offer is not None and offer.problem is None
        )
        if self.view.referee is None and offer is not None and offer.problem:
            self.chosen.setText(_muted(f"{escape(offer.label)}: {escape(offer.problem)}"))
        elif self.view.referee is None:
            self.chosen.setText(_muted(_("No referee chosen yet: without one a normal ref takes the game.")))

    def choose(self) -> None:
        offer = self.selected()
        if offer is None or not self.choose_button.isEnabled():
            return
        self.w.session.run(start_match_sheet, parent=self, referee_id=offer.id, match_id=self.view.match_id)


# -- finish --------------------------------------------------------------------------------------------------------
class FinishPage(PreMatchPage):
    def __init__(self, wizard: PreMatchWizard):
        super().__init__(wizard, _("Ready for kick-off"))
        self.summary = rich_label(self)
        self.summary.setObjectName("preMatchSummary")
        self.open_pad = QCheckBox(_("Open the match pad for this game when I finish"), self)
        self.open_pad.setObjectName("openPadOnFinish")
        self.open_pad.setChecked(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addSpacing(12)
        layout.addWidget(self.open_pad)
        layout.addStretch(1)
        self.setFinalPage(True)

    def show_view(self) -> None:
        view = self.view
        lines = [_("<b>{team}</b>: rating {rating}, {available} players can start").format(
                     team=escape(t.name), rating=t.rating, available=t.available)
                 + ("; " + _("drafted {players}").format(players=escape(", ".join(t.drafted))) if t.drafted else "")
                 for t in view.teams]  # fmt: skip
        handicaps = ", ".join(f"{escape(term('table', h.handicap))} ({escape(h.team)})" for h in view.handicaps)
        lines.append(_("Handicaps: {handicaps}").format(handicaps=handicaps or _("none")))
        referee = escape(view.referee) if view.referee else _("a normal ref (none chosen)")
        lines.append(_("Referee: {referee}").format(referee=referee))
        if view.finished:
            lines.append(_("<b>The pre-match sequence is finished.</b> Next: the match, then its report."))
        elif view.refusal:
            lines.append(f"<span style='color:{BAD}'>{escape(view.refusal)}</span>")
        else:
            lines.append(_muted(_("Finish records the pre-match sequence as done; after it nobody drafts for "
                                  "this match.")))  # fmt: skip
        self.summary.setText("<br>".join(lines))
        self.open_pad.setEnabled(self.pad_offered)

    @property
    def pad_offered(self) -> bool:
        """The match pad is offered for a game still to play, once its pre-match sequence is (or is being) finished."""
        view = self.view
        return not self.w.session.read_only and not view.played and (view.refusal is None or view.finished)

    def validatePage(self) -> bool:  # noqa: N802
        if self.view.finished or self.w.session.read_only or self.view.refusal is not None:
            return True
        return self.w.session.run(finish_pre_match, parent=self, match_id=self.view.match_id) is not None


PAGES = ((PageId.FREEBOOTERS, FreebootersPage), (PageId.HANDICAPS, HandicapsPage), (PageId.REFEREE, RefereePage),
         (PageId.FINISH, FinishPage))  # fmt: skip


class PreMatchWizard(QWizard):
    def __init__(self, session: Any, match_id: int, parent: QWidget | None = None, *, start: PageId | None = None):
        super().__init__(parent)
        help_key(
            self, lambda: "handicaps" if self.currentId() == PageId.HANDICAPS else "prematch"
        )  # F1: the handbook's section (issue 35)
        self.session = session
        self.match_id = match_id
        self.view = pq.pre_match(session.db, match_id)
        self.setWindowTitle(_("Pre-match sequence: {game}").format(game=self.view.title))
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setSubTitleFormat(Qt.TextFormat.PlainText)  # the fixture's title holds the teams' names
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.resize(900, 600)
        self.pages: dict[PageId, PreMatchPage] = {}
        for page_id, page_class in PAGES:
            page = page_class(self)
            self.pages[page_id] = page
            self.setPage(page_id, page)
        self.setStartId(start if start is not None else self._first_page())
        session.changed.connect(self._league_changed)
        self.refresh()

    def _first_page(self) -> PageId:
        """Where things stand: the handicaps once Hire Freebooters is over (the handicaps rolled), else the start
        (every team may hire Star Players, mercenaries and inducements, even where nobody may draft)."""
        view = self.view
        if view.finished:
            return PageId.FINISH
        if view.handicaps:
            return PageId.HANDICAPS if view.rolls_left else PageId.REFEREE
        return PageId.FREEBOOTERS

    def refresh(self) -> None:
        view = pq.pre_match(self.session.db, self.match_id)
        if view is None:  # the fixture was deleted meanwhile
            self.reject()
            return
        self.view = view
        subtitle = view.refusal or _("{game}. Each step is saved as it is made.").format(game=view.title)
        for page in self.pages.values():
            page.setSubTitle(subtitle)
            page.show_view()

    def _league_changed(self, tables: Any) -> None:
        if tables is None or set(tables) & PREMATCH_TABLES:
            self.refresh()

    def reject(self) -> None:
        """Each step is saved as it is made; dice typed in and not used yet would be lost: it asks first."""
        if unused_dice(self) and not ask.confirm(self, _("Close the pre-match sequence? What was done is kept, but "
                                                   "the dice typed in and not used yet are lost."),
                                                 yes=_("Close")):  # fmt: skip
            return
        super().reject()

    def done(self, result: int) -> None:
        with contextlib.suppress(RuntimeError, TypeError):
            self.session.changed.disconnect(self._league_changed)
        super().done(result)
        finish = self.pages[PageId.FINISH]
        if result == QWizard.DialogCode.Accepted and finish.open_pad.isChecked() and finish.pad_offered:
            self.open_match_pad()

    match_pad: Any = None  # the pad Finish opened

    def open_match_pad(self) -> Any:
        """The night goes on: the match pad for this fixture, with the ref the pre-match chose (it asks for none)."""
        from ui.sequences.match_pad.opening import open_match_pad

        self.match_pad = open_match_pad(self.session, self.match_id, self.parentWidget())
        return self.match_pad
