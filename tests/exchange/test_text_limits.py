"""Whatever text the services keep, a league export holds and imports again: a coach of 5,000 characters or a
correction's reason of 20,000 was written, exported, and then refused by the import (rules/limits.py)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster_app.errors import RuleViolation
from roster_app.exchange.league_json import export_json, import_json
from roster_app.rules.limits import NAME_LENGTH, REASON_LENGTH, TEAM_NAME, TEXT_LENGTH
from roster_app.safety.opening import open_league
from roster_app.services.corrections import correct_gold
from roster_app.services.league import memory_league
from roster_app.services.players import hire_player
from roster_app.services.referees import create_referee
from roster_app.services.teams import add_team, set_coach
from tests.helpers import snapshot

LENGTHS = sorted({1, TEAM_NAME, TEAM_NAME + 1, NAME_LENGTH, NAME_LENGTH + 1, REASON_LENGTH, REASON_LENGTH + 1,
                  TEXT_LENGTH, TEXT_LENGTH + 1, 20_000})  # fmt: skip
WRITES = {
    "team name": lambda db, team, text: add_team(db, name=text, race="Human"),
    "head coach": lambda db, team, text: set_coach(db, team_id=team, coach=text),
    "player name": lambda db, team, text: hire_player(db, team_id=team, position="Orc Lineman", name=text),
    "referee": lambda db, team, text: create_referee(db, name="Hans", race="Human", description=text),
    "correction": lambda db, team, text: correct_gold(db, team_id=team, amount=1_000, reason=text, made_by=text),
}


@given(what=st.sampled_from(sorted(WRITES)), length=st.sampled_from(LENGTHS), letter=st.sampled_from("aé杯 "))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_what_a_service_keeps_a_league_export_imports_again(tmp_path_factory, what, length, letter):
    db = memory_league()
    try:
        team = add_team(db, name="Orcland Raiders", race="Orc", coach="Grim").result
        text = ("x" + letter * length)[:length]
        before = snapshot(db)
        try:
            WRITES[what](db, team, text)
        except RuleViolation as refusal:
            assert "characters long" in str(refusal) or "needs" in str(refusal)
            assert snapshot(db) == before
            return
        folder = tmp_path_factory.mktemp("limits")
        imported = open_league(import_json(export_json(db, folder / "x.json"), folder / "x.dugout"))
        try:
            assert snapshot(imported) == snapshot(db)
        finally:
            imported.close()
    finally:
        db.close()


@pytest.mark.parametrize(
    ("write", "words"),
    [
        (lambda db, t: set_coach(db, team_id=t, coach="c" * 5_000), "A head coach's name can be at most 100"),
        (lambda db, t: correct_gold(db, team_id=t, amount=1, reason="r" * 20_000, made_by="Ann"),
         "A correction's reason can be at most 2,000"),
        (lambda db, t: correct_gold(db, team_id=t, amount=1, reason="typo", made_by="m" * 101),
         "commissioner who makes a correction can be at most 100"),
        (lambda db, t: create_referee(db, name="Hans", race="Human", description="d" * 10_001),
         "A referee's description can be at most 10,000"),
    ],
)  # fmt: skip
def test_a_text_too_long_to_keep_is_refused_in_words(db, write, words):
    team = add_team(db, name="Orcland Raiders", race="Orc").result
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=words):
        write(db, team)
    assert snapshot(db) == before
