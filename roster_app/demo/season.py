"""The demo league's season, half played: fixtures, match reports and post-match sequences, all through the
services with a fixed seed, so a new user opens a living league (and one match waiting for its sequence)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from roster_app.queries import rosters as queries
from roster_app.queries import season as sq
from roster_app.queries.freebooters import match_freebooters
from roster_app.queries.referees import choosable_referees, sheet_of_match
from roster_app.rules import freebooters as fb
from roster_app.rules.contracts import contract_cost_for_rolls
from roster_app.rules.referees import match_turns
from roster_app.services.competitions import create_competition, draw_competition
from roster_app.services.freebooters import hire_freebooters, record_freebooter_play
from roster_app.services.matches import PlayerLine, record_match
from roster_app.services.postmatch.plan import HireEntry, PostMatchDraft, plan_post_match
from roster_app.services.postmatch.write import auto_draft, finish_post_match
from roster_app.services.referees import finish_match
from roster_app.services.reserves import approve_reserves, hire_reserve_coach
from roster_app.services.season import generate_season, move_fixture
from roster_app.store.db import LeagueDB
from roster_app.store.models import RefereeMatch

SEED = 1987  # the year the third edition came out
PLAYED_ROUNDS = 3  # of six: a double round robin of four teams
CUP = "Spike! Magazine Cup"  # the season's open tournament: a knock-out of the four teams, after round 3
CUP_ROUND = PLAYED_ROUNDS + 1  # its semi-finals; the final the round after, then the league's last three rounds
RESERVE_TEAM = ("Reikland Reavers", "Veteran")  # the demo's one reserve team, and its Reserve Coach
LIGHT_INJURIES = ("Miss next game", "Miss next game", "Niggling injury", "-1 MA")  # i18n: key


def _lines(db: LeagueDB, team_id: int, score: int, rng: random.Random) -> list[PlayerLine]:
    """Who did what for one team: scorers, a passer, a hitter or two, and now and then an injury."""
    players = [p for p in queries.roster(db, team_id) if p.status == "active"]
    counts: dict[int, dict[str, int | str]] = {p.id: {} for p in players}
    # Stars score and pass more often than linemen; throwers make the completions.
    weights = {
        "touchdowns": [p.spp + 8 for p in players],
        "completions": [(6 if "Thrower" in p.position else 1) * (p.spp + 8) for p in players],
        "casualties": [p.st * (p.spp + 8) for p in players],
        "interceptions": [p.ag for p in players],
    }
    wanted = {"touchdowns": score, "completions": rng.randint(0, 3), "casualties": rng.randint(0, 2),
              "interceptions": int(rng.random() < 0.25)}  # fmt: skip
    for key, times in wanted.items():
        for player in rng.choices(players, weights[key], k=times):
            counts[player.id][key] = int(counts[player.id].get(key, 0)) + 1
    if rng.random() < 0.4:
        counts[rng.choice(players).id]["injury"] = rng.choice(LIGHT_INJURIES)
    return [PlayerLine(pid, **values) for pid, values in counts.items() if values]


def _referee(db: LeagueDB, index: int) -> int | None:
    """A ref for the next match: the choosable ones in turn (a sacked ref drops out)."""
    refs = [card.id for card in choosable_referees(db) if card.open_sheet_id is None]
    return refs[index % len(refs)] if refs else None


def _finish_sheet(db: LeagueDB, match_id: int, rng: random.Random) -> None:
    """The ref's match sheet as the commissioner types it in after the match (ticks at once), then finished."""
    view = sheet_of_match(db, match_id)
    if view is None:
        return
    turns = match_turns(db.ruleset)
    within = set(rng.sample(range(turns), rng.randint(7, 14)))
    with db.write("the demo ref's ticks") as tx:  # i18n: keep (the demo is built before anything can be undone)
        sheet = tx.session.get(RefereeMatch, view.id)
        sheet.in_range = [turn in within for turn in range(turns)]
        sheet.casualties = int(rng.random() < 0.15)
    finish_match(db, sheet_id=view.id)


def _report(db: LeagueDB, fixture: sq.FixtureRow, referee_id: int | None, rng: random.Random) -> None:
    home_score, away_score = rng.choice([(2, 1), (1, 1), (0, 1), (3, 1), (1, 0), (2, 2), (0, 2), (2, 0)])
    lines = _lines(db, fixture.home_id, home_score, rng) + _lines(db, fixture.away_id, away_score, rng)
    home_ids = {p.id for p in queries.roster(db, fixture.home_id)}
    home_cas = sum(line.casualties for line in lines if line.player_id in home_ids)
    away_cas = sum(line.casualties for line in lines if line.player_id not in home_ids)
    level_cup_game = fixture.competition and home_score == away_score  # overtime, then the app's roll-off
    record_match(
        db, match_id=fixture.id, home_score=home_score, away_score=away_score, home_casualties=home_cas + rng.randint(0, 1),
        away_casualties=away_cas, lines=lines, referee_id=referee_id, rng=rng, overtime=bool(level_cup_game),
        roll_off="roll" if level_cup_game else None,
    )  # fmt: skip


ROOKIES = ("Skarsnik", "Urgluk", "Wolfgang Brenner", "Rudi Falk", "Durgan Oakbeard", "Haldor Flint",
           "Faelar Dawnsong", "Tarion Mistvale", "Gitzit", "Nazgrub", "Ulrich Kessler", "Borin Deepdelver")  # fmt: skip


def _shopping(
    db: LeagueDB, draft: PostMatchDraft, match_id: int, rng: random.Random, names: Iterator[str]
) -> None:
    """What the demo coaches buy after a match: a rookie when the roster is short, else now and then staff."""
    plan = plan_post_match(db, match_id, draft)
    for team in plan.teams:
        if team.purchases is None:
            continue
        money = team.purchases.treasury_before
        roster = [p for p in queries.roster(db, team.team_id)]
        lineman = db.ruleset.race(team.race).basic_lineman
        if len(roster) < 13 and money >= lineman.cost:
            taken = {p.number for p in roster}
            number = next(n for n in range(1, 100) if n not in taken)
            draft.team(team.team_id).hires.append(HireEntry(lineman.name, next(names), number))
        elif money >= 60_000 and rng.random() < 0.5:
            draft.team(team.team_id).buy[rng.choice(["cheerleaders", "assistant_coaches"])] = 1


def _contracts(db: LeagueDB, draft: PostMatchDraft, match_id: int, rng: random.Random) -> None:
    """Now and then a coach signs a free agent in step 4.1, if the money is there (the ended contracts are left
    for the user to renew)."""
    plan = plan_post_match(db, match_id, draft)
    for team in plan.teams:
        if team.affairs is None or rng.random() < 0.5:
            continue
        lines = sorted((c for c in team.affairs.contracts if not c.renewal), key=lambda c: -c.rolls)
        for line in lines:
            if contract_cost_for_rolls(line.rolls, 2, db.ruleset) + 40_000 <= team.affairs.treasury_after:
                draft.team(team.team_id).contracts[line.player_id] = 2
                break


def play_demo_season(db: LeagueDB, *, seed: int = SEED) -> None:
    """Generate a double round robin with a cup after its third round, play the first rounds and one semi-final
    with their post-match sequences, and report the other semi-final, whose post-match sequence is left for the
    user (the cup's final is then drawn up, waiting)."""
    rng = random.Random(seed)
    names = iter(ROOKIES)
    hired = False  # the demo plays one game with a Star Player and an inducement (issue 32)
    generate_season(db, double=True)
    _cup(db, rng)
    _reserve_team(db)
    fixtures = sq.fixtures(db)
    semis = [f for f in fixtures if f.competition == CUP]
    first_semi = next(f for f in semis if RESERVE_TEAM[0] not in (f.home, f.away))
    for index, fixture in enumerate([*(f for f in fixtures if f.round <= PLAYED_ROUNDS), first_semi]):
        hirer = None if hired else _hire_freebooters(db, fixture)
        _report(db, fixture, _referee(db, index), rng)
        if hirer is not None:
            _star_played(db, hirer, fixture.id)
            hired = True
        _finish_sheet(db, fixture.id, rng)
        draft = auto_draft(db, match_id=fixture.id, rng=rng)
        _contracts(db, draft, fixture.id, rng)
        _shopping(db, draft, fixture.id, rng, names)
        finish_post_match(db, match_id=fixture.id, draft=draft)
    waiting = next(f for f in semis if RESERVE_TEAM[0] in (f.home, f.away))
    _report(db, waiting, _referee(db, 0), rng)  # his sheet is left open, like the post-match sequence


def _cup(db: LeagueDB, rng: random.Random) -> None:
    """The cup of the four teams after the league's third round (its later rounds move two rounds on), drawn with
    the app's dice."""
    for fixture in sorted(sq.fixtures(db), key=lambda f: -f.round):
        if fixture.round > PLAYED_ROUNDS:
            move_fixture(db, match_id=fixture.id, round_number=fixture.round + 2)
    teams = [t.id for t in queries.teams(db)]
    cup = create_competition(db, name=CUP, format="knockout", team_ids=teams, first_round=CUP_ROUND).result
    draw_competition(db, competition_id=cup, seeding="draw", rng=rng)


def _hire_freebooters(db: LeagueDB, fixture: sq.FixtureRow) -> int | None:
    """In Hire Freebooters the first team that can pay takes the cheapest Star Player its race may hire and the
    cheapest inducement (from its treasury: LRB 4.0 gives no petty cash); the team's id, or None."""
    for team_id in (fixture.away_id, fixture.home_id):
        team = queries.team_header(db, team_id)
        stars = fb.stars_for(db.ruleset, team.race)
        extra = min(fb.inducements_for(db.ruleset, db.ruleset.race(team.race)), key=lambda i: i.price(team.race))
        if stars and stars[0].cost + extra.price(team.race) <= team.treasury:
            order = fb.Order(stars=(stars[0].name,), inducements={extra.name: 1})
            hire_freebooters(db, match_id=fixture.id, team_id=team_id, order=order)
            return team_id
    return None


def _star_played(db: LeagueDB, team_id: int, match_id: int) -> None:
    """The star's game goes into the report under his own name: a casualty."""
    home, away = match_freebooters(db, match_id)
    star = next(row for row in (home, away) if row.team_id == team_id).stars[0]
    record_freebooter_play(db, match_id=match_id, team_id=team_id, name=star, casualties=1)


def _reserve_team(db: LeagueDB) -> None:
    team_id = next(t.id for t in queries.teams(db) if t.name == RESERVE_TEAM[0])
    approve_reserves(db, team_id=team_id)
    hire_reserve_coach(db, team_id=team_id, coach_type=RESERVE_TEAM[1])
