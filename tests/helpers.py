"""Test helpers: a snapshot of every row of a league, and quick team setup."""

from __future__ import annotations

from sqlalchemy import select
from sqlmodel import SQLModel

from roster_app.store.db import LeagueDB


def snapshot(db: LeagueDB, *, versions: bool = False) -> dict[str, list[tuple]]:
    """Every row of every table, in primary-key order: equal snapshots mean an identical league.

    Row versions (team, player) are bookkeeping, not league content: an undo gives a row its old values and
    a new version. They are left out unless `versions` is True.
    """
    from roster_app.store.changes import version_columns

    out = {}
    with db.read() as session:
        for table in SQLModel.metadata.sorted_tables:
            skip = None if versions else version_columns().get(table.name)
            columns = [c for c in table.columns if c.name != skip]
            rows = session.execute(select(*columns).order_by(*table.primary_key.columns)).all()
            out[table.name] = [tuple(r) for r in rows]
    return out


def team_id(db: LeagueDB, name: str) -> int:
    from roster_app.store.models import Team

    with db.read() as session:
        return session.scalars(select(Team.id).where(Team.name == name)).one()


def player_id(db: LeagueDB, name: str) -> int:
    from roster_app.store.models import Player

    with db.read() as session:
        return session.scalars(select(Player.id).where(Player.name == name)).one()


def add_orcs(db: LeagueDB, name: str = "Orcland Raiders", treasury: int | None = None) -> int:
    from roster_app.services.teams import add_team

    return add_team(db, name=name, race="Orc", coach="Grim", treasury=treasury).result


def ledger_sum(db: LeagueDB, team: int) -> int:
    from sqlalchemy import func

    from roster_app.store.models import LedgerEntry

    with db.read() as session:
        return session.scalar(
            select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(LedgerEntry.team_id == team)
        )


def treasury(db: LeagueDB, team: int) -> int:
    from roster_app.store.models import Team

    with db.read() as session:
        return session.get(Team, team).treasury


def new_fixture(db: LeagueDB) -> int:
    """A fresh fixture for a referee's match sheet: a friendly of the first two teams (two Orc teams are added
    when the league has fewer), in a round of its own."""
    from sqlalchemy import func

    from roster_app.services.season import add_fixture
    from roster_app.store.models import Match, Team

    with db.read() as session:
        teams = list(session.scalars(select(Team.id).order_by(Team.id)))
        last_round = session.scalar(select(func.max(Match.round))) or 0
    while len(teams) < 2:
        teams.append(add_orcs(db, f"Orc Team {len(teams) + 1}"))
    return add_fixture(db, home_team_id=teams[0], away_team_id=teams[1], round_number=last_round + 1).result


def after_match(db: LeagueDB, team: int, *, step: str = "affairs", opponent: int | None = None) -> int:
    """The league's clock for tests: the team's open post-match sequences are closed (marked written, with no
    effects), and a new match of the team is played, its sequence waiting at `step` for both teams.

    Returns the new match's id. Tests of what happens at one step of the sequence (reserve affairs and
    contracts at "affairs", transfers and purchases at "purchases") stand the team there with it."""
    from datetime import UTC, timedelta

    from roster_app.queries.transfers import naive_utc
    from roster_app.rules.postmatch import STEPS
    from roster_app.services.teams import add_team
    from roster_app.store.models import Match, Team, utcnow

    if opponent is None:
        with db.read() as session:
            opponent = session.scalars(select(Team.id).where(Team.id != team).order_by(Team.id)).first()
        if opponent is None:
            opponent = add_team(db, name="Test Opponents", race="Human").result
    close_sequences(db, team)
    with db.write("test: the next match") as tx:
        session = tx.session
        latest = session.scalar(select(func_max(Match.played_at)))
        now = naive_utc(utcnow())
        when = max(now, naive_utc(latest) or now) + timedelta(seconds=1)
        before = list(STEPS[: STEPS.index(step)])
        match = Match(season=1, round=1, home_team_id=team, away_team_id=opponent, status="played",
                      played_at=when.replace(tzinfo=UTC),
                      post_match={"done": {str(team): before, str(opponent): before}})  # fmt: skip
        session.add(match)
        session.flush()
        return match.id


def close_sequences(db: LeagueDB, *teams: int) -> None:
    """The teams' open post-match sequences marked finished (written, with no effects), as after a whole
    sequence: the teams may play their next match."""
    from sqlalchemy import or_

    from roster_app.rules.postmatch import STEPS
    from roster_app.store.models import Match

    with db.write("test: sequences finished") as tx:
        for match in tx.session.scalars(
            select(Match).where(
                Match.status == "played", or_(Match.home_team_id.in_(teams), Match.away_team_id.in_(teams))
            )
        ):
            state = dict(match.post_match or {})
            state["done"] = {str(match.home_team_id): list(STEPS), str(match.away_team_id): list(STEPS)}
            match.post_match, match.status = state, "completed"
            tx.session.add(match)


def func_max(column):  # noqa: ANN001, ANN201
    from sqlalchemy import func

    return func.max(column)


def add_player(
    db: LeagueDB, team: int, position: str, name: str, *, pay: bool = False, number: int | None = None, **values
) -> int:  # noqa: ANN003
    """A player put on a roster as a test's starting point, off the league's clock (e.g. after the team has
    played); `pay`: his cost comes out of the treasury (a ledger row), as a hire would."""
    from roster_app.services.common import post
    from roster_app.services.players import new_player
    from roster_app.store.models import Team

    with db.write("test: a player") as tx:
        owner = tx.session.get(Team, team)
        player = new_player(tx.session, db.ruleset, owner, position=position, name=name, number=number)
        if pay:
            post(tx.session, owner, -player.cost, kind="hire", reason=f"Hired {name}", player_id=player.id)
        for key, value in values.items():
            setattr(player, key, value)
        tx.session.add(player)
        tx.session.flush()
        return player.id


def signed(db: LeagueDB, player_id: int, seasons: int) -> int:
    """A contract as a test's starting point, off the league's clock (signed at some earlier step 4.1)."""
    from roster_app.services.contracts import sign
    from roster_app.store.models import Player

    with db.write("test: a contract") as tx:
        return sign(tx.session, db.ruleset, tx.session.get(Player, player_id), seasons).id


def refused(db: LeagueDB, call, words: str) -> None:  # noqa: ANN001
    """`call` is refused with a RuleViolation whose words match `words`, and writes nothing."""
    import pytest

    from roster_app.errors import RuleViolation

    before = snapshot(db)
    with pytest.raises(RuleViolation, match=words):
        call()
    assert snapshot(db) == before


def in_pre_match(db: LeagueDB, team: int, *, opponent: int | None = None) -> int:
    """A scheduled fixture of `team` whose pre-match sequence is open (both teams' earlier post-match sequences
    closed): Hire Freebooters may happen in it. Returns the fixture's id."""
    from roster_app.services.season import add_fixture
    from roster_app.services.teams import add_team
    from roster_app.store.models import Match, Team

    if opponent is None:
        with db.read() as session:
            opponent = session.scalars(select(Team.id).where(Team.id != team).order_by(Team.id)).first()
        if opponent is None:
            opponent = add_team(db, name="Test Opponents", race="Human").result
    close_sequences(db, team, opponent)
    with db.read() as session:
        last_round = session.scalar(select(func_max(Match.round))) or 0
    return add_fixture(db, home_team_id=team, away_team_id=opponent, round_number=last_round + 1).result


def show_league(qtbot, window, path):  # noqa: ANN001, ANN201
    """The window shown with the league at `path` loaded after the first paint, as in real use; its league view."""
    window.open_league_later(path)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    return window.league_view


def same_game_both_ways(db, match_id):  # noqa: ANN001, ANN201
    """The match pad's view read (queries.matchpad.read_game: plain SQL on SQLite) equals the services' read
    through the ORM (`game`), field by field; the game."""
    from roster_app.queries import matchpad

    with db.read() as session:
        orm = matchpad.game(session, db.ruleset, match_id)
    plain = matchpad.read_game(db, match_id)
    assert plain == orm
    return plain
