"""The match pad with the freebooters hired for the game (issue 32): each side's star, mercenary and inducements
listed; Use Inducement… takes a send-off back with a bribe; the wizard once a game."""

from __future__ import annotations

import pytest

from roster_app.queries import season as sq
from roster_app.rules.freebooters import Order
from roster_app.services import referees as svc
from roster_app.services.freebooters import hire_freebooters
from roster_app.services.season import generate_season

LEFT_WORDS = "Inducements: Bribes 1 of 1 left, Wizard 1 of 1 left"


@pytest.fixture
def pad_with_freebooters(qtbot, season_window, monkeypatch):
    from ui.kit import ask
    from ui.sequences.match_pad.registry import OPEN

    session = season_window.session
    page = season_window.league_view.season_page
    generate_season(session.db)
    page.refresh(None)
    fixture = sq.fixtures(session.db)[0]
    session.run(hire_freebooters, match_id=fixture.id, team_id=fixture.home_id,
                order=Order(stars=("Scrappa Sorehead",), inducements={"Bribes": 1, "Wizard": 1}))  # fmt: skip
    session.run(svc.create_referee, name="Ranulf", race="Human")
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: next(
        i for i, o in enumerate(options) if o.startswith("Ranulf")))  # fmt: skip
    page.select_fixture(fixture.id)
    page.pad_action.trigger()
    pad = OPEN[fixture.id]
    qtbot.waitExposed(pad)
    yield pad, fixture
    OPEN.pop(fixture.id, None)


def test_the_pad_lists_the_freebooters_and_a_bribe_takes_a_send_off_back(qtbot, pad_with_freebooters, monkeypatch,
                                                                         messages):  # fmt: skip
    from ui.kit import ask

    pad, fixture = pad_with_freebooters
    home, away = fixture.home_id, fixture.away_id
    label = pad.freebooter_labels[home]
    assert "Freebooters: <b>Scrappa Sorehead</b> (Star Player)" in label.text() and LEFT_WORDS in label.text()
    assert not pad.use_buttons[away].isVisibleTo(pad) and pad.use_buttons[home].isEnabled()
    player = pad.game.team_players(home)[0]
    pad.lists[home].setCurrentRow(0)
    pad.record("sent off", player_id=player.id)
    assert not pad.game.state.playing(player.id)
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: options.index("Bribes"))
    pad.lists[home].setCurrentRow(0)
    pad.use_buttons[home].click()
    assert pad.game.state.playing(player.id)  # the bribe: he plays on
    assert "Bribes 0 of 1 left" in pad.freebooter_labels[home].text()
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: options.index("Wizard"))
    pad.use_buttons[home].click()
    assert not pad.use_buttons[home].isEnabled()  # nothing left to use
    assert messages == []
    pad.grab().save("/tmp/matchpad-freebooters.png")
