"""An ally's penalties on the team header, through the real widgets: shown, charged, lifted when he goes."""

import pytest
from sqlalchemy import select

from roster_app.services.players import new_player, retire_player
from roster_app.store.models import Player, Team
from tests.helpers import team_id, treasury
from tests.ui.keys import type_value


@pytest.fixture
def ally_file(tmp_path):
    """Orcland Raiders (fan factor 5) with one Dwarf Troll Slayer on the roster, as a transfer leaves him."""
    from roster_app.services.league import create_league
    from roster_app.services.teams import add_team

    path = tmp_path / "allies.dugout"
    db = create_league(path, name="Test League")
    tid = add_team(db, name="Orcland Raiders", race="Orc", coach="Grim").result
    with db.write("test ally") as tx:
        team = tx.session.get(Team, tid)
        team.fan_factor = 5
        new_player(tx.session, db.ruleset, team, position="Orc Lineman", name="Grak")
        new_player(tx.session, db.ruleset, team, position="Troll Slayer", name="Gotrek", race="Dwarf")
    db.close()
    return path


@pytest.fixture
def ally_window(qtbot, window, ally_file):
    window.open_league_later(ally_file)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    return window


def test_the_header_shows_the_allys_penalties_and_charges_the_surcharge(qtbot, ally_window):
    header = ally_window.league_view.team_page.header
    assert header.counters["fan_factor"].value() == 5  # the team's own fan factor, still the one to edit
    assert header.fan_factor_note.text() == "4 with 1 ally"
    assert "re-rolls cost 70,000 gp each (+10,000 gp for 1 ally)" in header.subtitle.text()
    assert header.allies.isVisibleTo(header)
    assert "#2 Gotrek (Dwarf Troll Slayer)" in header.allies.text()
    assert "Fan factor 5 (4 with 1 ally)" in header.allies.text()
    tip = header.allies.toolTip()
    assert "Ally penalties" in tip and "-1 Fan Factor" in tip and "+10,000 gp" in tip
    db = ally_window.session.db
    type_value(qtbot, header.counters["rerolls"], 1)
    assert treasury(db, team_id(db, "Orcland Raiders")) == 1_000_000 - 70_000


def test_the_penalties_are_lifted_when_the_ally_is_fired(qtbot, ally_window):
    session = ally_window.session
    with session.db.read() as s:
        gotrek = s.scalars(select(Player.id).where(Player.name == "Gotrek")).one()
    session.run(retire_player, player_id=gotrek, fired=True)
    header = ally_window.league_view.team_page.header
    assert header.fan_factor_note.text() == ""
    assert not header.allies.isVisibleTo(header)
    assert header.subtitle.text() == "Orc · re-rolls cost 60,000 gp each"
    ally_window.undo_action.trigger()  # he is back, and so are his penalties
    assert header.fan_factor_note.text() == "4 with 1 ally"
