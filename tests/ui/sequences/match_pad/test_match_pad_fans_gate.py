"""Issue 31 on the match pad: in LRB 6 the gate box shows both teams' fans counted before the match; a team's
fans not counted are said so, with its fans roll (typed dice or Dugout's) through services.prematch.roll_fans;
full time takes the counted fans as the gate, nothing rolled again."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from roster_app.queries import season as sq
from roster_app.rules.dice import typed_roll
from roster_app.services import referees as svc
from roster_app.services.league import create_league
from roster_app.services.prematch import roll_fans
from roster_app.services.season import generate_season
from roster_app.store.models import DiceRoll, Match
from tests.helpers import show_league
from tests.season_helpers import build_teams
from tests.ui.sequences.match_pad.test_match_pad import key


@pytest.fixture
def lrb6_pad(qtbot, window, tmp_path, monkeypatch):
    """An LRB 6 league's first fixture, the home fans counted (4+5 + fan factor 6: 15,000), its pad open."""
    from ui.kit import ask
    from ui.sequences.match_pad.registry import OPEN

    path = tmp_path / "lrb6.dugout"
    db = create_league(path, name="Nuffle Cup", ruleset_key="lrb6")
    build_teams(db, 2)
    generate_season(db)
    [fixture] = sq.fixtures(db)
    roll_fans(db, match_id=fixture.id, team_id=fixture.home_id, roll=typed_roll("2D6", [4, 5]))
    db.close()
    view = show_league(qtbot, window, path)
    view.show_page(view.season_page)
    session, page = window.session, view.season_page
    session.run(svc.create_referee, name="Ranulf", race="Human")
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: next(
        i for i, o in enumerate(options) if o.startswith("Ranulf")))  # fmt: skip
    page.refresh(None)
    page.select_fixture(fixture.id)
    page.pad_action.trigger()
    pad = OPEN[fixture.id]
    qtbot.waitExposed(pad)
    yield {"session": session, "fixture": fixture, "pad": pad}
    OPEN.pop(fixture.id, None)


def test_the_pads_gate_in_lrb6_is_the_fans_counted_before_the_match(qtbot, lrb6_pad, messages):
    pad, session, fixture = lrb6_pad["pad"], lrb6_pad["session"], lrb6_pad["fixture"]
    gate = pad.gate
    assert pad.gate_dice is None and gate.objectName() == "padFansGate"
    assert gate.summary.text().startswith("The fans of Reikland Reavers were not counted before the match")
    assert [row.isVisible() for row in gate.rows] == [False, True]
    for _turn in range(16):
        key(qtbot, pad, "N")
    assert "count the fans" in pad.turn.text()
    key(qtbot, pad, "Ctrl+Return")
    assert messages[-1] == "Count both teams' fans first: they make the gate. Press F."
    with session.db.read() as read:
        assert read.get(Match, fixture.id).status == "scheduled"  # nothing written
    key(qtbot, pad, "F")
    dice = gate.dice[1]
    dice.set_faces([1, 1])  # Reikland Reavers: 1+1 + fan factor 5: 7,000
    dice.use_button.click()
    assert gate.summary.text() == (
        "22,000 spectators: the fans counted before the match (Orcland Raiders 15,000 + Reikland Reavers 7,000)."
    )
    assert "count the fans" not in pad.turn.text()
    pad.grab().save("/tmp/pad_fans_gate.png")
    key(qtbot, pad, "Ctrl+Return")
    with session.db.read() as read:
        assert read.get(Match, fixture.id).gate == 22_000
        purposes = list(read.scalars(select(DiceRoll.purpose).where(DiceRoll.match_id == fixture.id)))
    assert "Gate" not in purposes and purposes.count("Fans of Reikland Reavers") == 1
    assert pad.post_match_wizard is not None
    pad.post_match_wizard.reject()
