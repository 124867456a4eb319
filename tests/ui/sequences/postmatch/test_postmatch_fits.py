"""Issue 35, item 10: the post-match rows were cut ("or type the di", "se these dic", "(rolled by Dugout)") when
the wizard was narrower than the teams' rows; at its smallest every word of every page is whole."""

from __future__ import annotations

import random

from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QLabel, QWizard

from roster_app.queries import season as sq
from roster_app.services.season import generate_season
from tests.season_helpers import report, roster_ids


def cut_widgets(page) -> list[str]:
    """The visible labels and buttons narrower than their text needs (a word-wrapped label wraps instead)."""
    cut = []
    for widget in (
        page.findChildren(QLabel) + page.findChildren(QAbstractButton) + page.findChildren(QAbstractSpinBox)
    ):
        if not widget.isVisibleTo(page) or (isinstance(widget, QLabel) and widget.wordWrap()):
            continue
        if widget.width() < widget.minimumSizeHint().width():
            cut.append(widget.text() if hasattr(widget, "text") else type(widget).__name__)
    return cut


def test_every_page_at_the_wizards_smallest_cuts_no_word(qtbot, season_window):
    from ui.kit.dice_input import DiceInput
    from ui.sequences.postmatch.wizard import PostMatchWizard

    session = season_window.session
    generate_season(session.db)
    m = sq.fixtures(session.db)[0]
    home = roster_ids(session.db, m.home_id)
    report(session.db, m.id, 2, 0, lines=[{"player_id": home[0], "touchdowns": 2}], home_mvp=home[0])
    session.changed.emit({"match"})
    wizard = PostMatchWizard(session, m.id, season_window, rng=random.Random(4))
    wizard.show()
    qtbot.waitExposed(wizard)
    seen = 0
    while True:
        page = wizard.currentPage()
        for dice in page.findChildren(DiceInput):
            if dice.isVisibleTo(page) and dice.roll_button.isEnabled():
                dice.roll_button.click()
        for row in getattr(page, "rows", {}).values():
            if getattr(row, "_keys", None):
                row.choose(row._keys[1])
        wizard.resize(wizard.minimumSize())
        qtbot.wait(20)
        assert cut_widgets(page) == [], page.title()
        seen += 1
        next_button = wizard.button(QWizard.WizardButton.NextButton)
        if not next_button.isVisible():
            break
        assert next_button.isEnabled(), page.title()
        next_button.click()
    assert seen >= 6
