"""The Season page's Competitions tab by clicks (issue 33): create a cup, draw it, play a round (a level semi-final
decided by overtime and a roll-off in the match report), see the bracket; bad input refused in words."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from roster_app.queries import competitions as cq
from roster_app.queries import season as sq


def _competitions_tab(qtbot, page):
    bar = page.views.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    assert page.views.currentWidget() is page.competitions
    return page.competitions


def _new_cup(qtbot, panel, name: str, *, third_place: bool = False):
    panel.new_action.trigger()
    dialog = panel.dialog
    qtbot.keyClicks(dialog.name, name)
    if third_place:
        qtbot.mouseClick(
            dialog.third_place, Qt.MouseButton.LeftButton, pos=QPoint(4, dialog.third_place.height() // 2)
        )
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    return dialog


def _box_centre(panel, tie_id: int) -> QPoint:
    return panel.bracket.box_of(tie_id).rect.center().toPoint()


def test_create_a_cup_draw_it_play_a_round_and_see_the_bracket(qtbot, season_window, messages, monkeypatch):
    from ui.kit import ask
    from ui.pages.season.match_report_dialog import MatchReportDialog

    page = season_window.league_view.season_page
    db = season_window.session.db
    panel = _competitions_tab(qtbot, page)
    dialog = _new_cup(qtbot, panel, "Spike Cup", third_place=True)
    assert dialog.result() == dialog.DialogCode.Accepted and dialog.created_id
    assert panel.chosen().name == "Spike Cup" and "Not drawn yet" in panel.standing.text()
    picks = []
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: (picks.append(options), 4)[1])  # by hand
    assert panel.draw_action.isEnabled()
    panel.draw_action.trigger()
    assert "Seed by hand" in picks[0][4]
    bracket = panel.bracket.bracket
    assert [t.round_name for r in bracket.rounds for t in r] == ["semi-final", "semi-final", "final",
                                                                 "third-place game"]  # fmt: skip
    assert len(panel.bracket.boxes) == 4
    semi = bracket.rounds[0][0]
    # seeded by hand in the order entered (the dialog lists the teams by name): 1 v 4, 2 v 3
    assert (semi.home, semi.away) == ("Athelorn Avengers", "Reikland Reavers")
    # the semi-final's box opens its match report (double-click): 0-0, overtime, then a typed roll-off 6-2
    qtbot.mouseDClick(panel.bracket, Qt.MouseButton.LeftButton, pos=_box_centre(panel, semi.id))
    [report] = [w for w in QApplication.topLevelWidgets() if isinstance(w, MatchReportDialog) and w.isVisible()]
    assert not report.record_button.isEnabled()
    assert "sudden-death overtime" in report.verdict.text()
    report.overtime.click()
    assert "A winner cannot simply be typed" in report.verdict.text()
    home, away = report.roll_off.values()
    for spin, face in ((home, "6"), (away, "2")):
        qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)  # the "-" of no roll-off
        qtbot.keyClicks(spin, face)
    report.roll_gate_button.click()
    assert report.record_button.isEnabled(), report.verdict.text()
    report.record_button.click()
    assert messages == []
    bracket = panel.bracket.bracket
    semi = bracket.rounds[0][0]
    assert semi.winner == "Athelorn Avengers" and semi.decided == "after overtime and a roll-off (6-2)"
    final = bracket.rounds[1][0]
    assert final.home == "Athelorn Avengers" and final.away == "" and final.match_id is None
    # the other semi-final by the Season page's report, through its box's right-click
    other = bracket.rounds[0][1]
    page.open_game(other.match_id, "report")
    [report] = [w for w in QApplication.topLevelWidgets() if isinstance(w, MatchReportDialog) and w.isVisible()
                and w.fixture.id == other.match_id]  # fmt: skip
    report.overtime.click()
    report.roll_off_dice()
    report.roll_gate_button.click()
    report.record_button.click()
    final = panel.bracket.bracket.rounds[1][0]
    assert final.home == "Athelorn Avengers" and final.away in ("Karak Grudgebearers", "Orcland Raiders")
    assert final.match_id in {f.id for f in sq.fixtures(db)}
    third = panel.bracket.bracket.rounds[1][1]
    assert third.home == "Reikland Reavers" and third.match_id is not None
    assert panel.draw_action.isEnabled() is False  # a draw is not made again once a game is played
    assert not panel.bracket.grab().isNull()


def test_a_tournament_of_one_team_is_refused_in_words(qtbot, season_window, messages):
    page = season_window.league_view.season_page
    panel = _competitions_tab(qtbot, page)
    panel.new_action.trigger()
    dialog = panel.dialog
    qtbot.keyClicks(dialog.name, "Solo Cup")
    for index in range(1, dialog.teams.count()):
        dialog.teams.item(index).setCheckState(Qt.CheckState.Unchecked)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.isVisible()
    assert messages and "a tournament of one team has no games" in messages[-1]
    assert cq.competitions(season_window.session.db) == []


def test_a_team_withdraws_and_its_opponent_goes_through_said_in_words(qtbot, season_window, messages, monkeypatch):
    from ui.kit import ask

    page = season_window.league_view.season_page
    panel = _competitions_tab(qtbot, page)
    _new_cup(qtbot, panel, "Spike Cup")
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: 4 if "drawn" in label else
                        options.index("Reikland Reavers"))  # fmt: skip
    monkeypatch.setattr(ask, "text", lambda parent, label, **kw: "the team folded")
    panel.draw_action.trigger()
    panel.withdraw_action.trigger()
    assert messages[-1] == ("Reikland Reavers withdrew from Spike Cup (the team folded); Athelorn Avengers go "
                            "through.")  # fmt: skip
    final = panel.bracket.bracket.rounds[1][0]
    assert final.home == "Athelorn Avengers"


def test_generate_season_shuffles_the_fixtures_when_asked(qtbot, season_window, messages):
    page = season_window.league_view.season_page
    page.generate_action.trigger()
    from PySide6.QtWidgets import QApplication

    from ui.pages.season.fixture_dialogs import GenerateSeasonDialog

    [dialog] = [w for w in QApplication.topLevelWidgets() if isinstance(w, GenerateSeasonDialog) and w.isVisible()]
    dialog.shuffle.click()
    dialog.generate_button.click()
    rows = cq.competitions(season_window.session.db)
    assert [(r.name, r.format) for r in rows] == [("League", "league")]
    from roster_app.store.models import Competition

    with season_window.session.db.read() as session:
        assert session.get(Competition, rows[0].id).shuffle
    assert len(sq.fixtures(season_window.session.db)) == 6


def test_the_season_order_of_its_competitions_changed_by_clicks(qtbot, season_window, messages):
    """The seed: play the league fixtures and open tournaments in the same order each season. Play Earlier and Play
    Later move the chosen competition in the season's order (one transaction each); the ends cannot go further."""
    page = season_window.league_view.season_page
    db = season_window.session.db
    panel = _competitions_tab(qtbot, page)
    _new_cup(qtbot, panel, "Spike Cup")
    _new_cup(qtbot, panel, "Blood Bowl Open")
    order = lambda: [r.name for r in cq.competitions(db)]  # noqa: E731
    before = order()
    assert before[-2:] == ["Spike Cup", "Blood Bowl Open"] and panel.chosen().name == "Blood Bowl Open"
    assert panel.earlier_action.isEnabled() and not panel.later_action.isEnabled()  # the last one
    panel.earlier_action.trigger()
    assert order() == [*before[:-2], "Blood Bowl Open", "Spike Cup"]
    assert panel.chosen().name == "Blood Bowl Open"  # still chosen, at its new place
    assert panel.list.currentItem().text().startswith(f"{len(before) - 1}. Blood Bowl Open")
    while panel.earlier_action.isEnabled():
        panel.earlier_action.trigger()
    assert order()[0] == "Blood Bowl Open" and panel.list.currentRow() == 0
    assert [r.position for r in cq.competitions(db)] == list(range(1, len(before) + 1))
    panel.later_action.trigger()
    assert order()[1] == "Blood Bowl Open"
    assert messages == []
    panel.resize(1366, 700)
    assert panel.grab().save("/tmp/competitions_order.png")
