"""Help > About: the version, the rulesets, and where the leagues, settings, logs and backups live."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import _, ngettext
from ui.kit.icons import app_icon


def _link(path: Path, folder: Path | None = None) -> str:
    """`path` as a link that opens `folder` (the path itself by default) in the file manager."""
    return f'<a href="{QUrl.fromLocalFile(str(folder or path)).toString()}">{html.escape(str(path))}</a>'


def about_rows(facts: Any, settings_file: str) -> list[tuple[str, str]]:
    """(label, HTML) rows of the About box."""
    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import qVersion

    rulesets = "<br>".join(
        _("{name} — version {version}").format(name=html.escape(r.name), version=r.version) for r in facts.rulesets
    )
    rows = [
        (
            _("Version"),
            f"Dugout {html.escape(facts.version)} ({facts.python}, Qt {qVersion()}, PySide6 {pyside_version})",
        ),
        (_("Rulesets"), rulesets),
    ]
    league = facts.league
    if league is not None:
        house = (
            ngettext(
                "house rules in {n} table(s): {tables}",
                "house rules in {n} table(s): {tables}",
                len(league.edited_tables),
            ).format(n=len(league.edited_tables), tables=html.escape(", ".join(league.edited_tables)))
            if league.edited_tables
            else _("as published (no house rules)")
        )
        rows += [
            (
                _("Open league"),
                f"{html.escape(league.name)}{_(' (read-only)') if league.read_only else ''}<br>"
                f"{_link(league.path, league.path.parent)}",
            ),  # fmt: skip
            (_("Its ruleset"), f"{html.escape(league.ruleset_name)}, {house}"),
            (_("Its backups"), _link(league.backups)),
        ]
    else:
        rows.append((_("Backups"), _("beside each league file, in a folder named “&lt;league&gt; backups”")))
    rows += [
        (_("Leagues and demo"), _link(facts.data_dir)),
        (_("Settings"), html.escape(settings_file)),
        (_("Logs"), _link(facts.log_dir)),
    ]
    return rows


class AboutDialog(QDialog):
    def __init__(self, db: Any = None, settings: QSettings | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        from roster_app.about import about_facts

        self.setWindowTitle(_("About Dugout"))
        self.facts = about_facts(db)
        settings_file = (settings or QSettings()).fileName()
        self.rows = about_rows(self.facts, settings_file)

        icon = QLabel()
        icon.setPixmap(app_icon().pixmap(96, 96))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        title = QLabel(
            f"<h2>Dugout {html.escape(self.facts.version)}</h2>"
            + _(
                "<p>The Blood Bowl league commissioner's desk. Rules from the Referees and the Reserve Teams, "
                "Contracts and Transfers articles; team lists of LRB 4.0, LRB 5 and LRB 6.</p>"
                "<p>Every change is written to the league file the moment you make it; there is nothing to save.</p>"
            )
        )
        title.setWordWrap(True)
        table = "".join(
            f"<tr><td style='padding:3px 12px 3px 0; color:#5b6470'><b>{label}</b></td>"
            f"<td style='padding:3px 0'>{value}</td></tr>"
            for label, value in self.rows
        )
        self.details = QLabel(f"<table>{table}</table>")
        self.details.setObjectName("aboutDetails")
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setOpenExternalLinks(True)
        self.details.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextBrowserInteraction | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.details.setWordWrap(True)

        text = QVBoxLayout()
        text.addWidget(title)
        text.addWidget(self.details)
        top = QHBoxLayout()
        top.addWidget(icon)
        top.addLayout(text, 1)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton(_("Copy Details"))
        self.copy_button.setToolTip(_("Copy the version and folders, to paste into a bug report"))
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy_details)
        self.logs_button = QPushButton(_("Open Log Folder"))
        buttons.addButton(self.logs_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.logs_button.clicked.connect(
            lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.facts.log_dir)))
        )
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(buttons)
        self.setMinimumWidth(620)

    def plain_text(self) -> str:
        from PySide6.QtGui import QTextDocument

        lines = []
        for label, value in self.rows:
            doc = QTextDocument()
            doc.setHtml(value.replace("<br>", "\n"))
            lines.append(f"{label}: {doc.toPlainText()}")
        return "\n".join(lines)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.plain_text())
