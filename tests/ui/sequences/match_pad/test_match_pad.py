"""The match pad played through its window: a whole game by keys with typed dice (a ref knocked out in the first
half and back in the second, a send-off, a casualty), full time writing the report and the ref's card, the
post-match wizard opening on it; a Riot; every event by keys; one pad a game; closing and resuming."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from sqlalchemy import select

from roster_app.queries import season as sq
from roster_app.rules import matchpad as mp
from roster_app.services import referees as svc
from roster_app.services.season import generate_season
from roster_app.store.models import Match, MatchPlayer, Referee, RefereeMatch

REF_NAME = "Ranulf <b>the Fair</b>"


@pytest.fixture
def pad_game(qtbot, season_window, monkeypatch):
    """The first fixture of a generated season, a custom ref of the league chosen for it, its pad open."""
    from ui.kit import ask
    from ui.sequences.match_pad.registry import OPEN

    session = season_window.session
    page = season_window.league_view.season_page
    generate_season(session.db)
    page.refresh(None)
    fixture = sq.fixtures(session.db)[0]
    ref_id = session.run(svc.create_referee, name=REF_NAME, race="Human").result
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: next(
        i for i, o in enumerate(options) if o.startswith(REF_NAME)))  # fmt: skip
    page.select_fixture(fixture.id)
    assert page.pad_action.isEnabled()
    page.pad_action.trigger()
    pad = OPEN[fixture.id]
    pad.activateWindow()
    qtbot.waitExposed(pad)
    yield {"session": session, "page": page, "fixture": fixture, "ref": ref_id, "pad": pad}
    OPEN.pop(fixture.id, None)


def key(qtbot, pad, sequence: str) -> None:
    """Press a key of the pad as the commissioner does (its shortcut)."""
    action = pad.key_actions[next(n for n, _t, k in __import__("ui.sequences.match_pad.window", fromlist=["KEYS"]).KEYS
                                  if k == sequence)]  # fmt: skip
    assert action.shortcut().toString() == sequence
    action.trigger()


def choose(qtbot, pad, side: str, number: int) -> None:
    """H or A, then the player's number typed into the list."""
    key(qtbot, pad, "H" if side == "home" else "A")
    team = pad.game.state.home_id if side == "home" else pad.game.state.away_id
    view = pad.lists[team]
    qtbot.keyClicks(view, str(number))
    assert pad.chosen(team) == next(p.id for p in pad.game.team_players(team) if p.number == number)


def test_a_whole_game_at_the_table_by_keys(qtbot, pad_game, messages):
    pad, session, fixture = pad_game["pad"], pad_game["session"], pad_game["fixture"]
    s = pad.game.state
    assert "&lt;b&gt;" in pad.verdict.text()  # the name escaped, never read as HTML
    # turn 1: a touchdown, then the ref's turn from the pitch squares (7 apart: in range)
    choose(qtbot, pad, "home", 1)
    key(qtbot, pad, "T")
    pad.pitch.click((3, 3))
    pad.pitch.click((10, 5), ball=True)
    assert pad.in_range.isChecked() and "7 squares" in pad.distance.text()
    key(qtbot, pad, "N")
    # turn 2: the ref is knocked out in the first half; turns 2-8 without his turn
    pad.ref_state.setCurrentIndex(pad.ref_state.findData("knocked out"))
    pad.ref_state.activated.emit(pad.ref_state.currentIndex())
    assert not pad.send_off_dice.isEnabled()
    for _turn in range(2, 9):
        key(qtbot, pad, "N")
    # the second half: he is back
    assert pad.game.state.turn == 9 and pad.game.state.ref_on_pitch() and pad.send_off_dice.isEnabled()
    choose(qtbot, pad, "away", 3)
    key(qtbot, pad, "O")
    pad.send_off_dice.type_in([5])  # a send-off on 4+
    choose(qtbot, pad, "home", 2)
    qtbot.keyClicks(pad.lists[s.away_id], "4")
    pad.acting_side = s.home_id
    key(qtbot, pad, "K")
    choose(qtbot, pad, "away", 1)
    key(qtbot, pad, "C")
    for turn in range(9, 17):
        if turn != 16:
            key(qtbot, pad, "R")  # in range by hand
        key(qtbot, pad, "Ctrl+3" if turn == 10 else "Ctrl+1")
        key(qtbot, pad, "N")
    assert pad.game.state.over and "Full time" in pad.turn.text()
    choose(qtbot, pad, "home", 1)
    key(qtbot, pad, "T")  # refused: nothing written
    assert any("full time" in m for m in messages)
    key(qtbot, pad, "M")
    choose(qtbot, pad, "away", 1)
    key(qtbot, pad, "M")
    key(qtbot, pad, "F")
    pad.gate_dice.type_in([3] * len(pad.gate_dice.faces))
    key(qtbot, pad, "Ctrl+Return")
    db = session.db
    with db.read() as read:
        match = read.get(Match, fixture.id)
        assert (match.status, match.home_score, match.away_score, match.home_casualties) == ("played", 1, 0, 1)
        lines = {r.player_id: r for r in read.scalars(select(MatchPlayer).where(MatchPlayer.match_id == match.id))}
        home1 = next(p.id for p in pad.game.team_players(s.home_id) if p.number == 1)
        assert lines[home1].touchdowns == 1 and lines[home1].mvp and lines[home1].spp == 8
        sheet = read.scalars(select(RefereeMatch).where(RefereeMatch.match_id == match.id)).one()
        ref = read.get(Referee, pad_game["ref"])
        assert sheet.finished and sheet.state == "knocked out" and sheet.out_turn == 2
        assert sheet.sent_off[0]["turn"] == 9 and sum(1 for t in sheet.in_range if t) == 8
        assert (ref.matches, ref.spp, sheet.result) == (1, 0, "kept")  # counted once; 8 in range: kept
    wizard = pad.post_match_wizard
    assert wizard is not None and wizard.isVisible() and wizard.match_id == fixture.id
    assert [m for m in messages if "full time" not in m] == []


def test_a_riot_ends_the_game_early_and_the_sheet_judges_the_turns_played(qtbot, pad_game, messages):
    pad, session, fixture = pad_game["pad"], pad_game["session"], pad_game["fixture"]
    for turn in range(1, 6):
        if turn != 2:
            key(qtbot, pad, "R")
        key(qtbot, pad, "N")
    assert "4 of 5 turns in range, heading for the award" in pad.verdict.text()
    key(qtbot, pad, "Ctrl+R")
    assert "Riot after turn 5" in pad.turn.text()
    pad.gate_dice.type_in([4] * len(pad.gate_dice.faces))
    key(qtbot, pad, "Ctrl+Return")  # no MVP chosen: rolled at random
    with session.db.read() as read:
        sheet = read.scalars(select(RefereeMatch).where(RefereeMatch.match_id == fixture.id)).one()
        assert (sheet.riot, sheet.turns_played, sheet.result, sheet.spp_gained) == (True, 5, "award", 10)
        assert read.get(Match, fixture.id).riot and read.get(Referee, pad_game["ref"]).spp == 10
        assert sum(r.mvp for r in read.scalars(select(MatchPlayer).where(MatchPlayer.match_id == fixture.id))) == 2
    assert pad.post_match_wizard.isVisible() and messages == []


def test_every_event_has_a_key(pad_game):
    from ui.sequences.match_pad.window import KEYS

    pad = pad_game["pad"]
    named = {name for name, _text, _key in KEYS}
    assert set(mp.KINDS) <= named  # every event of the pad is reachable by a key
    keys = [k for _n, _t, k in KEYS]
    assert len(keys) == len(set(keys))
    assert all(pad.key_actions[n].shortcut().toString() == k for n, _t, k in KEYS)
    assert all(
        n not in pad.buttons or "[" in pad.buttons[n].text() for n, _t, _k in KEYS
    )  # each button says its key


def test_undo_and_redo_inside_the_pad(qtbot, pad_game):
    pad = pad_game["pad"]
    choose(qtbot, pad, "home", 1)
    key(qtbot, pad, "T")
    assert "1 – 0" in pad.score.text()
    key(qtbot, pad, "Ctrl+Z")
    assert "0 – 0" in pad.score.text() and pad.game.events == ()
    key(qtbot, pad, "Ctrl+Shift+Z")
    assert "1 – 0" in pad.score.text()


def test_one_pad_a_game_and_closing_loses_nothing(qtbot, pad_game, messages):
    from ui.sequences.match_pad.registry import OPEN

    pad, page, fixture = pad_game["pad"], pad_game["page"], pad_game["fixture"]
    choose(qtbot, pad, "away", 2)
    key(qtbot, pad, "T")
    key(qtbot, pad, "R")
    key(qtbot, pad, "N")
    page.pad_action.trigger()  # a second pad on the same game
    assert messages and "already open" in messages[-1] and OPEN[fixture.id] is pad
    pad.close()
    assert fixture.id not in OPEN
    page.pad_action.trigger()  # resumed where it stood
    again = OPEN[fixture.id]
    assert again is not pad and again.game.state.turn == 2 and "0 – 1" in again.score.text()
    assert [again.log.item(i).text() for i in range(again.log.count())][0].startswith("T1  Touchdown!")


def test_the_pad_at_1366x768(qtbot, pad_game):
    pad = pad_game["pad"]
    pad.resize(1366, 728)
    pad.pitch.click((4, 7))
    pad.pitch.click((12, 9), ball=True)
    choose(qtbot, pad, "home", 1)
    key(qtbot, pad, "T")
    QApplication.processEvents()
    pad.grab().save("/tmp/matchpad-1366.png")
    assert pad.minimumSizeHint().width() <= 1366 and pad.minimumSizeHint().height() <= 728


def test_a_long_name_is_cut_at_the_lists_edge_and_whole_on_hover(qtbot, pad_game):
    """No sideways scroll bar under a team's list at 1366 px: the name is elided, its tooltip the whole line, as
    typed (a tooltip that looks like markup is shown escaped)."""
    from roster_app.store.models import Player

    pad, session = pad_game["pad"], pad_game["session"]
    home = pad.game.state.home_id
    long_name = "Azhag the <b>Slaughterer</b> of Many Long Names"
    with session.db.write() as tx:
        player = tx.session.scalars(select(Player).where(Player.team_id == home)).first()
        player.name = long_name
        tx.label = "a long name"
    pad.refresh()
    pad.resize(1366, 728)
    QApplication.processEvents()
    view = pad.lists[home]
    assert view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    item = next(view.item(r) for r in range(view.count()) if long_name in view.item(r).text())
    assert "&lt;b&gt;Slaughterer&lt;/b&gt;" in item.toolTip()  # escaped: read as typed, never bold
