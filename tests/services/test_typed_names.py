"""Names as a commissioner types them are kept tidy (roster_app/words.py `tidy`): no control characters or
bidirectional overrides that would make a name show as another, whitespace collapsed; a league name has a length
limit like every other name."""

import pytest

from roster_app.errors import LeagueFileError, RuleViolation
from roster_app.queries.rosters import league_info, teams
from roster_app.services.league import LEAGUE_NAME_LENGTH, create_league, rename_league
from roster_app.services.players import hire_player, update_player
from roster_app.services.referees import create_referee
from roster_app.services.teams import add_team, rename_team, set_coach
from roster_app.store.models import Player, Referee, Team
from tests.helpers import add_orcs, snapshot

HOSTILE = " Grak\x00 \u202eredaeR\u2066\t Skull\x1b[31m "
KEPT = "Grak redaeR Skull[31m"


def _row(db, model, row_id):
    with db.read() as session:
        return session.get(model, row_id)


def test_team_names_and_coaches_are_kept_tidy(db):
    team = add_team(db, name=HOSTILE, race="Orc", coach=HOSTILE).result
    row = _row(db, Team, team)
    assert (row.name, row.coach) == (KEPT, KEPT)
    rename_team(db, team_id=team, name="Orcland\u202e Raiders\x7f")
    set_coach(db, team_id=team, coach="\u2067Grim\u2069")
    row = _row(db, Team, team)
    assert (row.name, row.coach) == ("Orcland Raiders", "Grim")
    assert [t.name for t in teams(db)] == ["Orcland Raiders"]


def test_a_name_of_hidden_characters_only_is_no_name(db):
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="needs a name"):
        add_team(db, name="\x00\u202e\u2066", race="Orc")
    assert snapshot(db) == before


def test_player_and_referee_names_are_kept_tidy(db):
    team = add_orcs(db)
    player = hire_player(db, team_id=team, position="Orc Lineman", name=HOSTILE).result
    assert _row(db, Player, player).name == KEPT
    update_player(db, player_id=player, field="injuries", value=["\x00", "Niggling\u202e Injury"])
    assert _row(db, Player, player).injuries == ["Niggling Injury"]
    update_player(db, player_id=player, field="name", value="Snik\u202ekit")
    assert _row(db, Player, player).name == "Snikkit"
    ref = create_referee(db, name=HOSTILE, race="Human", description="Blind\x00 as a bat").result
    row = _row(db, Referee, ref)
    assert (row.name, row.description) == (KEPT, "Blind as a bat")


def test_league_names_are_tidy_and_limited(db, tmp_path):
    rename_league(db, name="\u202eOld World\x00 Classic")
    assert league_info(db).name == "Old World Classic"
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=f"at most {LEAGUE_NAME_LENGTH} characters"):
        rename_league(db, name="x" * (LEAGUE_NAME_LENGTH + 1))
    assert snapshot(db) == before
    with pytest.raises(LeagueFileError, match=f"at most {LEAGUE_NAME_LENGTH} characters"):
        create_league(tmp_path / "long.dugout", name="x" * (LEAGUE_NAME_LENGTH + 1))
    assert not list(tmp_path.iterdir())
