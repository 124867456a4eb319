"""The match pad in the night's path, through its window: the kick-off roll (Get the Ref into Escapist's 4+),
the Whistle's penalty sending the ref off and the Chainsaw's saying the article gives no more, Undo in a pad
opened again, the pre-match's handicaps shown, and a gate of more than ten dice."""

# ruff: noqa: F811  (each test takes the imported pad_game fixture by name)
from __future__ import annotations

from PySide6.QtWidgets import QApplication
from sqlalchemy import select

from roster_app.store.models import Match, Referee, RefereeMatch, Team
from tests.ui.sequences.match_pad.test_match_pad import choose, key, pad_game  # noqa: F401  (pad_game: the fixture, used by name)


def give_ref(pad_game, *, skills=(), equipment=()):
    session, pad = pad_game["session"], pad_game["pad"]
    with session.db.write("test: the ref's kit") as tx:
        ref = tx.session.get(Referee, pad_game["ref"])
        ref.skills, ref.equipment = list(skills), list(equipment)
    pad.refresh()
    return pad


def test_get_the_ref_on_the_kick_off_leads_into_escapist(qtbot, pad_game, messages):
    pad = give_ref(pad_game, skills=["Escapist"])
    key(qtbot, pad, "Ctrl+K")
    assert QApplication.focusWidget() is pad.kick_off_dice.faces[0] or not pad.isActiveWindow()
    pad.kick_off_dice.type_in([1, 1])
    s = pad.game.state
    assert s.escape_pending == 1 and "Roll Ranulf <b>the Fair</b>'s Escapist" in pad.notice.text()
    assert pad.log.item(pad.log.count() - 1).text() == "T1  Kick-off 2: Get the Ref"
    assert not pad.kick_off_dice.isEnabled()
    choose(qtbot, pad, "home", 1)
    key(qtbot, pad, "T")  # refused: Escapist first
    assert "Escapist (4+) first" in messages[-1] and "0 – 0" in pad.score.text()
    pad.escapist_dice.type_in([2])
    assert not pad.game.state.ref_on_pitch() and "a normal ref" in pad.distance.text()
    assert pad.notice.isHidden()


def test_a_kick_off_without_get_the_ref_just_records_its_result(qtbot, pad_game, messages):
    pad = pad_game["pad"]
    pad.kick_off_dice.type_in([5, 5])
    assert "Kick-off 10: Blitz!. The kicking team gets a free turn" in pad.notice.text()
    assert pad.game.state.ref_on_pitch() and messages == []


def test_the_whistle_sends_the_ref_off_and_the_chainsaw_says_what_the_article_does_not(
    qtbot,
    pad_game,
    messages,
):
    pad = give_ref(pad_game, equipment=["Chainsaw", "Whistle"])
    assert pad.penalty_item.isVisible() or not pad.isVisible()
    pad.penalty_item.setCurrentText("Chainsaw")
    pad.penalty_dice.type_in([4, 4])
    assert "not sent off" in pad.notice.text() and "gives no rule" in pad.notice.text()
    assert pad.game.state.ref_on_pitch()
    pad.penalty_item.setCurrentText("Whistle")
    pad.penalty_dice.type_in([6, 4])
    assert "sent off: a normal ref has the rest of the game" in pad.notice.text()
    assert pad.game.state.ref_state == "sent off" and not pad.send_off_dice.isEnabled()
    pad.resize(1366, 728)
    QApplication.processEvents()
    pad.grab().save("/tmp/matchpad-whistle-1366.png")
    assert messages == []


def test_undo_in_a_pad_opened_again_takes_back_the_last_event(qtbot, pad_game, messages):
    from ui.sequences.match_pad.opening import OPEN

    pad, page, fixture = pad_game["pad"], pad_game["page"], pad_game["fixture"]
    choose(qtbot, pad, "home", 1)
    key(qtbot, pad, "T")
    key(qtbot, pad, "R")
    key(qtbot, pad, "N")
    pad.close()
    page.pad_action.trigger()
    again = OPEN[fixture.id]
    assert again.buttons["undo"].isEnabled() and not again.buttons["redo"].isEnabled()
    key(qtbot, again, "Ctrl+Z")  # the end of turn 1, recorded by the pad before
    assert again.game.state.turn == 1 and "1 – 0" in again.score.text()
    key(qtbot, again, "Ctrl+Z")
    assert "0 – 0" in again.score.text() and again.game.events == ()
    assert not again.buttons["undo"].isEnabled()
    key(qtbot, again, "Ctrl+Shift+Z")
    assert "1 – 0" in again.score.text() and again.buttons["redo"].isEnabled()
    key(qtbot, again, "Ctrl+Shift+Z")
    assert again.game.state.turn == 2 and not again.buttons["redo"].isEnabled()
    key(qtbot, again, "Ctrl+Z")
    choose(qtbot, again, "away", 1)
    key(qtbot, again, "T")  # a new event: what was taken back stays taken back
    assert not again.buttons["redo"].isEnabled() and "1 – 1" in again.score.text()
    assert messages == []
    again.close()


def test_the_pads_handicaps_and_a_gate_of_more_than_ten_dice(qtbot, pad_game, messages):
    from ui.sequences.match_pad.opening import OPEN
    from ui.sequences.match_pad.window import MatchPadWindow

    session, fixture = pad_game["session"], pad_game["fixture"]
    pad = pad_game["pad"]
    with session.db.write("test: a handicap and big crowds") as tx:
        match = tx.session.get(Match, fixture.id)
        match.pre_match = {"handicaps": [{"team_id": match.away_team_id, "dice_roll_id": 0, "total": 4,
                                          "handicap": "Bribe <i>", "text": "A sent-off player stays on 2+."}]}  # fmt: skip
        for team_id in (match.home_team_id, match.away_team_id):
            tx.session.get(Team, team_id).fan_factor = 7
        away = match.away_team_id
    pad.close()
    pad = MatchPadWindow(session, fixture.id, pad.holder, pad_game["page"])  # the claim released: opened by hand
    OPEN[fixture.id] = pad
    qtbot.addWidget(pad)
    assert pad.handicap_labels[away].text() == "Handicaps: <b>Bribe &lt;i&gt;</b>"
    assert pad.handicap_labels[away].toolTip() == "Bribe <i>: A sent-off player stays on 2+."
    assert pad.gate_dice is None and pad.gate.count == 14
    from roster_app.services import matchpad as svc

    session.db.run(svc.open_pad, match_id=fixture.id, holder=pad.holder)
    for _turn in range(16):
        key(qtbot, pad, "N")
    key(qtbot, pad, "Ctrl+Return")
    assert "Roll the gate first" in messages[-1]
    pad.gate.spectators.setValue(40_000)
    key(qtbot, pad, "Ctrl+Return")
    with session.db.read() as read:
        assert read.get(Match, fixture.id).gate == 40_000
        assert read.scalars(select(RefereeMatch).where(RefereeMatch.match_id == fixture.id)).one().finished
    wizard = pad.post_match_wizard
    assert wizard is not None and wizard.isVisible() and wizard.match_id == fixture.id
    wizard.reject()  # closed before the league is
    wizard.deleteLater()
