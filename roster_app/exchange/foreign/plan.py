"""The preview of an import: the teams read from other tools' files mapped onto the league's ruleset.

Races and positions are mapped by the tool's id where the file has one (OBBLM's numbers and BattleScribe's
catalogue ids give the tool's names, resources/foreign/), then by name: the same name, a name of
resources/foreign/names.json, or a guess (another spelling, the race's name before the position's) that the
commissioner confirms or changes (`Guess`, chosen through `choices`). What cannot come across (a player over a
position's limit, an injury the league does not keep, a skill the position may not take) is said in `losses`;
a team that cannot come at all (a race the league lacks, a name the league already has) is a `Refusal`.
Nothing here writes: services/foreign_teams.py brings the `TeamPlan`s into the league.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from roster_app.exchange.foreign.reading import ForeignFile, ForeignPlayer, ForeignTeam, team_where
from roster_app.i18n import _, term
from roster_app.paths import resources_dir
from roster_app.rules.postmatch import INJURIES
from roster_app.rules.roster import STAT_SPREAD, gp, stat_bounds
from roster_app.rules.ruleset import STATS, Position, Race, Ruleset
from roster_app.rules.spp import star_player_rolls
from roster_app.words import count, possessive

KEPT_INJURIES = tuple(i for i in INJURIES if i not in ("Miss next game", "Dead"))
GuessKey = tuple[str, str, str]  # (kind, context, the file's name): kind race / position / skill


@cache
def foreign_names() -> dict[str, Any]:
    return json.loads((resources_dir() / "foreign" / "names.json").read_text(encoding="utf-8"))


def _a(name: str) -> str:
    """'an Orc', 'a Human': the article before a race's or position's name."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _key(text: str) -> str:
    """A name as compared for a guess: lower case, letters and digits only, a plural's s dropped."""
    words = re.sub(r"[^a-z0-9 ]+", " ", text.lower().replace("&", " and ")).split()
    return "".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words)


@dataclass(frozen=True)
class Guess:
    """A name the importer had to guess: `proposal` is what it would use (None: leave it out)."""

    kind: str  # race / position / skill
    context: str  # the league's race, for a position; "" otherwise
    source: str  # the file's name
    proposal: str | None
    options: tuple[str, ...]  # what the commissioner may choose instead
    files: tuple[str, ...]

    @property
    def key(self) -> GuessKey:
        return (self.kind, self.context, self.source)

    def describe(self, choice: str | None) -> str:
        where = f" ({self.context})" if self.context else ""
        target = f"'{choice}'" if choice else ("leave out" if self.kind == "skill" else "not brought")
        return _("{kind}{where}: '{source}' -> {target}").format(
            kind=self.kind, where=where, source=self.source, target=target
        )


@dataclass(frozen=True)
class PlayerPlan:
    number: int
    name: str
    race: str
    position: str
    ma: int
    st: int
    ag: int
    av: int
    skills: tuple[str, ...]
    injuries: tuple[str, ...]
    spp: int
    rolls_taken: int
    value: int
    cost: int
    status: str

    def as_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "skills": list(self.skills), "injuries": list(self.injuries)}


@dataclass(frozen=True)
class TeamPlan:
    file: str
    tool: str
    row: int
    name: str
    race: str
    coach: str
    treasury: int
    rerolls: int
    fan_factor: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: bool
    players: tuple[PlayerPlan, ...]
    losses: tuple[str, ...] = ()  # what cannot come across, in words
    notes: tuple[str, ...] = ()  # what was decided for the commissioner (a number given, a name made up)

    @property
    def where(self) -> str:
        return team_where(self.file, self.row, self.name)

    @property
    def summary(self) -> str:
        """'Orc, coach Grim, treasury 45,000 gp, 3 re-rolls, fan factor 5, ..., 12 players'."""
        if self.apothecary:
            said = _(
                "{race}, coach {coach}, treasury {gold}, {rerolls}, fan factor {fan_factor}, {assistants}, "
                "{cheerleaders}, an apothecary; {players}"
            )
        else:
            said = _(
                "{race}, coach {coach}, treasury {gold}, {rerolls}, fan factor {fan_factor}, {assistants}, "
                "{cheerleaders}; {players}"
            )
        return said.format(race=term("race", self.race), coach=self.coach or _("(none)"), gold=gp(self.treasury),
                           rerolls=count(self.rerolls, "re-roll"), fan_factor=self.fan_factor,
                           assistants=count(self.assistant_coaches, "assistant coach"),
                           cheerleaders=count(self.cheerleaders, "cheerleader"),
                           players=count(len(self.players), "player"))  # fmt: skip

    def as_dict(self) -> dict[str, Any]:
        """What services/foreign_teams.py takes (plain data)."""
        return {**self.__dict__, "players": [p.as_dict() for p in self.players], "losses": list(self.losses),
                "notes": list(self.notes)}  # fmt: skip


@dataclass(frozen=True)
class Refusal:
    file: str
    where: str  # the file, or the file and the team's row
    reason: str

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


@dataclass
class Preview:
    teams: list[TeamPlan] = field(default_factory=list)
    guesses: list[Guess] = field(default_factory=list)
    choices: dict[GuessKey, str | None] = field(default_factory=dict)
    refused: list[Refusal] = field(default_factory=list)

    def choice(self, guess: Guess) -> str | None:
        return self.choices.get(guess.key, guess.proposal)

    @property
    def unconfirmed(self) -> list[Guess]:
        return [g for g in self.guesses if g.key not in self.choices]

    @property
    def refused_files(self) -> list[str]:
        return list(dict.fromkeys(r.file for r in self.refused))

    def text(self) -> str:
        """The preview in words, as `dugout import-teams` prints it."""
        lines: list[str] = []
        for team in self.teams:
            lines.append(f"{team.where}: {team.name} ({team.summary})")
            for p in team.players:
                extra = [", ".join(p.skills) or _("no skills gained")]
                if p.injuries:
                    extra.append("injuries: " + ", ".join(p.injuries))
                if p.status != "active":
                    extra.append(p.status)
                lines.append(_("  #{number} {name}, {position}, MA {ma} ST {st} AG {ag} AV {av}, {spp} SPP, {gold}; {items}").format(number=p.number, name=p.name, position=p.position, ma=p.ma, st=p.st, ag=p.ag, av=p.av, spp=p.spp, gold=gp(p.value), items='; '.join(extra)))  # fmt: skip
            lines += [_("  cannot come across: {loss}").format(loss=loss) for loss in team.losses]
            lines += [_("  note: {note}").format(note=note) for note in team.notes]
        if self.guesses:
            lines.append(
                _("Guessed mappings (confirm with --accept-guesses, or change with --map KIND:NAME=CHOICE):")
            )
            for g in self.guesses:
                state = "confirmed" if g.key in self.choices else "to confirm"
                lines.append(
                    _("  {describe} [{state}; in {items}]").format(
                        describe=g.describe(self.choice(g)), state=state, items=", ".join(g.files)
                    )
                )
        for refusal in self.refused:
            lines.append(_("Refused: {refusal}").format(refusal=refusal))
        return "\n".join(lines)


class _Planner:
    def __init__(self, ruleset: Ruleset, choices: Mapping[GuessKey, str | None], taken: Iterable[str]):
        self.ruleset = ruleset
        self.choices = dict(choices)
        self.taken = {name.lower() for name in taken}
        self.guesses: dict[GuessKey, Guess] = {}
        self.names = foreign_names()
        self.categories = ruleset.skill_categories
        self.values = ruleset.tables.get("advance_values") or {}
        self.rules = ruleset.table("team_rules")

    # -- names ------------------------------------------------------------------------------------------
    def _guess(
        self, kind: str, context: str, source: str, proposal: str | None, options: Iterable[str], file: str
    ) -> str | None:
        key = (kind, context, source)
        old = self.guesses.get(key)
        files = tuple(dict.fromkeys((*(old.files if old else ()), file)))
        self.guesses[key] = Guess(kind, context, source, proposal, tuple(options), files)
        choice = self.choices.get(key, proposal)
        return choice if choice in options else None

    def _match(self, source: str, names: Iterable[str], aliases: Mapping[str, str]) -> tuple[str | None, bool]:
        """(the league's name, certain) for a file's name: the same or a listed alias is certain, a name that
        differs only in spelling (case, punctuation, a plural) is a guess; (None, False) when nothing is near."""
        names = list(names)
        if source in names:
            return source, True
        if aliases.get(source) in names:
            return aliases[source], True
        near = [n for n in names if _key(n) == _key(source)]
        return (near[0], False) if near else (None, False)

    def race(self, team: ForeignTeam, file: str) -> str | None:
        races = list(self.ruleset.races)
        found, certain = self._match(team.race, races, self.names["races"])
        if certain and ("race", "", team.race) not in self.choices:
            return found
        return self._guess("race", "", team.race, found, races, file)

    def position(self, race: Race, source: str, file: str) -> Position | None:
        names = [p.name for p in race.positions]
        found, certain = self._match(source, names, {})
        if found is None:  # "Orc Blitzer" for "Blitzer", or "Lineman" for "Orc Lineman"
            found = next((n for n in names if _key(n) in (_key(f"{race.name} {source}"), _key(source.removeprefix(f"{race.name} ")))), None)  # fmt: skip
        if certain and ("position", race.name, source) not in self.choices:
            return race.position(found)
        chosen = self._guess("position", race.name, source, found, names, file)
        return race.position(chosen) if chosen else None

    def skill(self, source: str, file: str) -> str | None:
        names = list(self.categories)
        found, certain = self._match(source, names, self.names["skills"])
        if certain and ("skill", "", source) not in self.choices:
            return found
        return self._guess("skill", "", source, found, names, file)

    def injury(self, source: str) -> str | None:
        if source in KEPT_INJURIES:
            return source
        mapped = self.names["injuries"].get(source)
        if mapped in KEPT_INJURIES:
            return mapped
        near = [i for i in KEPT_INJURIES if _key(i) == _key(source)]
        return near[0] if near else None

    # -- teams ------------------------------------------------------------------------------------------
    def team(self, team: ForeignTeam, file: ForeignFile) -> TeamPlan | Refusal:
        where = team_where(file.label, team.row, team.name)
        race_name = self.race(team, file.label)
        if race_name is None:
            return Refusal(file.label, where, _("the league has no race '{race}' ({name}); choose one of its races for it, or leave the team out").format(race=team.race, name=self.ruleset.name))  # fmt: skip
        if team.name.lower() in self.taken:
            return Refusal(
                file.label, where, _("the league already has a team called '{name}'").format(name=team.name)
            )
        self.taken.add(team.name.lower())
        race = self.ruleset.race(race_name)
        losses: list[str] = []
        notes = list(team.notes)
        players: list[PlayerPlan] = []
        on_position: dict[str, int] = {}
        used: set[int] = set()
        room = self.rules["max_players"]
        for p in team.players:
            who = _("player {row} ({name})").format(row=p.row, name=p.name)
            if p.status == "dead":
                notes.append(_("{who} is dead in {tool}: not brought").format(who=who, tool=file.tool))
                continue
            position = self.position(race, p.position, file.label)
            if position is None:
                losses.append(_("{who}: the {race} list of this league has no position for '{position}'").format(
                    who=who, race=term("race", race.name), position=p.position))  # fmt: skip
                continue
            if on_position.get(position.name, 0) >= position.max:
                losses.append(_("{who}: {a} team may have at most {most}").format(
                    who=who, a=_a(race.name), race=term("race", race.name), most=count(position.max, position.name)))  # fmt: skip
                continue
            if len(players) >= room:
                losses.append(_("{who}: a team has at most {most}").format(who=who, most=count(room, "player")))
                continue
            on_position[position.name] = on_position.get(position.name, 0) + 1
            players.append(self.player(p, race, position, used, losses, notes, file.label))
        staff = self.staff(team, race, losses)
        return TeamPlan(file.label, file.tool, team.row, team.name, race.name, team.coach, team.treasury,
                        players=tuple(players), losses=tuple(losses), notes=tuple(notes), **staff)  # fmt: skip

    def staff(self, team: ForeignTeam, race: Race, losses: list[str]) -> dict[str, Any]:
        limits = {"rerolls": min(self.rules["max_rerolls"], race.max_rerolls),
                  "fan_factor": self.rules["max_fan_factor"],
                  "assistant_coaches": self.rules["max_assistant_coaches"],
                  "cheerleaders": self.rules["max_cheerleaders"]}  # fmt: skip
        words = {"rerolls": "re-roll", "fan_factor": "fan factor", "assistant_coaches": "assistant coach",
                 "cheerleaders": "cheerleader"}  # fmt: skip
        out: dict[str, Any] = {}
        for key, limit in limits.items():
            value = getattr(team, key)
            if value > limit:
                losses.append(_("{what}: {a} team may have at most {limit}; {more} more do not come across").format(
                    what=count(value, words[key]), a=_a(race.name), race=term("race", race.name), limit=limit,
                    more=value - limit))  # fmt: skip
                value = limit
            out[key] = value
        out["apothecary"] = team.apothecary and race.apothecary
        if team.apothecary and not race.apothecary:
            losses.append(_("the apothecary: {refusal}").format(refusal=race.apothecary_refusal))
        return out

    def player(
        self, p: ForeignPlayer, race: Race, position: Position, used: set[int], losses: list[str], notes: list[str],
        file: str,
    ) -> PlayerPlan:  # fmt: skip
        who = _("player {row} ({name})").format(row=p.row, name=p.name)
        notes += [_("{who}: {note}").format(who=who, note=note) for note in p.notes]
        number = p.number
        if number is None or not 1 <= number <= 99 or number in used:
            number = next(n for n in range(1, 100) if n not in used)
            if p.number is not None:
                if p.number in used:
                    said = _("{who}: number {number} is taken; given {number2}")
                else:
                    said = _("{who}: number {number} is not 1-99; given {number2}")
                notes.append(said.format(who=who, number=p.number, number2=number))
        used.add(number)
        skills: list[str] = []
        doubles = 0
        for source in p.skills:
            skill = self.skill(source, file)
            if skill is None:
                losses.append(
                    _("{who}: the skill '{source}' is left out (none of the league's skills was chosen)").format(
                        who=who, source=source
                    )
                )
                continue
            if skill in position.skills or skill in skills:
                continue  # a starting skill the file repeats (OBBLM's export lists them), or twice
            category = self.categories[skill]
            if category not in position.normal and category not in position.double:
                losses.append(_("{who}: {a} may not take {category} skills such as {skill}").format(
                    who=who, a=_a(position.name), position=term("position", position.name), category=category,
                    skill=term("skill", skill)))  # fmt: skip
                continue
            doubles += category not in position.normal
            skills.append(skill)
        injuries = []
        for source in p.injuries:
            injury = self.injury(source)
            if injury is None:
                losses.append(_("{who}: the injury '{source}' is none of those the league keeps ({kept})").format(
                    who=who, source=source, kept=", ".join(term("injury", i) for i in KEPT_INJURIES)))  # fmt: skip
            else:
                injuries.append(injury)
        stats = {}
        for stat in STATS:
            base = position.stat(stat)
            value = p.stats[stat] if p.stats else base + p.deltas.get(stat, 0)
            low, high = stat_bounds(position, stat)
            if not low <= value <= high:
                losses.append(_("{who}: {stat} {value} is more than {spread} from {owner} {base}; kept as {kept}").format(
                    who=who, stat=stat.upper(), value=value, spread=STAT_SPREAD, owner=possessive(_a(position.name)),
                    name=term("position", position.name), base=base, kept=min(max(value, low), high)))  # fmt: skip
                value = min(max(value, low), high)
            lost = f"-1 {stat.upper()}"
            if p.stats and value < base and injuries.count(lost) < base - value:
                injuries += [lost] * (base - value - injuries.count(lost))  # the export gives the value only
            stats[stat] = value
        raised = {s: max(0, stats[s] - position.stat(s) + injuries.count(f"-1 {s.upper()}")) for s in STATS}
        advances = len(skills) + sum(raised.values())
        earned = star_player_rolls(p.spp, self.ruleset)
        if advances > earned:
            notes.append(_("{who}: {advances} but {spp} SPP earn {rolls}: rolls taken set to {earned}").format(
                who=who, advances=count(advances, "advance"), spp=p.spp, rolls=count(earned, "star player roll"),
                earned=earned))  # fmt: skip
        value = p.value
        if value is None:
            value = (position.cost + (len(skills) - doubles) * self.values.get("skill", 0)
                     + doubles * self.values.get("double_skill", 0)
                     + sum(n * self.values.get(s, 0) for s, n in raised.items()))  # fmt: skip
        return PlayerPlan(number, p.name, race.name, position.name, stats["ma"], stats["st"], stats["ag"], stats["av"],
                          tuple(skills), tuple(injuries), p.spp, min(advances, earned), value, position.cost,
                          "miss next game" if p.status == "miss next game" else "active")  # fmt: skip  # i18n: key


def plan_import(
    files: Iterable[ForeignFile | Refusal],
    ruleset: Ruleset,
    *,
    choices: Mapping[GuessKey, str | None] | None = None,
    taken: Iterable[str] = (),
) -> Preview:
    """The preview of bringing `files` (read by roster_app.exchange.foreign.read_team_file, or refused there) into a
    league of `ruleset` whose teams are named `taken`; `choices`: the commissioner's answers to guesses."""
    planner = _Planner(ruleset, choices or {}, taken)
    preview = Preview(choices=dict(choices or {}))
    for file in files:
        if isinstance(file, Refusal):
            preview.refused.append(file)
            continue
        for team in file.teams:
            plan = planner.team(team, file)
            (preview.refused if isinstance(plan, Refusal) else preview.teams).append(plan)
    preview.guesses = list(planner.guesses.values())
    preview.choices = {k: v for k, v in preview.choices.items() if k in planner.guesses}
    return preview
