"""Players: hiring, editing a roster line, retiring or firing."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import N_, _
from roster_app.phrases import Term, phrase
from roster_app.phrases import ledger as sentences
from roster_app.queries.clock import Act, has_played, require
from roster_app.queries.fetch import (
    current_season,
    first_free_number,
    get_player,
    get_team,
    position_count,
    roster_count,
    used_numbers,
)
from roster_app.rules.limits import MOST_COUNT, MOST_GOLD, MOST_SPP, PLAYER_NAME, whole
from roster_app.rules.roster import (
    STAT_NAMES,
    check_affordable,
    check_position_limit,
    check_roster_room,
    check_skills,
    check_stat,
    gp,
)
from roster_app.rules.ruleset import STATS, Ruleset
from roster_app.rules.spp import star_player_rolls
from roster_app.services.common import check_version, end_contracts, lock_teams, position_label, post
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import Player, PlayerStatus, Team
from roster_app.words import count, possessive, tidy

INJURIES = ("Miss next game", "Niggling injury", "-1 MA", "-1 ST", "-1 AG", "-1 AV")  # i18n: key


def _check_number(session: Session, team_id: int, number: int, *, except_id: int | None = None) -> None:
    if not isinstance(number, int) or not 1 <= number <= 99:
        raise RuleViolation(_("A player's number is from 1 to 99."))
    if number in used_numbers(session, team_id, except_id=except_id):
        raise RuleViolation(_("Number {number} is already taken on this roster.").format(number=number))


def _check_name(name: str) -> str:
    name = tidy(name)
    if not name:
        raise RuleViolation(_("A player needs a name."))
    if len(name) > PLAYER_NAME:
        raise RuleViolation(
            _("A player's name can be at most {player_name} characters long.").format(player_name=PLAYER_NAME)
        )
    return name


def check_can_join(session: Session, ruleset: Ruleset, team: Team, race: str, position: str) -> None:
    """Room on the roster and within the position's limit (the same checks for hiring, drafts, transfers).

    The team's row is claimed first, so two commissioners cannot both take its last place at once."""
    lock_teams(session, team.id)
    check_roster_room(roster_count(session, team.id), ruleset)
    check_position_limit(ruleset.position(race, position), position_count(session, team.id, race, position))


def new_player(
    session: Session,
    ruleset: Ruleset,
    team: Team,
    *,
    position: str,
    name: str,
    number: int | None = None,
    race: str | None = None,
    origin: str = "hired",
) -> Player:
    """A new player of `position` on `team`'s roster, with the position's profile (no gold moves here)."""
    race = race or team.race
    pos = ruleset.position(race, position)
    check_can_join(session, ruleset, team, race, position)
    if number is None:
        number = first_free_number(session, team.id)
    _check_number(session, team.id, number)
    player = Player(
        team_id=team.id, number=number, name=_check_name(name), race=race, position=position,
        ma=pos.ma, st=pos.st, ag=pos.ag, av=pos.av, value=pos.cost, cost=pos.cost, origin=origin,
        joined_season=current_season(session),
    )  # fmt: skip
    session.add(player)
    session.flush()
    return player


def hire_player(db: LeagueDB, *, team_id: int, position: str, name: str, number: int | None = None) -> Change:
    """Hire a player of the team's own list: his cost comes out of the treasury (a ledger row). On the league's
    clock: while the team is being created, or in step 4.3 of the post-match sequence it is in."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        team = get_team(session, team_id)
        now = require(session, team, Act.PURCHASES)
        pos = ruleset.position(team.race, position)
        label = position_label(team.race, position)
        check_affordable(team.treasury, pos.cost, f"A {label}")
        player = new_player(session, ruleset, team, position=position, name=name, number=number)
        post(session, team, -pos.cost, kind="hire", reason=phrase(sentences.HIRED, name=player.name, label=Term("position", label)), player_id=player.id,
             match_id=now.match_id)  # fmt: skip
        tx.label = _("hire of {name}, {label}").format(name=player.name, label=label)
        tx.result = player.id
    return tx.change


EDITABLE = ("name", "number", "position", *STATS, "skills", "injuries", "spp", "rolls_taken", "value", "status")
# Typed in freely while a team is being created (a league moving from paper brings its players' SPP); once it
# has played they change only through the sequence, or by a commissioner's correction (services/corrections).
ON_THE_CLOCK = ("spp", "rolls_taken", "value")
_LABELS = {
    "spp": N_("Star Player Points"),
    "rolls_taken": N_("star player rolls taken"),
    "value": N_("value"),
}  # shown through _()


def _check_field(session: Session, ruleset: Ruleset, player: Player, field: str, value: Any) -> Any:
    pos = ruleset.position(player.race, player.position)
    if field == "name":
        return _check_name(value)
    if field == "number":
        _check_number(session, player.team_id, value, except_id=player.id)
        return value
    if field in STATS:
        check_stat(pos, field, value)
        return value
    if field == "skills":
        value = list(value)
        check_skills(pos, value, ruleset)
        return value
    if field == "injuries":
        return [text for text in map(tidy, value) if text]
    if field in ("spp", "value", "rolls_taken"):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RuleViolation(_("{value} must be a whole number of 0 or more.").format(value=field.upper() if field == 'spp' else field.replace('_', ' ').capitalize()))  # fmt: skip
        most = {"spp": MOST_SPP, "value": MOST_GOLD, "rolls_taken": MOST_COUNT}[field]
        whole(value, _("SPP") if field == "spp" else field.replace("_", " ").capitalize(), 0, most)
        if field == "rolls_taken" and value > star_player_rolls(player.spp, ruleset):
            raise RuleViolation(
                _("{name} has earned {count} with {spp} SPP, so he cannot have taken {value}.").format(
                    name=player.name,
                    count=count(star_player_rolls(player.spp, ruleset), "star player roll"),
                    spp=player.spp,
                    value=value,
                )
            )
        return value
    if field == "status":
        if value not in PlayerStatus.ALL:
            raise RuleViolation(_("'{value}' is not a player status.").format(value=value))
        if value in PlayerStatus.ON_ROSTER and player.status not in PlayerStatus.ON_ROSTER:
            team = get_team(session, player.team_id)
            check_can_join(session, ruleset, team, player.race, player.position)
            _check_number(session, player.team_id, player.number, except_id=player.id)
        return value
    raise RuleViolation(_("'{field}' cannot be edited on a roster line.").format(field=field))


def _describe(field: str, value: Any) -> str:
    if field in STATS:
        return f"{STAT_NAMES[field]} {value}"
    if field in ("skills", "injuries"):
        return ", ".join(value) or _("none")
    if field == "value":
        return gp(value)
    return str(value)


def update_player(
    db: LeagueDB, *, player_id: int, field: str, value: Any, expected_version: int | None = None
) -> Change:
    """Change one field of a roster line, checked by the rules (number, stats, skills, status ...).

    `expected_version` is the row version the roster showed: if someone else changed the player since,
    the edit is refused ("changed by someone else - reload") instead of overwriting what they did.
    """
    if field not in EDITABLE:
        raise RuleViolation(_("'{field}' cannot be edited on a roster line.").format(field=field))
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        player = get_player(session, player_id)
        check_version(player, expected_version, player.name)
        if field in ON_THE_CLOCK and has_played(session, player.team_id):
            raise RuleViolation(
                _(
                    "{owner} {labels} change with the match reports and the post-match sequence once his team has "
                    "played. To put a mistake right, use Tools > Commissioner's Correction… (it asks for a reason)."
                ).format(owner=possessive(player.name), labels=_(_LABELS[field]), name=player.name)
            )
        if field == "position":
            _change_position(session, ruleset, player, value)
        else:
            value = _check_field(session, ruleset, player, field, value)
            setattr(player, field, value)
        session.add(player)
        label = field.replace("_", " ") if field not in STATS else STAT_NAMES[field]
        tx.label = _("{label} of {name}: {describe}").format(
            label=label, name=player.name, describe=_describe(field, value)
        )
        tx.result = player.id
    return tx.change


def _change_position(session: Session, ruleset: Ruleset, player: Player, position: str) -> None:
    """Correct a roster line's position: the profile, value and cost follow the new position; no gold moves."""
    if position == player.position:
        return
    new = ruleset.position(player.race, position)
    already = position_count(session, player.team_id, player.race, position)
    check_position_limit(new, already)
    check_skills(new, list(player.skills), ruleset)
    player.position = position
    player.ma, player.st, player.ag, player.av = new.ma, new.st, new.ag, new.av
    player.value = new.cost
    player.cost = new.cost


def retire_player(db: LeagueDB, *, player_id: int, fired: bool = False) -> Change:
    """Take a player off the roster (retired or fired); he stays in the league's history. No refund."""
    with db.write() as tx:
        player = get_player(tx.session, player_id)
        if player.status not in PlayerStatus.ON_ROSTER:
            raise RuleViolation(
                _("{name} is not on the roster ({status}).").format(name=player.name, status=player.status)
            )
        player.status = PlayerStatus.RETIRED
        tx.session.add(player)
        end_contracts(tx.session, player)
        tx.label = _("{value} of {name}").format(value="firing" if fired else "retirement", name=player.name)
        tx.result = player.id
    return tx.change
