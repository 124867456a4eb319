"""The match report: score, casualties, each player's line, the MVPs, injuries, the gate and the referee.

One report is one transaction: the match, a line per player who played, the injuries on the rosters and
every roll (gate, random MVP). Players who missed this game through injury are back for the next one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import or_, select
from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.queries.fetch import get_match, get_team
from roster_app.queries.postmatch import match_title
from roster_app.queries.prematch import match_fan_factors
from roster_app.rules import competitions as rc
from roster_app.rules import postmatch as pm
from roster_app.rules.economy import counted_gate, economy
from roster_app.rules.ruleset import Ruleset
from roster_app.rules.spp import match_spp
from roster_app.services import competitions, referees
from roster_app.services.common import end_contracts
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import DiceRoll, Match, MatchPlayer, Player, PlayerStatus, Team
from roster_app.store.statuses import ContractStatus
from roster_app.words import number, possessive

COUNTS = ("touchdowns", "completions", "interceptions", "casualties")


@dataclass(frozen=True)
class PlayerLine:
    """One player's line in a match report (what he did, and how he left the pitch)."""

    player_id: int
    touchdowns: int = 0
    completions: int = 0
    interceptions: int = 0
    casualties: int = 0
    injury: str = ""

    @classmethod
    def of(cls, value: PlayerLine | Mapping[str, Any]) -> PlayerLine:
        if isinstance(value, PlayerLine):
            return value
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in value.items() if k in known})


def players_who_play(session: Session, team_id: int) -> list[Player]:
    """The players who can take the pitch: on the roster and not missing this game."""
    return list(
        session.scalars(
            select(Player)
            .where(Player.team_id == team_id, Player.status == PlayerStatus.ACTIVE)
            .order_by(Player.number, Player.id)
        )
    )


def unfinished_match(session: Session, team_id: int) -> Match | None:
    """A reported match of the team whose post-match sequence is not finished yet."""
    return session.scalars(
        select(Match)
        .where(Match.status == "played", or_(Match.home_team_id == team_id, Match.away_team_id == team_id))
        .order_by(Match.id)
    ).first()


def _count(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RuleViolation(_("{what} must be a whole number of 0 or more.").format(what=what))
    if value > 99:
        raise RuleViolation(_("{what} of {value} cannot be right.").format(what=what, value=value))
    return value


def _check_lines(team: Team, score: int, casualties: int, players: list[Player], lines: list[PlayerLine]) -> None:
    ids = {p.id for p in players}
    for line in lines:
        if line.player_id not in ids:
            raise RuleViolation(
                _("A player in {owner} lines did not play for them in this match.").format(
                    owner=possessive(team.name), name=team.name
                )
            )
        for key in COUNTS:
            _count(getattr(line, key), key.capitalize())
        if line.injury:
            pm.injury_effect(line.injury)
    scored = sum(line.touchdowns for line in lines)
    if scored != score:
        raise RuleViolation(
            _(
                "{name} scored {score}, but their players' touchdowns add up to {scored}. Every touchdown is scored "
                "by a player."
            ).format(name=team.name, score=score, scored=scored)
        )
    caused = sum(line.casualties for line in lines)
    if caused > casualties:
        raise RuleViolation(
            _(
                "{owner} players caused {caused} casualties, more than the team's {casualties} in the report."
            ).format(owner=possessive(team.name), caused=caused, casualties=casualties, name=team.name)
        )


def _gate(
    session: Session, ruleset: Ruleset, match: Match, fan_factors: tuple[int, int], gate: int | None,
    gate_faces: Sequence[int] | None, rng: random.Random | None,
) -> int:  # fmt: skip
    per_die = ruleset.table("gate")["per_die"]
    dice = sum(fan_factors)
    if gate is not None and gate_faces is None:
        pm.check_gate(gate, fan_factors, match.stage, ruleset)
        session.add(DiceRoll(purpose="Gate", dice=f"{dice}D6", faces=[], total=gate // per_die, typed=True,
                             match_id=match.id))  # fmt: skip
        return gate
    faces = tuple(gate_faces) if gate_faces is not None else pm.roll_gate(fan_factors, rng)
    if len(faces) != dice or any(not 1 <= f <= 6 for f in faces):
        raise RuleViolation(
            _("The gate is {dice} D6 (one per point of both fan factors); the dice do not match.").format(
                dice=dice
            )
        )
    bonus = pm.gate_bonus(match.stage, ruleset) * dice
    session.add(DiceRoll(purpose="Gate", dice=f"{dice}D6", faces=list(faces), modifier=bonus,
                         total=sum(faces) + bonus, match_id=match.id))  # fmt: skip
    return pm.gate_from_faces(faces, match.stage, ruleset)


def _fans_gate(
    session: Session, ruleset: Ruleset, match: Match, gate: int | None, gate_faces: Sequence[int] | None
) -> int:
    """LRB 5/6's gate: both teams' fans counted before the match (services.prematch.roll_fans), not rolled
    again. A gate typed in must be that figure; one typed where the fans were not counted (a game played before
    Dugout counted them) is kept as the commissioner's."""
    teams = (match.home_team_id, match.away_team_id)
    fans = (match.pre_match or {}).get("fans", {})
    counted = counted_gate(fans, teams)
    edition = economy(ruleset).edition
    if gate_faces is not None:
        raise RuleViolation(
            _("In {edition} the gate is not rolled with the report: it is both teams' fans, counted before the "
              "match.").format(edition=edition)
        )  # fmt: skip
    if counted is not None:
        if gate is not None and gate != counted:
            raise RuleViolation(
                _("The gate of this game is {counted} spectators, both teams' fans counted before the match; "
                  "{gate} cannot be right.").format(counted=number(counted), gate=number(gate))
            )  # fmt: skip
        return counted
    if gate is None:
        missing = [get_team(session, t).name for t in teams if str(t) not in fans]
        raise RuleViolation(
            _("The fans of {teams} have not been counted: in {edition} they make the gate. Roll the fans "
              "before the report, or type the gate counted at the table.").format(
                teams=" and ".join(missing), edition=edition)
        )  # fmt: skip
    per_point = ruleset.table("fame")["spectators_per_point"]
    if not isinstance(gate, int) or isinstance(gate, bool) or gate < 0 or gate % per_point:
        raise RuleViolation(
            _("The gate is counted in steps of {per_point} spectators; {gate} cannot be right.").format(
                per_point=number(per_point), gate=gate)
        )  # fmt: skip
    session.add(
        DiceRoll(purpose="Gate", dice="typed", faces=[], total=gate // per_point, typed=True, match_id=match.id)
    )
    return gate


def _mvp(
    session: Session,
    match: Match,
    team: Team,
    players: list[Player],
    chosen: int | None,
    rng: random.Random | None,
) -> int | None:
    if not players:
        return None
    if chosen is not None:
        if chosen not in {p.id for p in players}:
            raise RuleViolation(
                _("{owner} MVP must be one of the players who played for them.").format(
                    owner=possessive(team.name), name=team.name
                )
            )
        return chosen
    index = pm.random_mvp(len(players), rng)
    session.add(DiceRoll(purpose=f"MVP of {team.name}", dice=f"D{len(players)}", faces=[index + 1], total=index + 1,
                         team_id=team.id, player_id=players[index].id, match_id=match.id))  # fmt: skip
    return players[index].id


def _back_from_injury(session: Session, team_id: int) -> None:
    """Players who missed this game are fit for the next one."""
    for player in session.scalars(
        select(Player).where(Player.team_id == team_id, Player.status == PlayerStatus.MISS_NEXT_GAME)
    ):
        player.status = PlayerStatus.ACTIVE
        player.injuries = [i for i in player.injuries if i != "Miss next game"]
        session.add(player)


def _injure(session: Session, ruleset: Ruleset, player: Player, kind: str) -> None:
    """The injury on the roster: dead (his contract ends; his games stay in the history), or he misses the next
    game with what lasts (a niggle, a characteristic lost down to its floors); Badly Hurt leaves nothing."""
    effect = pm.injury_effect(kind)
    if effect.dead:
        player.status = PlayerStatus.DEAD
        end_contracts(session, player, ContractStatus.DIED)
        return
    if not effect.misses_next:
        return
    player.status = PlayerStatus.MISS_NEXT_GAME
    if effect.stat:
        position = ruleset.position(player.race, player.position)
        setattr(player, effect.stat, pm.lowered_stat(position, getattr(player, effect.stat), effect.stat))
    if effect.lasting:
        player.injuries = [*player.injuries, effect.lasting]


def _write_lines(
    session: Session, ruleset: Ruleset, match: Match, team: Team, players: list[Player], lines: list[PlayerLine],
    mvp: int | None,
) -> None:  # fmt: skip
    by_id = {line.player_id: line for line in lines}
    for player in players:
        line = by_id.get(player.id, PlayerLine(player.id))
        counts = {key: getattr(line, key) for key in COUNTS}
        spp = match_spp(**counts, mvp=player.id == mvp, ruleset=ruleset)
        session.add(MatchPlayer(match_id=match.id, player_id=player.id, team_id=team.id, **counts,
                                mvp=player.id == mvp, spp=spp, injury=line.injury))  # fmt: skip
        if line.injury:
            _injure(session, ruleset, player, line.injury)
            session.add(player)


def record_match(db: LeagueDB, **report: Any) -> Change:
    """Record a played match, in one transaction: `report` is write_report's keyword arguments (match_id,
    scores, casualties, player lines, gate, referee, MVPs, riot, rng), named once there.

    The referee's match sheet is the game's one sheet (opened if it has none); the ref's matches are counted
    when his sheet is finished (`referees.finish_match`), never here."""
    with db.write() as tx:
        match = write_report(tx.session, db.ruleset, **report)
        tx.label = _("report of {match_title}").format(match_title=match_title(tx.session, match))
        tx.result = match.id
    return tx.change


def write_report(
    session: Session,
    ruleset: Ruleset,
    *,
    match_id: int,
    home_score: int,
    away_score: int,
    home_casualties: int | None = None,
    away_casualties: int | None = None,
    lines: Iterable[PlayerLine | Mapping[str, Any]] = (),
    gate: int | None = None,
    gate_faces: Sequence[int] | None = None,
    referee_id: int | None = None,
    home_mvp: int | None = None,
    away_mvp: int | None = None,
    riot: bool = False,
    rng: random.Random | None = None,
    overtime: bool = False,
    roll_off: Sequence[int] | str | None = None,
    roll_off_typed: bool = True,
) -> Match:
    """The match report's rows inside a transaction (record_match's, the match pad's full time). An MVP of None
    is picked at random; a gate of None is rolled (or taken from `gate_faces`).

    A knock-out game cannot end level (the league's "knockout" rule): `overtime` says sudden-death overtime was
    played (the score includes it), `roll_off` the home and away faces of the roll-off that decided a game still
    level ("roll": the app's dice rolled here; `roll_off_typed` False: faces the app rolled on screen). Its winner
    goes into the next round's fixture at once."""
    lines = [PlayerLine.of(line) for line in lines]
    if len({line.player_id for line in lines}) != len(lines):
        raise RuleViolation(_("A player has two lines in the report."))
    match = get_match(session, match_id)
    if match.status != "scheduled":
        raise RuleViolation(_("This match has already been reported."))
    teams = (get_team(session, match.home_team_id), get_team(session, match.away_team_id))
    for team in teams:
        earlier = unfinished_match(session, team.id)
        if earlier is not None:
            raise RuleViolation(
                _(
                    "{name} have not finished the post-match sequence of {match_title} yet; it comes before their next "
                    "match."
                ).format(name=team.name, match_title=match_title(session, earlier))
            )
    scores = (_count(home_score, _("The home score")), _count(away_score, _("The away score")))
    rosters = [players_who_play(session, team.id) for team in teams]
    casualties = []
    for team, score, given, players in zip(
        teams, scores, (home_casualties, away_casualties), rosters, strict=True
    ):
        own = [line for line in lines if line.player_id in {p.id for p in players}]
        total = sum(line.casualties for line in own) if given is None else _count(given, _("Casualties"))
        _check_lines(team, score, total, players, own)
        casualties.append(total)
    played = {p.id for players in rosters for p in players}
    if any(line.player_id not in played for line in lines):
        raise RuleViolation(
            _("A player in the report did not play in this match (not on either roster, or injured).")
        )
    if referee_id is not None:  # his match sheet is the game's and says the same about a Riot
        sheet = referees.sheet_for_match(session, ruleset, referee_id, match)
        referees.agree_on_riot(session, ruleset, sheet, bool(riot))
    else:
        referees.no_sheet_without_referee(session, match)
    if economy(ruleset).winnings == "fame_dice":  # LRB 5/6: the gate is the fans counted before the match
        match.gate = _fans_gate(session, ruleset, match, gate, gate_faces)
    else:
        fans = match_fan_factors(session, ruleset, match)  # allies lower the gate, a Home crowd handicap raises it
        match.gate = _gate(session, ruleset, match, fans, gate, gate_faces, rng)
    mvps = [_mvp(session, match, team, players, chosen, rng)
            for team, players, chosen in zip(teams, rosters, (home_mvp, away_mvp), strict=True)]  # fmt: skip
    for team in teams:
        _back_from_injury(session, team.id)
    for team, players, mvp in zip(teams, rosters, mvps, strict=True):
        _write_lines(session, ruleset, match, team, players, lines, mvp)
    match.home_score, match.away_score = scores
    match.decided = _decided(session, ruleset, match, teams, scores, overtime, roll_off, rng, roll_off_typed)
    match.home_casualties, match.away_casualties = casualties
    match.riot = bool(riot)
    match.post_match = {}  # a draft left from a report that was undone belongs to that report, not this one
    match.status = "played"
    match.played_at = datetime.now(UTC)
    session.add(match)
    competitions.game_reported(session, ruleset, match)
    return match


def _decided(
    session: Session, ruleset: Ruleset, match: Match, teams: tuple[Team, Team], scores: tuple[int, int],
    overtime: bool, roll_off: Sequence[int] | str | None, rng: random.Random | None, typed: bool = True,
) -> dict[str, Any]:  # fmt: skip
    """How the game was decided (overtime, a roll-off stored as two rolls), checked against the league's rule."""
    knockout = competitions.is_knockout(session, match)
    typed = typed and roll_off != "roll"
    if roll_off == "roll":
        level = scores[0] == scores[1]
        roll_off = rc.roll_off(ruleset, rng) if knockout and level else None
    decided = rc.decide(ruleset, knockout, *scores, bool(overtime), roll_off)
    if decided.roll_off is not None:
        dice = ruleset.table("knockout")["roll_off"]
        for team, face in zip(teams, decided.roll_off, strict=True):
            session.add(DiceRoll(purpose=_("Roll-off of {name}").format(name=team.name), dice=dice, faces=[face], total=face, typed=typed,
                                 team_id=team.id, match_id=match.id))  # fmt: skip
    return decided.as_data()
