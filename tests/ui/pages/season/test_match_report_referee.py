"""The match report's referee: only refs who may be chosen are offered, his match sheet goes with the match,
and the report's Riot says what his sheet says."""

from __future__ import annotations

from sqlalchemy import select

from roster_app.queries import season as sq
from roster_app.queries.referees import referee_card, sheet_of_match
from roster_app.services import referees as svc
from roster_app.services.season import generate_season
from roster_app.store.models import Match, Referee


def ref_id(db, name):
    with db.read() as session:
        return session.scalars(select(Referee.id).where(Referee.name == name)).one()


def test_the_report_takes_the_riot_from_the_refs_sheet_and_the_season_page_opens_it(
    qtbot, season_window, messages
):
    from ui.pages.season.match_report_dialog import MatchReportDialog
    from ui.sequences.referee_sheet.sheet_dialog import RefereeSheetDialog

    session = season_window.session
    page = season_window.league_view.season_page
    generate_season(session.db)
    fixture = sq.fixtures(session.db)[0]
    rid = ref_id(session.db, "Jorg Blackwhistle")
    sheet_id = session.run(svc.start_match_sheet, referee_id=rid, match_id=fixture.id).result  # kept in the match
    session.run(svc.record_sheet, sheet_id=sheet_id, riot=True, turns_played=12)
    session.run(svc.edit_referee, referee_id=ref_id(session.db, "Gorbag Chainsaw"), status="dead")
    dialog = MatchReportDialog(session, fixture, page)
    dialog.show()
    offered = [dialog.referee.itemText(i) for i in range(dialog.referee.count())]
    assert "Gorbag Chainsaw (Star Ref)" not in offered  # a dead Star Ref is never offered
    dialog.referee.setCurrentIndex(dialog.referee.findData(rid))
    assert dialog.riot.isChecked() and "goes with this match" in dialog.ref_note.text()
    dialog.referee.setCurrentIndex(0)  # "No referee recorded" while his sheet goes with the game
    assert "record him as its referee" in dialog.verdict.text() and not dialog.record_button.isEnabled()
    dialog.referee.setCurrentIndex(dialog.referee.findData(rid))
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
    from ui.pages.season.match_report_dialog import MatchReportDialog

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
    assert "match sheet of round 1: Orcland Raiders v Athelorn Avengers is still open" in dialog.verdict.text()


def test_a_ref_sacked_by_his_sheet_of_this_match_is_still_its_referee(qtbot, season_window):
    from ui.pages.season.match_report_dialog import MatchReportDialog

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


def test_the_season_page_chooses_the_ref_for_a_fixture_and_opens_his_sheet(
    qtbot, season_window, messages, monkeypatch
):
    from ui.kit import ask
    from ui.sequences.referee_sheet.sheet_dialog import RefereeSheetDialog

    session = season_window.session
    page = season_window.league_view.season_page
    generate_season(session.db)
    fixture = sq.fixtures(session.db)[0]
    for name, status in (
        ("Gorbag Chainsaw", "dead"),
        ("Thrudd the Impartial", "sacked"),
        ("Jorg Blackwhistle", "injured"),
    ):
        session.run(svc.edit_referee, referee_id=ref_id(session.db, name), status=status)
    offered: list[list[str]] = []
    choice = {"label": "Jorg Blackwhistle (Star Ref, injured)"}
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: (offered.append(options),
                                                                          options.index(choice["label"]))[1])  # fmt: skip
    page.select_fixture(fixture.id)
    assert page.sheet_action.isEnabled() and page.sheet_action in page.fixtures_view.actions()
    assert page.referee_sheet() is None  # an injured ref is offered as such, and refused in words
    assert not any("Gorbag" in o or "Thrudd" in o for o in offered[0])  # sacked and dead: never offered
    assert messages == ["Jorg Blackwhistle is injured; mark him recovered before choosing him."]
    assert sheet_of_match(session.db, fixture.id) is None
    choice["label"] = "Grimbold Ironbrow (Star Ref)"
    dialog = page.referee_sheet()
    assert isinstance(dialog, RefereeSheetDialog)
    assert "Round 1: Orcland Raiders v Athelorn Avengers" in dialog.heading.text()
    players = [dialog.player.itemText(i) for i in range(dialog.player.count())]
    assert players[0] == "#1 Orcland 1 (Orcland Raiders)" and players[-1] == "#11 Athelorn 11 (Athelorn Avengers)"
    assert len(players) == 22
    dialog.player.setCurrentIndex(2)
    dialog.sent_off_turn.setValue(4)
    dialog._add_sent_off()
    assert sheet_of_match(session.db, fixture.id).sent_off == ((4, "#3 Orcland 3 (Orcland Raiders)"),)
    assert page.referee_sheet().sheet_id == dialog.sheet_id  # the fixture's one sheet, never a second
    assert len(offered) == 2  # asked twice (the injured ref, then Grimbold), not a third time


def test_after_the_report_the_referees_page_cannot_make_a_second_sheet(
    qtbot, season_window, messages, monkeypatch
):
    from ui.kit import ask
    from ui.pages.season.match_report_dialog import MatchReportDialog

    session = season_window.session
    generate_season(session.db)
    fixture = sq.fixtures(session.db)[0]
    rid = ref_id(session.db, "Jorg Blackwhistle")
    dialog = MatchReportDialog(session, fixture, season_window)
    dialog.show()
    dialog.referee.setCurrentIndex(dialog.referee.findData(rid))
    dialog.gate.setValue(27_000)
    dialog.accept()
    sheet = sheet_of_match(session.db, fixture.id)
    for turn in range(1, 13):
        session.run(svc.record_sheet, sheet_id=sheet.id, turn=turn, in_range=True)
    session.run(svc.finish_match, sheet_id=sheet.id)
    offered: list[list[str]] = []
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: (offered.append(options), None)[1])
    view = season_window.league_view
    view.show_page(view.referees_page)
    referees = view.referees_page
    referees.select_referee(ref_id(session.db, "Thrudd the Impartial"))
    assert referees.open_sheet() is None  # cancelled; the reported game was not among the choices
    assert len(offered) == 1 and len(offered[0]) == len(sq.fixtures(session.db)) - 1
    assert not any("Orcland Raiders 1-0" in o or "Orcland Raiders 0-0" in o for o in offered[0])
    card = referee_card(session.db, rid)
    assert (card.matches, card.awards) == (1, 1)  # the report and the sheet are one record: counted once
