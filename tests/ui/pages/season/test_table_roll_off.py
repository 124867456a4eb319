"""The league table's last tie-breaker, a roll-off, played from the Season page (issue 33): the Roll Off button
shows when teams are level on every other tie-breaker, the dice typed in or rolled by Dugout, recorded."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from roster_app.queries import competitions as cq
from roster_app.queries import season as sq
from roster_app.safety.opening import open_league
from roster_app.store.models import DiceRoll


@pytest.fixture
def season_file(season_file):
    """The four teams' league with a roll-off as its last tie-breaker, every game drawn 0-0: all four level."""
    from roster_app.services.ruleset import set_table
    from roster_app.services.season import generate_season
    from tests.competition_helpers import play

    db = open_league(season_file)
    points = dict(db.ruleset.table("league_points"))
    points["tie_breakers"] = ["points", "touchdown_difference", "roll_off"]
    set_table(db, key="league_points", data=points)
    generate_season(db)
    for fixture in sq.fixtures(db):
        play(db, fixture.id, 0, 0)
    db.close()
    return season_file


def _rolls(db):
    with db.read() as session:
        return session.execute(select(DiceRoll.team_id, DiceRoll.total, DiceRoll.typed, DiceRoll.dice)
                               .where(DiceRoll.purpose.like("League table roll-off%"))).all()  # fmt: skip


def test_the_table_roll_off_with_typed_dice_orders_the_level_teams(qtbot, season_window, messages, monkeypatch):
    from ui.kit import ask

    page = season_window.league_view.season_page
    db = season_window.session.db
    assert [r.position for r in sq.league_table(db)] == [1, 1, 1, 1]
    assert page.roll_off_button.isVisible() and page.roll_off_button.isEnabled()
    level = [row.name for row in cq.roll_off_due(db)[0]]
    assert len(level) == 4 and all(name in page.roll_off_note.text() for name in level)
    asked = []
    monkeypatch.setattr(ask, "choose", lambda parent, text, options, **kw: (asked.append(text), options[1])[1])
    faces = iter([2, 5, 3, 6])
    monkeypatch.setattr(ask, "number", lambda parent, label, **kw: (asked.append(label), next(faces))[1])
    page.roll_off_button.click()
    assert "roll-off (D6 each)" in asked[0] and asked[1].startswith(f"{level[0]}'")
    table = sq.league_table(db)
    assert [(r.name, r.position) for r in table] == [(level[3], 1), (level[1], 2), (level[2], 3), (level[0], 4)]
    assert sorted((t, total, typed) for t, total, typed, _d in _rolls(db)) == sorted(
        (row.id, face, True) for row, face in zip(table, [6, 5, 3, 2], strict=True)
    )
    assert messages and messages[-1].startswith("Roll-off: ")
    assert not page.roll_off_button.isVisible()  # nobody is level now
    page.resize(1366, 768)
    assert page.grab().save("/tmp/table_roll_off_done.png")


def test_the_table_roll_off_with_dugouts_dice_and_a_level_roll_refused(
    qtbot, season_window, messages, monkeypatch
):
    from ui.kit import ask

    page = season_window.league_view.season_page
    db = season_window.session.db
    page.resize(1366, 768)
    assert page.grab().save("/tmp/table_roll_off.png")
    monkeypatch.setattr(ask, "choose", lambda parent, text, options, **kw: options[1])
    monkeypatch.setattr(ask, "number", lambda parent, label, **kw: 4)  # every team typed 4: still level
    page.roll_off_button.click()
    assert messages[-1] == "The roll-off left teams level; roll again."
    assert _rolls(db) == [] and page.roll_off_button.isVisible()
    monkeypatch.setattr(ask, "choose", lambda parent, text, options, **kw: options[0])
    page.roll_off_button.click()
    rolls = _rolls(db)
    assert len(rolls) == 4 and all(not typed and dice == "D6" for _t, _total, typed, dice in rolls)
    assert len({total for _t, total, _typed, _d in rolls}) == 4
    assert [r.position for r in sq.league_table(db)] == [1, 2, 3, 4]
    assert cq.roll_off_due(db) == [] and not page.roll_off_button.isVisible()
