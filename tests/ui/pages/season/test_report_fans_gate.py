"""Issue 31: the match report's gate follows the edition. In LRB 6 it is both teams' fans counted before the
match (shown, never rolled again); fans not counted are said so, with each team's fans roll offered (typed dice
or Dugout's) through services.prematch.roll_fans. LRB 4 keeps its gate dice."""

from __future__ import annotations

import random

from sqlalchemy import select

from roster_app.queries import season as sq
from roster_app.rules.dice import typed_roll
from roster_app.services.league import create_league
from roster_app.services.prematch import roll_fans
from roster_app.services.season import generate_season
from roster_app.store.models import DiceRoll, Match
from tests.helpers import show_league
from tests.season_helpers import build_teams


def _lrb6(tmp_path):
    path = tmp_path / "lrb6.dugout"
    db = create_league(path, name="Nuffle Cup", ruleset_key="lrb6")
    build_teams(db, 2)
    generate_season(db)
    return path, db


def _dialog(qtbot, window, path, fixture_id):
    from ui.pages.season.match_report_dialog import MatchReportDialog

    view = show_league(qtbot, window, path)
    fixture = next(f for f in sq.fixtures(window.session.db) if f.id == fixture_id)
    dialog = MatchReportDialog(window.session, fixture, view.season_page)
    dialog.show()
    return dialog


def test_lrb6_report_shows_the_fans_counted_before_the_match_as_the_gate(qtbot, window, tmp_path, messages):
    path, db = _lrb6(tmp_path)
    [m] = sq.fixtures(db)
    roll_fans(db, match_id=m.id, team_id=m.home_id, roll=typed_roll("2D6", [4, 5]))  # 9 + 6: 15,000
    roll_fans(db, match_id=m.id, team_id=m.away_id, roll=typed_roll("2D6", [1, 1]))  # 2 + 5: 7,000
    db.close()
    dialog = _dialog(qtbot, window, path, m.id)
    assert dialog.fans_gate is not None and dialog.fans_gate.isVisible()
    assert not dialog.gate.isVisible() and not dialog.roll_gate_button.isVisible()
    assert dialog.fans_gate.summary.text() == (
        "22,000 spectators: the fans counted before the match (Orcland Raiders 15,000 + Reikland Reavers 7,000)."
    )
    assert not any(row.isVisible() for row in dialog.fans_gate.rows)  # nothing to roll again
    assert dialog.verdict.text().startswith("Gate 22,000 (the fans counted before the match).")
    dialog.record_button.click()
    assert dialog.result() == dialog.DialogCode.Accepted
    with window.session.db.read() as s:
        assert s.get(Match, m.id).gate == 22_000
    dialog.grab().save("/tmp/report_fans_gate_counted.png")
    assert messages == []


def test_lrb6_report_offers_the_fans_roll_of_a_team_not_counted(qtbot, window, tmp_path, messages):
    path, db = _lrb6(tmp_path)
    [m] = sq.fixtures(db)
    roll_fans(db, match_id=m.id, team_id=m.home_id, roll=typed_roll("2D6", [4, 5]))
    db.close()
    dialog = _dialog(qtbot, window, path, m.id)
    fans = dialog.fans_gate
    assert fans.summary.text().startswith("The fans of Reikland Reavers were not counted before the match")
    assert [row.isVisible() for row in fans.rows] == [False, True]
    assert "Count both teams' fans first: in LRB 6 they make the gate." in dialog.verdict.text()
    assert not dialog.record_button.isEnabled()
    dialog.grab().save("/tmp/report_fans_gate_missing.png")
    dice = fans.dice[1]
    dice.set_faces([1, 1])  # typed at the table
    dice.use_button.click()
    assert fans.summary.text().startswith("22,000 spectators")
    assert dialog.record_button.isEnabled()
    with window.session.db.read() as s:
        assert s.get(Match, m.id).pre_match["fans"][str(m.away_id)]["typed"] is True
    dialog.record_button.click()
    with window.session.db.read() as s:
        assert s.get(Match, m.id).gate == 22_000
    assert messages == []


def test_lrb6_report_rolls_the_fans_with_dugouts_dice(qtbot, window, tmp_path, messages):
    path, db = _lrb6(tmp_path)
    [m] = sq.fixtures(db)
    db.close()
    dialog = _dialog(qtbot, window, path, m.id)
    for dice in dialog.fans_gate.dice:
        dice.rng = random.Random(5)
        dice.roll_button.click()
    home, away = dialog.fans_gate.fans
    assert home is not None and away is not None and dialog.fans_gate.gate() == home + away
    with window.session.db.read() as s:
        rolls = list(s.scalars(select(DiceRoll.purpose).where(DiceRoll.match_id == m.id).order_by(DiceRoll.id)))
    assert rolls == ["Fans of Orcland Raiders", "Fans of Reikland Reavers"]
    assert messages == []


def test_lrb4_report_keeps_its_gate_dice(qtbot, season_window):
    from ui.pages.season.match_report_dialog import MatchReportDialog

    session = season_window.session
    generate_season(session.db)
    fixture = sq.fixtures(session.db)[0]
    dialog = MatchReportDialog(session, fixture, season_window.league_view.season_page)
    dialog.show()
    assert dialog.fans_gate is None and dialog.gate.isVisible() and dialog.roll_gate_button.isVisible()
