"""Teams brought from another tool (issue 38): the confirmed teams of an import's preview
(roster_app/exchange/foreign, `TeamPlan.as_dict()`), written as if created now, in one transaction and one undo step.

Each team starts with what it had there: its treasury as an opening ledger row that says where the gold came from
("Imported from OBBLM (teams.xml)"), its re-rolls, fan factor and staff without a charge (they were paid for
there), its players with their characteristics, skills, injuries, SPP and value. A history row (a Correction of
kind "import", signed by the commissioner) says what came from where; the team's History tab shows it. The teams
have played no match here, so the league's clock treats them as teams being created.
Everything is checked again here as the services check a hire or a roster edit: nothing is trusted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session

from roster_app.errors import NotFound, RuleViolation
from roster_app.i18n import _
from roster_app.phrases import ledger as sentences
from roster_app.phrases import phrase
from roster_app.queries.fetch import current_season
from roster_app.rules.limits import NAME_LENGTH, PLAYER_NAME, kept
from roster_app.rules.postmatch import INJURIES
from roster_app.rules.roster import check_position_limit, check_roster_room, check_skills, check_stat
from roster_app.rules.ruleset import STATS, Ruleset
from roster_app.rules.spp import star_player_rolls
from roster_app.services.common import post
from roster_app.services.teams import _check_name
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import Correction, Player, Team
from roster_app.store.statuses import PlayerStatus
from roster_app.words import count, tidy

KEPT_INJURIES = tuple(i for i in INJURIES if i not in ("Miss next game", "Dead"))
LEDGER_KIND = "opening"
HISTORY_KIND = "import"
TOOLS = ("OBBLM", "BattleScribe")


def _whole(value: Any, what: str, *, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        span = (
            _("from {low} to {high}").format(low=low, high=high)
            if high is not None
            else _("{low} or more").format(low=low)
        )
        raise RuleViolation(
            _("{what} must be a whole number {span}, not {value!r}.").format(what=what, span=span, value=value)
        )
    return value


def _where(team: Mapping[str, Any]) -> str:
    return f"{tidy(team.get('file', ''))}, team {team.get('row', '?')} ('{tidy(team.get('name', ''))[:60]}')"


def import_teams(db: LeagueDB, *, teams: Sequence[Mapping[str, Any]], made_by: str) -> Change:
    """Bring `teams` (the preview's TeamPlan.as_dict()) into the league; `made_by`: the commissioner who signs the
    history rows. All of them or none: a refusal names the file, the team's row and the player."""
    made_by = kept(made_by or "", _("The name of the commissioner who imports the teams"), NAME_LENGTH)
    if not made_by:
        raise RuleViolation(_("Name the commissioner who imports the teams (the history rows are signed)."))
    if not teams:
        raise RuleViolation(_("There is no team to import."))
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        ids = []
        for team in teams:
            try:
                ids.append(_import_team(session, ruleset, team, made_by))
            except (RuleViolation, NotFound) as exc:
                raise RuleViolation(
                    _("{where}: {exc} Nothing was imported.").format(where=_where(team), exc=exc)
                ) from None
        files = sorted({tidy(t.get("file", "")) for t in teams})
        tx.label = _("import of {count} from {items}").format(
            count=count(len(ids), "team"), items=", ".join(files)
        )
        tx.result = ids
    return tx.change


def _import_team(session: Session, ruleset: Ruleset, data: Mapping[str, Any], made_by: str) -> int:
    tool = data.get("tool")
    if tool not in TOOLS:
        raise RuleViolation(
            _("'{tool}' is not a tool Dugout imports from ({items}).").format(tool=tool, items=", ".join(TOOLS))
        )
    source = f"{tool} ({kept(data.get('file', ''), _('The file name'), NAME_LENGTH)})"
    race = ruleset.race(data.get("race", ""))
    rules = ruleset.table("team_rules")
    limits = {"rerolls": min(rules["max_rerolls"], race.max_rerolls), "fan_factor": rules["max_fan_factor"],
              "assistant_coaches": rules["max_assistant_coaches"], "cheerleaders": rules["max_cheerleaders"]}  # fmt: skip
    words = {"rerolls": _("Re-rolls"), "fan_factor": _("Fan factor"), "assistant_coaches": _("Assistant coaches"),
             "cheerleaders": _("Cheerleaders")}  # fmt: skip
    staff = {key: _whole(data.get(key), words[key], high=limit) for key, limit in limits.items()}
    apothecary = data.get("apothecary")
    if not isinstance(apothecary, bool):
        raise RuleViolation(_("The apothecary must be hired or not (true or false)."))
    if apothecary and race.apothecary_refusal:
        raise RuleViolation(race.apothecary_refusal)
    treasury = _whole(data.get("treasury"), _("The treasury"))
    team = Team(name=_check_name(session, data.get("name", "")), race=race.name,
                coach=kept(data.get("coach", ""), _("A head coach's name"), NAME_LENGTH), apothecary=apothecary,
                **staff)  # fmt: skip
    session.add(team)
    session.flush()
    if treasury:
        post(session, team, treasury, kind=LEDGER_KIND, reason=phrase(sentences.IMPORTED_TREASURY, source=source))
    players = list(data.get("players") or ())
    check_roster_room(0, ruleset, adding=len(players))
    season = current_season(session)
    numbers: set[int] = set()
    on_position: dict[str, int] = {}
    for row, p in enumerate(players, 1):
        try:
            player = _player(ruleset, race.name, p, numbers, on_position)
        except (RuleViolation, NotFound) as exc:
            raise RuleViolation(
                _("player {row} ('{tidy}'): {exc}").format(row=row, tidy=tidy(p.get("name", ""))[:60], exc=exc)
            ) from None
        session.add(Player(team_id=team.id, joined_season=season, origin=HISTORY_KIND, **player))
    session.add(Correction(
        kind=HISTORY_KIND, made_by=made_by, reason=_("Imported from {source}").format(source=source), season=season, team_id=team.id,
        before={}, after={"tool": tool, "file": data.get("file", ""), "team": team.name, "race": race.name,
                          "players": len(players), "treasury": treasury, **staff, "apothecary": apothecary},
    ))  # fmt: skip
    session.flush()
    return team.id


def _player(
    ruleset: Ruleset, race: str, p: Mapping[str, Any], numbers: set[int], on_position: dict[str, int]
) -> dict[str, Any]:
    if p.get("race", race) != race:
        raise RuleViolation(
            _("a player of the {get} list cannot join a {race} team by an import.").format(
                get=p.get("race"), race=race
            )
        )
    position = ruleset.position(race, p.get("position", ""))
    check_position_limit(position, on_position.get(position.name, 0))
    on_position[position.name] = on_position.get(position.name, 0) + 1
    name = kept(p.get("name", ""), _("A player's name"), PLAYER_NAME)
    if not name:
        raise RuleViolation(_("A player needs a name."))
    number = _whole(p.get("number"), _("A player's number"), low=1, high=99)
    if number in numbers:
        raise RuleViolation(_("Number {number} is already taken on this roster.").format(number=number))
    numbers.add(number)
    stats = {stat: p.get(stat) for stat in STATS}
    for stat, value in stats.items():
        check_stat(position, stat, value)
    skills = list(p.get("skills") or ())
    check_skills(position, skills, ruleset)
    injuries = list(p.get("injuries") or ())
    unknown = [i for i in injuries if i not in KEPT_INJURIES]
    if unknown:
        raise RuleViolation(_("'{tidy}' is none of the injuries a league keeps ({items}).").format(tidy=tidy(unknown[0])[:60], items=', '.join(KEPT_INJURIES)))  # fmt: skip
    spp = _whole(p.get("spp"), _("SPP"))
    rolls = _whole(p.get("rolls_taken"), _("Star player rolls taken"), high=star_player_rolls(spp, ruleset))
    status = p.get("status")
    if status not in PlayerStatus.ON_ROSTER:
        raise RuleViolation(
            _("a player comes onto the roster {items}, not {status!r}.").format(
                items=" or ".join(PlayerStatus.ON_ROSTER), status=status
            )
        )
    return {"number": number, "name": name, "race": race, "position": position.name, **stats, "skills": skills,
            "injuries": injuries, "spp": spp, "rolls_taken": rolls, "value": _whole(p.get("value"), _("A player's value")),
            "cost": position.cost, "status": status}  # fmt: skip
