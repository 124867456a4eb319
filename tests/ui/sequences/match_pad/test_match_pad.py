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


def mvps_gate_and_full_time(qtbot, pad, *, home_chosen: bool = False) -> None:
    """After the last turn: each side's #1 the MVP (M), the gate dice typed (F), full time (Ctrl+Return)."""
    if not home_chosen:
        choose(qtbot, pad, "home", 1)
    key(qtbot, pad, "M")
    choose(qtbot, pad, "away", 1)
    key(qtbot, pad, "M")
    key(qtbot, pad, "F")
    pad.gate_dice.type_in([3] * len(pad.gate_dice.faces))
    key(qtbot, pad, "Ctrl+Return")


def casualty(qtbot, pad, *, victim, by=None, faces=None, result=None):
    """Fill the open casualty dialog as the commissioner does: nothing is chosen for him; Record."""
    from ui.sequences.match_pad.casualty_dialog import NOBODY, CasualtyDialog

    dialog = pad.findChildren(CasualtyDialog)[-1]
    assert dialog.isVisible() and dialog.victim.currentData() is None and not dialog.ok.isEnabled()
    if dialog.causer.isVisible():
        assert dialog.causer.currentData() is None
        wanted = NOBODY if by is None else next(p.id for p in pad.game.team_players(by[0]) if p.number == by[1])
        dialog.causer.setCurrentIndex(dialog.causer.findData(wanted))
    hurt = next(p.id for p in pad.game.team_players(victim[0]) if p.number == victim[1])
    dialog.victim.setCurrentIndex(dialog.victim.findData(hurt))
    assert not dialog.ok.isEnabled() and "Casualty Table" in dialog.verdict.text()  # the result comes first
    if faces is not None:
        dialog.dice.type_in(faces)
    else:
        dialog.result.setCurrentIndex(dialog.result.findData(result))
    assert dialog.ok.isEnabled()
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    return hurt


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
    key(qtbot, pad, "K")  # the casualty dialog: who caused it and who was hurt, each chosen there
    casualty(qtbot, pad, by=(s.home_id, 2), victim=(s.away_id, 4), faces=[4, 1])  # 41: Broken Ribs
    assert "Broken Ribs: Miss next game, rolled 41" in pad.log.item(pad.log.count() - 1).text()
    choose(qtbot, pad, "away", 1)
    key(qtbot, pad, "C")
    for turn in range(9, 17):
        if turn != 16:
            key(qtbot, pad, "R")  # in range by hand
        key(qtbot, pad, "Ctrl+2" if turn == 10 else "Ctrl+1")  # he blocks the player chosen (away #1)
        key(qtbot, pad, "N")
    assert pad.game.state.over and "Full time" in pad.turn.text()
    choose(qtbot, pad, "home", 1)
    key(qtbot, pad, "T")  # refused: nothing written
    assert any("full time" in m for m in messages)
    mvps_gate_and_full_time(qtbot, pad, home_chosen=True)
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


def test_a_hawk_eyed_lawquoter_by_keys_sends_off_a_fouler_and_his_blocker_then_quiets_a_turn(
    qtbot, pad_game, messages, monkeypatch
):
    """Seed 000 at the table: the ref placed before the kick-off watches like a hawk and sends off a fouler on his
    D6; blocked with an assist, he warns the assisting player and, standing again, sends off the blocker; Lawquoter
    then quiets the next turn, when even a double sends nobody off. The dice are typed at the table."""
    from ui.kit import ask

    pad, session, fixture = pad_game["pad"], pad_game["session"], pad_game["fixture"]
    with session.db.write("test: a Lawquoter") as tx:
        tx.session.get(Referee, pad_game["ref"]).skills = ["Lawquoter"]
    pad.refresh()
    s = pad.game.state
    home = {p.number: p.id for p in pad.game.team_players(s.home_id)}
    away = {p.number: p.id for p in pad.game.team_players(s.away_id)}
    pad.pitch.click((12, 7))
    key(qtbot, pad, "Ctrl+L")  # placed before the kick-off
    pad.pitch.click((15, 7), ball=True)
    key(qtbot, pad, "Ctrl+4")  # turn 1: he watches like a hawk
    key(qtbot, pad, "N")
    assert pad.game.state.in_range[0] is True and pad.game.state.actions[0] == "watch like a hawk"
    # turn 2: Orcland #1 fouls Athelorn #1; the hawk-eyed ref spots it (armour 2+6, his D6 a 5)
    choose(qtbot, pad, "away", 1)
    choose(qtbot, pad, "home", 1)
    qtbot.keyClicks(pad.table_dice, "2+6 5")
    key(qtbot, pad, "U")
    assert pad.game.state.out[home[1]] == "sent off" and pad.table_dice.text() == ""
    assert "sent off: #1 Orcland 1" in pad.log.item(pad.log.count() - 1).text()
    # Athelorn #2 blocks the ref with #3 assisting: he goes down, #3 is warned
    monkeypatch.setattr(ask, "choose", lambda parent, text, options, **kw: "prone")
    choose(qtbot, pad, "away", 2)
    qtbot.keyClicks(pad.assists, "3")
    key(qtbot, pad, "Shift+B")
    s = pad.game.state
    assert s.ref_state == "prone" and s.revenge == [away[2]]
    assert [(c["call"], c["player_id"]) for c in s.calls][-1] == ("warning", away[3]) and s.playing(away[3])
    # he stands again and sends the blocker off on a typed 4
    qtbot.keyClicks(pad.table_dice, "4")
    pad.ref_state.setCurrentIndex(pad.ref_state.findData("standing"))
    pad.ref_state.activated.emit(pad.ref_state.currentIndex())
    assert pad.game.state.out[away[2]] == "sent off" and pad.game.state.quiet_turn == 3
    pad.pitch.click((14, 7), ball=True)
    key(qtbot, pad, "Ctrl+4")
    key(qtbot, pad, "N")
    # turn 3: the Lawquoter is still quoting the rules: a double on a foul sends nobody off
    choose(qtbot, pad, "home", 2)
    choose(qtbot, pad, "away", 4)
    qtbot.keyClicks(pad.table_dice, "3+3")
    key(qtbot, pad, "U")
    assert pad.game.state.playing(away[4]) and "quoting the rules" in pad.game.state.calls[-1]["why"]
    pad.resize(1366, 728)
    QApplication.processEvents()
    pad.grab().save("/tmp/matchpad-calls-1366.png")
    for _turn in range(3, 17):
        key(qtbot, pad, "R")  # in range by the tick (no ball square given)
        key(qtbot, pad, "N")
    assert pad.game.state.over
    mvps_gate_and_full_time(qtbot, pad)
    with session.db.read() as read:
        sheet = read.scalars(select(RefereeMatch).where(RefereeMatch.match_id == fixture.id)).one()
        assert [c["call"] for c in sheet.calls] == [
            "foul spotted",
            "sent off",
            "warning",
            "sent off",
            "foul unseen",
        ]
        assert sheet.finished and sum(1 for t in sheet.in_range if t) == 16
    _the_calls_on_the_sheet_and_the_careers(qtbot, session, pad_game["ref"], sheet.id, away[3])
    assert [m for m in messages if "full time" not in m] == []


def _the_calls_on_the_sheet_and_the_careers(qtbot, session, ref_id, sheet_id, warned):
    """The ref's sheet, his career and the warned player's career show the calls the pad made."""
    from ui.careers.windows import PlayerCareerDialog, RefereeCareerDialog
    from ui.sequences.referee_sheet.sheet_dialog import RefereeSheetDialog

    sheet = RefereeSheetDialog(session, sheet_id)
    qtbot.addWidget(sheet)
    assert sheet.calls.isVisibleTo(sheet) and "warning: Athelorn 3 (turn 2)" in sheet.calls.text()
    assert sheet.sent_off.count() == 2
    career = RefereeCareerDialog(session.db, ref_id)
    qtbot.addWidget(career)
    model = career.games_model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    cells = {h: model.index(0, c).data() for c, h in enumerate(headers)}
    assert (cells["Sent off"], cells["Warnings"], cells["Fouls spotted / missed"]) == (2, 1, "1 / 1")
    player = PlayerCareerDialog(session.db, warned)
    qtbot.addWidget(player)
    assert f"Warning by {REF_NAME} in turn 2: assisted the block on the ref" in player.facts.text()


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


def test_the_ball_on_the_refs_square_is_asked_where_it_scatters(qtbot, pad_game, messages, monkeypatch):
    from ui.kit import ask

    pad = pad_game["pad"]
    asked = []

    def pick(parent, label, options, **kw):
        asked.append((label, options))
        return options.index("(6, 5)")

    monkeypatch.setattr(ask, "pick", pick)
    pad.pitch.click((4, 4))
    pad.pitch.click((4, 4), ball=True)
    key(qtbot, pad, "N")
    assert "scatters one square away" in asked[0][0] and len(asked[0][1]) == 8
    assert pad.game.state.ball_square == [5, 4] and pad.game.state.in_range[0] is True
    assert messages == []


def test_each_call_of_the_ref_has_its_rule_as_a_tooltip(pad_game):
    from ui.sequences.match_pad.window import TIPS

    pad = pad_game["pad"]
    for name in ("player foul", "player block", "ref blocked", "place ref", "super pro", "apothecary",
                 "argue the call", "end turn"):  # fmt: skip
        assert pad.buttons[name].toolTip() == TIPS[name] and len(TIPS[name]) > 40
    assert pad.table_dice.toolTip() and pad.assists.toolTip() and pad.armour_broken.toolTip()


def test_every_button_of_the_pad_says_what_it_does(qtbot, pad_game):
    """Issue 35: no button on the pad had a tooltip."""
    from PySide6.QtWidgets import QPushButton

    pad = pad_game["pad"]
    silent = [b.text() for b in pad.findChildren(QPushButton) if not b.toolTip().strip()]
    assert silent == []


def test_an_injury_read_off_the_printed_table_and_a_casualty_by_nobody(qtbot, pad_game, messages):
    pad = pad_game["pad"]
    s = pad.game.state
    key(qtbot, pad, "J")
    hurt = casualty(qtbot, pad, victim=(s.home_id, 3), result="Smashed Knee")
    assert pad.game.state.out[hurt] == "Niggling injury"
    key(qtbot, pad, "K")
    hurt = casualty(qtbot, pad, victim=(s.away_id, 5), faces=[6, 2])  # Dead
    last = pad.game.events[-1]
    assert (last.player_id, last.victim_id, last.data["injury"]) == (None, hurt, "Dead")
    assert messages == []


def test_f1_in_the_pad_opens_the_handbook_at_the_match_pad(qtbot, pad_game):
    """Issue 35, item 8: F1 in the pad did nothing."""
    from tests.ui.kit.test_handbook_sections import press_f1

    handbook = press_f1(pad_game["pad"])
    assert handbook.isVisible() and handbook.section == "matchpad"


def test_a_level_cup_final_on_the_pad_goes_to_overtime_then_a_typed_roll_off(qtbot, season_window, monkeypatch,
                                                                            messages):  # fmt: skip
    """Issue 33: full time of a knock-out game level on the pad asks for overtime, then the roll-off (typed)."""
    from roster_app.queries import competitions as cq
    from roster_app.services import competitions as sc
    from ui.kit import ask
    from ui.sequences.match_pad.registry import OPEN

    session = season_window.session
    page = season_window.league_view.season_page
    teams = [t.id for t in __import__("roster_app.queries.rosters", fromlist=["teams"]).teams(session.db)][:2]
    cup = session.run(sc.create_competition, name="Spike Cup", format="knockout", team_ids=teams).result
    session.run(sc.draw_competition, competition_id=cup, seeding="hand", order=teams)
    final = cq.bracket(session.db, cup).rounds[0][0]
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: 0)  # no ref: the first choice
    page.open_game(final.match_id, "pad")
    pad = OPEN[final.match_id]
    qtbot.waitExposed(pad)
    key(qtbot, pad, "N")
    key(qtbot, pad, "Ctrl+R")  # a riot after turn 1 ends it early, 0-0
    pad.gate_dice.type_in([4] * len(pad.gate_dice.faces))
    monkeypatch.setattr(ask, "choose", lambda parent, text, options, **kw: "Type the dice")
    faces = iter([5, 2])
    monkeypatch.setattr(ask, "number", lambda parent, label, **kw: next(faces))
    key(qtbot, pad, "Ctrl+Return")
    assert any("sudden-death overtime" in m for m in messages)  # asked (and confirmed) first
    tie = cq.bracket(session.db, cup).rounds[0][0]
    assert len(messages) == 1
    assert tie.winner_id == teams[0] and tie.decided == "after overtime and a roll-off (5-2)"
    assert cq.competitions(session.db)[0].status == "finished"
    OPEN.pop(final.match_id, None)


def test_an_event_adds_its_line_to_the_log_and_leaves_the_rest_as_shown(qtbot, pad_game):
    """Reading the game again after an event keeps the log's lines already shown (the same items) and adds
    the new one; an undo takes the last away; a casualty changes its side's list, not the other's (issue 40:
    the pad rebuilt every list at each event)."""
    from roster_app.queries import matchpad as q

    pad = pad_game["pad"]
    s = pad.game.state
    key(qtbot, pad, "R")
    key(qtbot, pad, "N")
    choose(qtbot, pad, "home", 1)
    key(qtbot, pad, "T")
    first = [pad.log.item(i) for i in range(pad.log.count())]
    assert [i.text() for i in first] == [q.describe(e, pad.game) for e in pad.game.events]
    away_items = [pad.lists[s.away_id].item(i) for i in range(pad.lists[s.away_id].count())]
    key(qtbot, pad, "K")  # a casualty: the home side's #2 hurts the away side's #4 (chosen in its dialog)
    casualty(qtbot, pad, victim=(s.away_id, 4), by=(s.home_id, 2), result="Smashed Knee")
    pad.refresh()
    shown = [pad.log.item(i) for i in range(pad.log.count())]
    assert shown[: len(first)] == first and len(shown) == len(pad.game.events)
    assert [i.text() for i in shown] == [q.describe(e, pad.game) for e in pad.game.events]
    hurt = next(p for p in pad.game.team_players(s.away_id) if p.number == 4)
    assert hurt.id in pad.game.state.out
    texts = [pad.lists[s.away_id].item(i).text() for i in range(pad.lists[s.away_id].count())]
    assert any(t.startswith(f"4  {hurt.name} (") for t in texts), texts  # the list shows him out
    assert [pad.lists[s.away_id].item(i) for i in range(len(away_items))] != away_items  # rebuilt: it changed
    home_items = [pad.lists[s.home_id].item(i) for i in range(pad.lists[s.home_id].count())]
    pad.refresh()  # nothing new: nothing rebuilt
    assert [pad.lists[s.home_id].item(i) for i in range(len(home_items))] == home_items
    key(qtbot, pad, "Ctrl+Z")
    assert [pad.log.item(i).text() for i in range(pad.log.count())] == [
        q.describe(e, pad.game) for e in pad.game.events
    ]
    assert pad.log.count() == len(shown) - 1 and pad.log.item(0) is first[0]
