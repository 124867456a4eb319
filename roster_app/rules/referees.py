"""Referees as league characters (seed 000, RULES.md section 3): range, the end-of-match verdict, SPP,
the skills a referee may take, the Star Player Table for refs, and the rolls of the ref's turn.

Every number comes from the league's ruleset (`referee_rules`, `referee_skills`, `star_player_table`,
`spp_levels`); nothing here touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from roster_app.errors import NotFound, RuleViolation
from roster_app.i18n import N_, _, term
from roster_app.rules.dice import Roll
from roster_app.rules.dicetables import lookup
from roster_app.rules.ruleset import STATS, Ruleset, default_ruleset
from roster_app.words import count

# The ref's four actions, his states on the pitch and his standing in the league (names, not numbers).
ACTIONS = ("move", "block", "foul", "watch like a hawk")  # i18n: key
SKILL_ACTIONS = ("blitz", "blow the whistle")  # with the Blitz skill; with a Whistle  # i18n: key
ALL_ACTIONS = ACTIONS + SKILL_ACTIONS
STATES = ("standing", "prone", "stunned", "knocked out", "badly hurt", "injured", "dead",
          "sent off by rotten eggs", "sent off")  # fmt: skip  # i18n: key
PENALTY_SENT_OFF = "sent off"  # a penalty roll that sends the ref off (seed 000: the Whistle's lost pea)
ON_PITCH_STATES = ("standing", "prone", "stunned")
STATUSES = ("available", "injured", "sacked", "dead")
FINAL_STATUSES = ("sacked", "dead")  # never left: a sacked ref never referees again, and the dead stay dead
STAT_LABELS = {"ma": "MA", "st": "ST", "ag": "AG", "av": "AV"}
# The ref's states and actions are stored keys; a sentence says them in the commissioner's language.
STATE_WORDS = {
    "standing": N_("standing"), "prone": N_("prone"), "stunned": N_("stunned"), "knocked out": N_("knocked out"),
    "badly hurt": N_("badly hurt"), "injured": N_("injured"), "dead": N_("dead"),
    "sent off by rotten eggs": N_("sent off by rotten eggs"), "sent off": N_("sent off"),
    "cleaning his chainsaw": N_("cleaning his chainsaw"), "seriously injured": N_("seriously injured"), "move": N_("move"), "block": N_("block"),
    "foul": N_("foul"), "watch like a hawk": N_("watch like a hawk"), "blitz": N_("blitz"),
    "blow the whistle": N_("blow the whistle"),
}  # fmt: skip


def shown_state(word: str) -> str:
    """A ref's stored state or action in the commissioner's language (one Dugout does not know stays as it is)."""
    return _(STATE_WORDS[word]) if word in STATE_WORDS else word


def _ruleset(ruleset: Ruleset | None) -> Ruleset:
    return ruleset or default_ruleset()


def referee_rules(ruleset: Ruleset | None = None) -> Mapping[str, Any]:
    return _ruleset(ruleset).table("referee_rules")


def match_turns(ruleset: Ruleset | None = None) -> int:
    """Turns in a match (16): one tick box each on the match sheet."""
    return referee_rules(ruleset)["turns"]


# -- range ----------------------------------------------------------------------------------------
def ref_range(skills: Iterable[str], ruleset: Ruleset | None = None) -> int:
    """Squares from the ball the ref must stay within: 9, 7 with Mole Eyes, 11 with Eagle Eyes.

    With both skills the stricter range holds (Mole Eyes says he *must* stay within 7).
    """
    rules = referee_rules(ruleset)
    ranges = [rules["range_skills"][s] for s in skills if s in rules["range_skills"]]
    return min(ranges) if ranges else rules["range"]


def turns_available(*, turns: int, state: str, out_turn: int | None) -> list[int]:
    """The turns (1-based) in which the ref is on the pitch for his own turn.

    `out_turn` is the turn in which he was taken off (before his own turn). Knocked out in the first half,
    he returns for the second; any other way off the pitch ends his match.
    """
    if out_turn is None:
        return list(range(1, turns + 1))
    before = list(range(1, min(out_turn, turns + 1)))
    if returns_for_second_half(state, out_turn, turns):
        return before + list(range(turns // 2 + 1, turns + 1))
    return before


def returns_for_second_half(state: str, out_turn: int | None, turns: int) -> bool:
    """A ref knocked out in the first half comes back for the second half."""
    return state == "knocked out" and out_turn is not None and out_turn <= turns // 2


# -- the end of the match ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """What the match sheet earns the ref: sacked, a Refereeing Award, SPP."""

    in_range: int
    turns_played: int
    riot: bool
    refereed: bool
    sacked: bool
    award: bool
    casualties: int
    spp: int
    is_star: bool

    @property
    def result(self) -> str:
        if not self.refereed:
            return _("did not referee")
        if self.sacked:
            return "sacked"
        return "award" if self.award else "kept"

    def describe(self) -> str:
        """The result in a commissioner's words."""
        if not self.refereed:
            return _("He did not referee this match (a normal ref took over): no sacking, no award, no SPP.")
        of = _("{n} of {turns} in range (a Riot)") if self.riot else _("{n} of {turns} in range")
        of = of.format(n=self.in_range, turns=count(self.turns_played, "turn"))
        if self.sacked:
            head = _("Sacked: {of}. He may never referee in this league again.").format(of=of)
        elif self.award:
            head = _("Refereeing Award: {of}.").format(of=of)
        else:
            head = _("Kept his job: {of}.").format(of=of)
        if self.is_star:
            return _("{head} A Star Ref gains no SPP.").format(head=head)
        cas = f", {count(self.casualties, 'casualty')}" if self.casualties else ""
        return _("{head} +{spp} SPP{cas}.").format(head=head, spp=self.spp, cas=cas)


def is_sacked(in_range: int, *, riot: bool, turns_played: int, ruleset: Ruleset | None = None) -> bool:
    """4 turns or fewer in range; in a Riot, 25% or less of the turns actually played."""
    rules = referee_rules(ruleset)
    if riot:
        return in_range * 100 <= rules["riot_sacked_percent"] * turns_played
    return in_range <= rules["sacked_at_most"]


def earns_award(in_range: int, *, riot: bool, turns_played: int, ruleset: Ruleset | None = None) -> bool:
    """12 turns or more in range (of 16); in a Riot, 75% or more of the turns actually played."""
    rules = referee_rules(ruleset)
    if riot:
        return in_range * 100 >= rules["riot_award_percent"] * turns_played
    return in_range >= rules["award_at_least"]


def match_spp(*, award: bool, casualties: int, is_star: bool, ruleset: Ruleset | None = None) -> int:
    """SPP a ref earns in a match: the award (10) plus 5 per casualty; a Star Ref never gains SPP."""
    if is_star:
        return 0
    rules = referee_rules(ruleset)
    return (rules["award_spp"] if award else 0) + casualties * rules["casualty_spp"]


def match_verdict(
    in_range: int,
    *,
    riot: bool = False,
    turns_played: int | None = None,
    casualties: int = 0,
    is_star: bool = False,
    refereed: bool = True,
    ruleset: Ruleset | None = None,
) -> Verdict:
    """The verdict of a match sheet. `turns_played` matters only in a Riot (the match ended early)."""
    turns = match_turns(ruleset)
    played = turns if turns_played is None or not riot else turns_played
    if not 1 <= played <= turns:
        raise RuleViolation(
            _("A match lasts from 1 to {turns} turns; {played} turns cannot have been played.").format(
                turns=turns, played=played
            )
        )
    if not 0 <= in_range <= played:
        raise RuleViolation(
            _("The ref cannot be in range for {in_range} turns of {played}.").format(
                in_range=in_range, played=played
            )
        )
    if casualties < 0:
        raise RuleViolation(_("Casualties are 0 or more."))
    if not refereed:
        return Verdict(in_range, played, riot, False, False, False, casualties, 0, is_star)
    sacked = is_sacked(in_range, riot=riot, turns_played=played, ruleset=ruleset)
    award = not sacked and earns_award(in_range, riot=riot, turns_played=played, ruleset=ruleset)
    spp = match_spp(award=award, casualties=casualties, is_star=is_star, ruleset=ruleset)
    return Verdict(in_range, played, riot, True, sacked, award, casualties, spp, is_star)


def status_after_match(status: str, verdict: Verdict, state: str) -> str:
    """Dead outranks sacked, sacked outranks injured; a sacked or dead ref stays so. Badly Hurt heals by the
    next match."""
    if state == "dead":
        return "dead"
    if status in FINAL_STATUSES:
        return status
    if verdict.sacked:
        return "sacked"
    if state == "injured":
        return "injured"
    return status


def choice_problem(*, name: str, status: str, is_star: bool) -> str | None:
    """Why this ref cannot be chosen for a match, or None when he can."""
    if status == "sacked":
        return _("{name} was sacked and may never referee in this league again.").format(name=name)
    if status == "dead":
        if is_star:
            return _("{name} is dead: a Star Ref who dies cannot be chosen again.").format(name=name)
        return _("{name} is dead.").format(name=name)
    if status == "injured":
        return _("{name} is injured; mark him recovered before choosing him.").format(name=name)
    return None


def statuses_from(status: str) -> tuple[str, ...]:
    """The statuses a ref with `status` may be given: a sacked or dead ref never becomes available again."""
    return FINAL_STATUSES if status in FINAL_STATUSES else STATUSES


def status_change_problem(*, name: str, is_star: bool, old: str, new: str) -> str | None:
    """Why a ref's status cannot go from `old` to `new` (seed 000: a sacked ref "may never Referee in this
    League again"; a Star Ref who dies "cannot be chosen to Ref another match again"), or None."""
    if new in statuses_from(old):
        return None
    why = choice_problem(name=name, status=old, is_star=is_star)
    return _("{why} He cannot be made {new} again; if he was marked {old} by mistake, undo that change.").format(
        why=why, new=new, old=old
    )


# -- skills -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SkillChoice:
    name: str
    group: str
    effect: str
    needs_double: bool


def _skill_table(ruleset: Ruleset | None) -> Mapping[str, Any]:
    return _ruleset(ruleset).table("referee_skills")


def group_open_to(group: Mapping[str, Any], race: str) -> bool:
    """A group's race restriction: `races` (None = all) minus `except_races`."""
    if race in group["except_races"]:
        return False
    return group["races"] is None or race in group["races"]


def skill_group(name: str, ruleset: Ruleset | None = None) -> Mapping[str, Any] | None:
    for group in _skill_table(ruleset)["groups"]:
        if any(s["name"] == name for s in group["skills"]):
            return group
    return None


def skill_effect(name: str, ruleset: Ruleset | None = None) -> str:
    """The one-line effect of a ref skill; "As the player skill" borrows the player skill's effect."""
    rs = _ruleset(ruleset)
    for group in _skill_table(rs)["groups"]:
        for skill in group["skills"]:
            if skill["name"] == name:
                effect = skill.get("effect", "")
                player = rs.skill_effects.get(name, "")
                shown = term("table", effect) if effect else ""
                if effect.startswith("As the player skill") and player:  # i18n: key (the ruleset's text)
                    if shown != effect:  # translated: the player skill's effect, then the ref's own line whole
                        return f"{term('table', player)} ({shown})"
                    rest = effect.removeprefix("As the player skill").lstrip(".;, ")  # i18n: key
                    return f"{player} {rest[:1].upper()}{rest[1:]}".strip()
                return shown
    return ""


def prerequisite(name: str, ruleset: Ruleset | None = None) -> str | None:
    return _skill_table(ruleset)["prerequisites"].get(name)


def referee_skill_choices(
    race: str, has: Iterable[str], ruleset: Ruleset | None = None, *, double: bool = False
) -> list[SkillChoice]:
    """Skills this ref may take now: his race's groups (any group on a double), prerequisites met."""
    owned = set(has)
    out = []
    for group in _skill_table(ruleset)["groups"]:
        normal = group_open_to(group, race)
        if not normal and not double:
            continue
        for skill in group["skills"]:
            name = skill["name"]
            need = prerequisite(name, ruleset)
            if name in owned or (need is not None and need not in owned):
                continue
            out.append(SkillChoice(name, group["name"], skill_effect(name, ruleset), not normal))
    return out


def check_referee_skill(
    race: str, has: Iterable[str], skill: str, ruleset: Ruleset | None = None, *, double: bool = False
) -> SkillChoice:
    """Refuse a skill the ref may not take now, saying why; return the choice when he may."""
    owned = list(has)
    group = skill_group(skill, ruleset)
    if group is None:
        raise RuleViolation(
            _("{skill} is not on the referee skill list; a referee may take only those skills.").format(
                skill=skill
            )
        )
    if skill in owned:
        raise RuleViolation(_("The referee already has {skill}.").format(skill=skill))
    need = prerequisite(skill, ruleset)
    if need is not None and need not in owned:
        raise RuleViolation(
            _("A referee may take {skill} only if he already has {need}.").format(skill=skill, need=need)
        )
    if not group_open_to(group, race) and not double:
        raise RuleViolation(
            _("{name} skills are not open to a {race} referee ({who}); only a double allows it.").format(
                name=group["name"], race=race, who=_who(group)
            )
        )
    return SkillChoice(skill, group["name"], skill_effect(skill, ruleset), not group_open_to(group, race))


def _who(group: Mapping[str, Any]) -> str:
    if group["races"] is None:
        return f"not {' or '.join(group['except_races'])}" if group["except_races"] else "all races"
    return f"{', '.join(group['races'])} only"


def check_referee_skills(skills: list[str], ruleset: Ruleset | None = None) -> None:
    """A ref's whole skill list as edited by the commissioner: known ref skills, no repeats, prerequisites.

    Race restrictions are not checked here: a skill may have come with a double.
    """
    seen: set[str] = set()
    for skill in skills:
        if skill_group(skill, ruleset) is None:
            raise RuleViolation(
                _("{skill} is not on the referee skill list; a referee may take only those skills.").format(
                    skill=skill
                )
            )
        if skill in seen:
            raise RuleViolation(_("{skill} is listed twice.").format(skill=skill))
        seen.add(skill)
    for skill in skills:
        need = prerequisite(skill, ruleset)
        if need is not None and need not in seen:
            raise RuleViolation(
                _("A referee may have {skill} only together with {need}.").format(skill=skill, need=need)
            )


def equipment_rows(ruleset: Ruleset | None = None) -> dict[str, Mapping[str, Any]]:
    """Ref equipment by name (Whistle, Chainsaw) with its penalty number."""
    return {row["name"]: row for row in _skill_table(ruleset)["equipment"]}


def check_equipment(items: list[str], ruleset: Ruleset | None = None) -> None:
    known = equipment_rows(ruleset)
    for item in items:
        if item not in known:
            raise RuleViolation(
                _("'{item}' is not referee equipment (the list has {items}).").format(
                    item=item, items=", ".join(known)
                )
            )
    if len(set(items)) != len(items):
        raise RuleViolation(_("A piece of equipment is listed twice."))


# -- profile and the Star Player Table -----------------------------------------------------------------
def starting_profile(race: str, ruleset: Ruleset | None = None) -> dict[str, int]:
    """A new ref's profile: his race's basic Lineman."""
    lineman = _ruleset(ruleset).race(race).basic_lineman
    return {s: lineman.stat(s) for s in STATS}


def stat_ceiling(start: int, ruleset: Ruleset | None = None) -> int:
    """A characteristic rises at most `max_above_start` (2) above its starting value, and never above 10."""
    return min(10, start + _ruleset(ruleset).table("star_player_table")["max_above_start"])


def stat_bounds(race: str, stat: str, ruleset: Ruleset | None = None) -> tuple[int, int] | None:
    """Lowest and highest value of a custom ref's characteristic (None when his race is not in the ruleset)."""
    try:
        start = starting_profile(race, ruleset)[stat]
    except NotFound:
        return None
    spread = _ruleset(ruleset).table("star_player_table")["max_above_start"]
    return max(1, start - spread), stat_ceiling(start, ruleset)


def check_stat(race: str, stat: str, value: int, ruleset: Ruleset | None = None) -> None:
    if stat not in STATS:
        raise RuleViolation(_("'{stat}' is not a characteristic.").format(stat=stat))
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10:
        raise RuleViolation(
            _("{stat_labels} is a whole number from 1 to 10.").format(stat_labels=STAT_LABELS[stat])
        )
    bounds = stat_bounds(race, stat, ruleset)
    if bounds and not bounds[0] <= value <= bounds[1]:
        raise RuleViolation(
            _(
                "{stat_labels} of a {race} referee can be from {bounds} to {bounds2} (his race's Lineman has "
                "{starting_profile}; a characteristic never rises more than {value} above it)."
            ).format(
                stat_labels=STAT_LABELS[stat],
                race=race,
                bounds=bounds[0],
                bounds2=bounds[1],
                starting_profile=starting_profile(race, ruleset)[stat],
                value=bounds[1] - starting_profile(race, ruleset)[stat],
            )
        )


@dataclass(frozen=True)
class AdvanceOptions:
    """What a Star Player roll lets the ref take: a characteristic (or None) and/or a skill."""

    roll_total: int
    result: str  # skill / ma / st / ag / av
    text: str
    double: bool
    stat: str | None  # the characteristic he may raise, None if the roll gives none or it is at its ceiling
    skill_allowed: bool
    skills: tuple[SkillChoice, ...]
    stats: tuple[str, ...] = ()  # every characteristic he may raise (the first is `stat`)

    def describe(self) -> str:
        parts = [f"{self.roll_total}: {self.text}"]
        if self.double:
            parts.append(_("a double: any skill group is open"))
        if self.result != "skill" and self.stat is None:
            parts.append(
                _("{stat_labels} is at its ceiling, so a skill instead").format(
                    stat_labels=STAT_LABELS[self.result]
                )
            )
        return "; ".join(parts)


def star_player_result(roll: Roll, ruleset: Ruleset | None = None) -> Mapping[str, Any]:
    """The Star Player Table row for a roll."""
    return lookup(_ruleset(ruleset).table("star_player_table")["rows"], roll.total)


def advance_options(
    roll: Roll,
    *,
    race: str,
    skills: Iterable[str],
    stats: Mapping[str, int],
    ruleset: Ruleset | None = None,
) -> AdvanceOptions:
    """What a ref may take for this Star Player roll, as for a player but from the referee skill list."""
    rs = _ruleset(ruleset)
    table = rs.table("star_player_table")
    row = star_player_result(roll, rs)
    double = roll.is_double and table["double_opens_any_category"]
    raised: list[str] = []
    if row["result"] in STATS:
        for stat in dict.fromkeys([row["result"], *row.get("also", ())]):  # LRB 5/6: +1 MA or +1 AV on a 10
            try:
                ceiling = stat_ceiling(starting_profile(race, rs)[stat], rs)
            except NotFound:
                ceiling = 10
            if stats[stat] < ceiling:
                raised.append(stat)
    skill_allowed = row["result"] == "skill" or table["skill_instead_of_characteristic"] or not raised
    choices = tuple(referee_skill_choices(race, skills, rs, double=double)) if skill_allowed else ()
    text = term("table", row["text"]) if row.get("text") else row["result"]
    return AdvanceOptions(roll.total, row["result"], text, double,
                          raised[0] if raised else None, skill_allowed, choices, tuple(raised))  # fmt: skip


# -- the rolls of the ref's turn ---------------------------------------------------------------------
def penalty_modifier(skills: Iterable[str], ruleset: Ruleset | None = None) -> int:
    """+1 with Loves Dirty Tricks, -1 with Hates Dirty Tricks (the ruleset's `penalty_modifiers`)."""
    rules = referee_rules(ruleset)
    table = rules.get("penalty_modifiers")
    if table is None:  # a league made before the table had this entry
        table = default_ruleset().table("referee_rules").get("penalty_modifiers", {})
    return sum(table.get(s, 0) for s in skills)


@dataclass(frozen=True)
class RollOutcome:
    what: str
    roll: Roll
    target: int
    success: bool
    text: str


def send_off_target(ruleset: Ruleset | None = None) -> int:
    return referee_rules(ruleset)["send_off_target"]


def send_off(roll: Roll, ruleset: Ruleset | None = None) -> RollOutcome:
    """The ref tries to send a player off: D6 (with the Dirty Tricks modifier) at or above 4."""
    target = send_off_target(ruleset)
    ok = roll.total >= target
    text = _("{describe} against {target}+: {value}.").format(
        describe=roll.describe(), target=target, value=_("sent off") if ok else _("he gets away with it")
    )
    return RollOutcome("send-off", roll, target, ok, text)


def penalty_number(item: str, ruleset: Ruleset | None = None) -> int:
    try:
        return equipment_rows(ruleset)[item]["penalty"]
    except KeyError:
        raise RuleViolation(_("'{item}' is not referee equipment.").format(item=item)) from None


def penalty_sends_off(item: str, ruleset: Ruleset | None = None) -> bool:
    """A penalty roll made sends the ref off (the equipment row's `sends_off`: the Whistle's "running off to find
    another one"; the Chainsaw "does not mean that they are sent off"). A league whose row predates the key reads
    the bundled row."""
    row = equipment_rows(ruleset).get(item) or {}
    if "sends_off" not in row:
        row = equipment_rows(default_ruleset()).get(item) or {}
    return bool(row.get("sends_off", False))


def penalty(item: str, roll: Roll, ruleset: Ruleset | None = None) -> RollOutcome:
    """The penalty roll of a Whistle (10+) or Chainsaw (8+): 2D6 at or above the number takes effect."""
    target = penalty_number(item, ruleset)
    ok = roll.total >= target
    effect = {"Whistle": _("he loses his pea and runs off to find another"),
              "Chainsaw": _("the chainsaw clogs with limbs; he goes off to clean it")}.get(item, _("it takes effect"))  # fmt: skip
    text = _("{item} penalty {roll} against {target}+: {effect}.").format(
        item={"Whistle": _("Whistle"), "Chainsaw": _("Chainsaw")}.get(item, item),
        roll=roll.describe(),
        target=target,
        effect=effect if ok else _("no effect"),
    )
    return RollOutcome(f"{item.lower()} penalty", roll, target, ok, text)


def penalty_consequence(item: str, ruleset: Ruleset | None = None) -> str:
    """What a penalty roll made means for the game, in the pad's words (seed 000 says what it says, no more)."""
    if penalty_sends_off(item, ruleset):
        return _("He is sent off: a normal ref has the rest of the game.")
    return (_("He is not sent off: he has gone to clean the chainsaw (off the pitch; a normal ref meanwhile). Seed 000 "
            "gives no rule for how long he is gone: mark him standing when he is back."))  # fmt: skip


def escapist_target(ruleset: Ruleset | None = None) -> int:
    return referee_rules(ruleset)["escapist_target"]


def escapes_get_the_ref(roll: Roll, skills: Iterable[str], ruleset: Ruleset | None = None) -> bool:
    """Escapist evades a Get the Ref result on a D6 of 4+; without Escapist he never does."""
    return "Escapist" in set(skills) and roll.total >= escapist_target(ruleset)


def verdict_for_sheet(
    in_range: list[bool | None],
    *,
    riot: bool,
    turns_played: int,
    casualties: int,
    is_star: bool,
    state: str,
    out_turn: int | None,
    got_the_ref: int | None = None,
    ruleset: Ruleset | None = None,
) -> Verdict:
    """The verdict of a match sheet as it stands: only turns played with the ref on the pitch count."""
    played = turns_played if riot else match_turns(ruleset)
    counted = sheet_turns(turns=match_turns(ruleset), turns_played=played, state=state, out_turn=out_turn,
                          got_the_ref=got_the_ref)  # fmt: skip
    ticks = sum(1 for turn in counted if turn <= len(in_range) and in_range[turn - 1])
    return match_verdict(ticks, riot=riot, turns_played=played, casualties=casualties, is_star=is_star,
                         refereed=bool(counted), ruleset=ruleset)  # fmt: skip


def sheet_turns(
    *, turns: int, turns_played: int, state: str, out_turn: int | None, got_the_ref: int | None = None
) -> list[int]:
    """Turns that can be ticked: played (a Riot ends early), with the ref on the pitch, and before a Get the
    Ref result that took him out (`got_the_ref`: the turn of that kick-off; None when none or he escaped)."""
    last = min(turns_played, turns if got_the_ref is None else got_the_ref - 1)
    return [t for t in turns_available(turns=turns, state=state, out_turn=out_turn) if t <= last]
