"""Tools > Check League…: the report in plain words, and a Repair button for what is safe to repair."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTextBrowser, QVBoxLayout, QWidget

from roster_app.i18n import _, ngettext
from roster_app.safety.check import Report, check_league
from roster_app.services.repair import repair_league


class CheckDialog(QDialog):
    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.setWindowTitle(_("Check League"))
        self.resize(640, 420)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.details = QTextBrowser(self)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.repair_button = self.buttons.addButton(_("Repair"), QDialogButtonBox.ButtonRole.ActionRole)
        self.repair_button.setToolTip(
            _("Repairs what is safe in one step, after a backup (Edit > Undo takes it back).")
        )
        self.buttons.rejected.connect(self.reject)
        self.repair_button.clicked.connect(self.repair)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.details, 1)
        layout.addWidget(self.buttons)
        self.report = Report()
        self.refresh()

    def refresh(self, done: list[str] | None = None) -> None:
        self.report = check_league(self.session.db)
        count, fixable = len(self.report.problems), len(self.report.repairable)
        if self.report.ok:
            self.summary.setText(_("<b>No problems found.</b> The league is sound."))
        else:
            self.summary.setText(
                ngettext("<b>{n} problem(s) found.</b> ", "<b>{n} problem(s) found.</b> ", count).format(n=count)
                + (
                    ngettext("{n} can be repaired safely.", "{n} can be repaired safely.", fixable).format(
                        n=fixable
                    )
                    if fixable
                    else _("None can be repaired automatically.")
                )
            )
        self.details.setHtml(_html(self.report, done or []))
        self.repair_button.setEnabled(bool(self.report.repairable) and not self.session.read_only)

    def repair(self) -> None:
        change = self.session.run(repair_league, parent=self)
        if change is not None:
            self.refresh(change.result)


def _html(report: Report, done: list[str]) -> str:
    parts = []
    if done:
        parts.append(_("<p><b>Repaired</b> (Edit &gt; Undo takes the repairs back):</p>") + "<ul>")
        parts += [f"<li>{escape(d)}</li>" for d in done]
        parts.append("</ul>")
    if report.ok:
        parts.append(_("<p>SQLite's checks, the links between rows, treasuries and ledgers, rosters, contracts, "
                       "SPP and the house rules are all in order.</p>"))  # fmt: skip
    else:
        parts.append("<ul>")
        for p in report.problems:
            how = ("<span style='color:#1d6b2f'>" + _("Repair: {repair}").format(repair=escape(p.repair)) + "</span>" if p.repair
                   else "<span style='color:#8a5a00'>" + _("Not repaired automatically: decide by hand.") + "</span>")  # fmt: skip
            parts.append(f"<li>{escape(p.text)}<br>{how}</li>")
        parts.append("</ul>")
    return "".join(parts)
