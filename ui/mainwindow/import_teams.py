"""File > Import Teams… (issue 38): teams from OBBLM/NAFLM and BattleScribe files, previewed before anything is
written. The preview is roster_app.exchange.foreign's (Qt-free): each team and its players as they will be, the
names the importer guessed (each a combo box: confirm it or choose another), what cannot come across and the files
or teams refused. Import runs services/foreign_teams.import_teams through the session: one undo step."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _
from ui.kit import ask
from ui.kit.basics import plain_label

FILE_FILTER = N_("Team files (*.xml *.ros *.rosz);;All files (*)")
GUESS_KINDS = {"skill": N_("skill"), "position": N_("position"), "race": N_("race")}  # a guess's kind, shown
# what a guess's empty choice means, by kind
LEAVE_OUT = {"skill": N_("(leave the skill out)"), "position": N_("(do not bring these players)"),
             "race": N_("(refuse the team)")}  # fmt: skip
PLAYER_COLUMNS = (
    "#",
    N_("Name"),
    N_("Position"),
    N_("MA"),
    N_("ST"),
    N_("AG"),
    N_("AV"),
    N_("Skills"),
    N_("Injuries"),
    N_("SPP"),
    N_("Value"),
    N_("Status"),
)


def choose_and_preview(window: Any) -> QDialog | None:
    """Ask for the files, then show the preview (open, not exec: nothing waits on it)."""
    if window.session is None or window.session.read_only:
        return None
    paths = ask.open_paths(window, title=_("Import teams from OBBLM or BattleScribe"), filter=_(FILE_FILTER))
    if not paths:
        return None
    from roster_app.errors import DugoutError

    try:
        dialog = ImportTeamsDialog(window.session, paths, window)
    except DugoutError as exc:  # more files than an import takes
        ask.error(window, str(exc))
        return None
    dialog.open()
    return dialog


class ImportTeamsDialog(QDialog):
    def __init__(self, session: Any, paths: list[str], parent: QWidget | None = None):
        super().__init__(parent)
        from roster_app.exchange.foreign import read_team_files
        from roster_app.queries.rosters import teams

        self.setWindowTitle(_("Import Teams"))
        self.session = session
        self.ruleset = session.db.ruleset
        self.files = read_team_files(paths, self.ruleset)
        self.taken = [t.name for t in teams(session.db)]
        self.choices: dict[tuple[str, str, str], str | None] = {}
        self.preview: Any = None
        self.imported: list[int] = []

        self.summary = plain_label("", self)
        self.summary.setWordWrap(True)
        self.teams_tree = QTreeWidget(self)
        self.teams_tree.setHeaderLabels([_(title) for title in PLAYER_COLUMNS])
        self.teams_tree.setRootIsDecorated(True)
        self.guesses_table = QTableWidget(0, 4, self)
        self.guesses_table.setHorizontalHeaderLabels((_("Kind"), _("In the file"), _("Becomes"), _("Files")))
        self.guesses_table.verticalHeader().setVisible(False)
        self.guesses_table.horizontalHeader().setStretchLastSection(True)
        self.losses_list = QListWidget(self)
        self.losses_list.setWordWrap(True)

        self.confirm_box = QCheckBox(_("I have checked the guessed names"), self)
        self.skip_box = QCheckBox(_("Import the others when a file or team is refused"), self)
        self.signed_by = QLineEdit(self)
        self.signed_by.setPlaceholderText(_("your name: the teams' history says who imported them"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.import_button = buttons.addButton(_("&Import"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.rejected.connect(self.reject)
        self.import_button.clicked.connect(self.do_import)

        lower = QWidget(self)
        lower_layout = QHBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        guesses = QVBoxLayout()
        guesses.addWidget(
            plain_label(_("Names Dugout had to guess (choose another where it guessed wrong):"), self)
        )
        guesses.addWidget(self.guesses_table)
        losses = QVBoxLayout()
        losses.addWidget(plain_label(_("What cannot come across, and what was refused:"), self))
        losses.addWidget(self.losses_list)
        lower_layout.addLayout(guesses, 3)
        lower_layout.addLayout(losses, 2)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.teams_tree)
        splitter.addWidget(lower)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)

        signature = QHBoxLayout()
        signature.addWidget(plain_label(_("Imported by:"), self))
        signature.addWidget(self.signed_by, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.confirm_box)
        layout.addWidget(self.skip_box)
        layout.addLayout(signature)
        layout.addWidget(buttons)
        for signal in (self.confirm_box.toggled, self.skip_box.toggled, self.signed_by.textChanged):
            signal.connect(self._update_button)
        self.resize(1100, 720)
        self.replan()

    # -- the preview ------------------------------------------------------------------------------------
    def replan(self) -> None:
        """The preview again with the commissioner's choices (every guess shown counts as answered)."""
        from roster_app.exchange.foreign import plan_import

        first = plan_import(self.files, self.ruleset, choices=self.choices, taken=self.taken)
        answers = {g.key: first.choice(g) for g in first.guesses}
        self.preview = plan_import(self.files, self.ruleset, choices={**answers, **self.choices}, taken=self.taken)
        self._fill_teams()
        self._fill_guesses()
        self._fill_losses()
        self._update_button()

    def _fill_teams(self) -> None:
        from roster_app.rules.roster import gp
        from roster_app.words import count

        self.teams_tree.clear()
        for team in self.preview.teams:
            top = QTreeWidgetItem([f"{team.name}: {team.summary}"])
            top.setToolTip(0, _("{file}, team {row}").format(file=team.file, row=team.row))
            for p in team.players:
                top.addChild(QTreeWidgetItem([
                    str(p.number), p.name, p.position, str(p.ma), str(p.st), str(p.ag), str(p.av),
                    ", ".join(p.skills), ", ".join(p.injuries), str(p.spp), gp(p.value), p.status,
                ]))  # fmt: skip
            self.teams_tree.addTopLevelItem(top)
            top.setFirstColumnSpanned(True)
            top.setExpanded(True)
        for column in range(1, len(PLAYER_COLUMNS)):
            self.teams_tree.resizeColumnToContents(column)
        self.teams_tree.setColumnWidth(0, self.teams_tree.fontMetrics().horizontalAdvance("000") + 40)
        teams, refused = len(self.preview.teams), len(self.preview.refused)
        self.summary.setText(_("{teams} to import").format(teams=count(teams, "team"))
                             + (_("; {refused} refused").format(refused=count(refused, "file or team", "files or teams"))
                                if refused else "")
                             + _(". Nothing is written until you press Import; Edit > Undo takes the import back."))  # fmt: skip

    def _fill_guesses(self) -> None:
        table = self.guesses_table
        table.setRowCount(0)
        self.combos: dict[tuple[str, str, str], QComboBox] = {}
        for row, guess in enumerate(self.preview.guesses):
            table.insertRow(row)
            words = _(GUESS_KINDS[guess.kind]) if guess.kind in GUESS_KINDS else guess.kind
            kind = f"{words} ({guess.context})" if guess.context else words
            table.setItem(row, 0, QTableWidgetItem(kind))
            table.setItem(row, 1, QTableWidgetItem(guess.source))
            combo = QComboBox(table)
            combo.addItem(_(LEAVE_OUT[guess.kind]), None)
            for option in guess.options:
                combo.addItem(option, option)
            chosen = self.preview.choice(guess)
            combo.setCurrentIndex(max(0, combo.findData(chosen)) if chosen else 0)
            combo.currentIndexChanged.connect(lambda _i, key=guess.key, box=combo: self._choose(key, box))
            table.setCellWidget(row, 2, combo)
            table.setItem(row, 3, QTableWidgetItem(", ".join(guess.files)))
            self.combos[guess.key] = combo
        table.resizeColumnsToContents()
        self.confirm_box.setVisible(bool(self.preview.guesses))

    def _choose(self, key: tuple[str, str, str], combo: QComboBox) -> None:
        self.choices[key] = combo.currentData()
        self.replan()

    def _fill_losses(self) -> None:
        self.losses_list.clear()
        for refusal in self.preview.refused:
            self.losses_list.addItem(_("Refused: {refusal}").format(refusal=refusal))
        for team in self.preview.teams:
            self.losses_list.addItems([f"{team.name}: {loss}" for loss in team.losses])
            self.losses_list.addItems(
                [_("{team}: note: {note}").format(team=team.name, note=note) for note in team.notes]
            )

    def _update_button(self) -> None:
        preview = self.preview
        ready = (bool(preview.teams) and bool(self.signed_by.text().strip())
                 and (not preview.guesses or self.confirm_box.isChecked())
                 and (not preview.refused or self.skip_box.isChecked()))  # fmt: skip
        self.import_button.setEnabled(ready)
        self.skip_box.setVisible(bool(preview.refused))

    # -- importing --------------------------------------------------------------------------------------
    def do_import(self) -> None:
        from roster_app.errors import DugoutError
        from roster_app.safety.backups import backup_open_league
        from roster_app.services.foreign_teams import import_teams
        from roster_app.words import count

        try:
            backup_open_league(self.session.db, reason="before import")
        except DugoutError as exc:
            ask.error(self, str(exc))
            return
        teams = [t.as_dict() for t in self.preview.teams]
        change = self.session.run(import_teams, parent=self, teams=teams, made_by=self.signed_by.text())
        if change is None:
            return
        self.imported = list(change.result)
        names = ", ".join(t.name for t in self.preview.teams)
        ask.info(self, _("{teams} imported: {names}.").format(teams=count(len(teams), "team"), names=names))
        self.accept()
