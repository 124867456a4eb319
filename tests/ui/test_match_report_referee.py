"""The match report's referee: only refs who may be chosen are offered, his match sheet goes with the match,
and the report's Riot says what his sheet says."""

from __future__ import annotations

from sqlalchemy import select

from roster_app.queries import season as sq
from roster_app.queries.referees import sheet_of_match
from roster_app.services import referees as svc
from roster_app.services.season import generate_season
from roster_app.store.models import Match, Referee


def ref_id(db, name):
    with db.read() as session:
        return session.scalars(select(Referee.id).where(Referee.name == name)).one()


def test_the_report_takes_the_riot_from_the_refs_sheet_and_the_season_page_opens_it(
    qtbot, season_window, messages
):
    from ui.dialogs.match_report_dialog import MatchReportDialog
    from ui.dialogs.referee_sheet_dialog import RefereeSheetDialog

    session = season_window.session
    page = season_window.league_view.season_page
    generate_season(session.db)
    fixture = sq.fixtures(session.db)[0]
    rid = ref_id(session.db, "Jorg Blackwhistle")
    sheet_id = session.run(
        svc.start_match_sheet, referee_id=rid
    ).result  # kept on the Referees page during the match
    session.run(svc.record_sheet, sheet_id=sheet_id, riot=True, turns_played=12)
    session.run(svc.edit_referee, referee_id=ref_id(session.db, "Gorbag Chainsaw"), status="dead")
    dialog = MatchReportDialog(session, fixture, page)
    dialog.show()
    offered = [dialog.referee.itemText(i) for i in range(dialog.referee.count())]
    assert "Gorbag Chainsaw (Star Ref)" not in offered  # a dead Star Ref is never offered
    dialog.referee.setCurrentIndex(dialog.referee.findData(rid))
    assert dialog.riot.isChecked() and "goes with this match" in dialog.ref_note.text()
    dialog.gate.setValue(27_000)
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    with session.db.read() as s:
        assert s.get(Match, fixture.id).riot is True
    assert sheet_of_match(session.db, fixture.id).id == sheet_id
    page.select_fixture(fixture.id)
    assert page.sheet_action.isEnabled()
    page.sheet_action.trigger()
    sheet = page.findChildren(RefereeSheetDialog)[-1]
    assert sheet.sheet_id == sheet_id and sheet.riot.isChecked()
    assert messages == []


def test_a_ref_busy_with_another_matchs_sheet_cannot_be_recorded(qtbot, season_window):
    from ui.dialogs.match_report_dialog import MatchReportDialog

    session = season_window.session
    generate_season(session.db)
    first, second = sq.fixtures(session.db)[:2]
    rid = ref_id(session.db, "Jorg Blackwhistle")
    session.run(svc.start_match_sheet, referee_id=rid, match_id=first.id)
    dialog = MatchReportDialog(session, second, season_window)
    dialog.show()
    dialog.gate.setValue(27_000)
    assert dialog.record_button.isEnabled()
    dialog.referee.setCurrentIndex(dialog.referee.findData(rid))
    assert not dialog.record_button.isEnabled()
    assert "sheet of another match is still open" in dialog.verdict.text()


def test_a_ref_sacked_by_his_sheet_of_this_match_is_still_its_referee(qtbot, season_window):
    from ui.dialogs.match_report_dialog import MatchReportDialog

    session = season_window.session
    generate_season(session.db)
    fixture = sq.fixtures(session.db)[0]
    rid = ref_id(session.db, "Jorg Blackwhistle")
    sheet_id = session.run(svc.start_match_sheet, referee_id=rid, match_id=fixture.id).result
    session.run(svc.finish_match, sheet_id=sheet_id)  # no turn in range: sacked
    dialog = MatchReportDialog(session, fixture, season_window)
    dialog.show()
    assert dialog.referee.currentData() == rid and "his sheet of this match" in dialog.referee.currentText()
    assert not dialog.riot.isEnabled() and "finished" in dialog.ref_note.text()
    dialog.gate.setValue(27_000)
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    assert sq.fixtures(session.db)[0].referee == "Jorg Blackwhistle"
