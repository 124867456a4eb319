"""Referees: creating and editing them, their match sheets, the end of a match, advancement, equipment and
the rolls of the ref's turn. Each public function is one transaction (one undo step)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlmodel import Session

from roster_app.errors import NotFound, RuleViolation
from roster_app.i18n import _, term
from roster_app.queries.fetch import get_referee, get_sheet
from roster_app.queries.referees import ADVANCE_PENDING, fixture_title, sheet_of
from roster_app.rules import referees as rr
from roster_app.rules.dice import Roll, accept
from roster_app.rules.limits import NAME_LENGTH, REFEREE_NAME, TEXT_LENGTH, kept
from roster_app.rules.ruleset import STATS, Ruleset
from roster_app.rules.spp import star_player_rolls
from roster_app.services.common import store_roll
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import DiceRoll, Match, Referee, RefereeMatch
from roster_app.words import count, possessive, tidy

ADVANCE_TAKEN = "referee star player roll"  # i18n: key (a roll's purpose)


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()  # "leave as it is" for arguments where None is a meaningful value


def _open_sheet(session: Session, sheet_id: int) -> tuple[RefereeMatch, Referee]:
    sheet = get_sheet(session, sheet_id)
    ref = get_referee(session, sheet.referee_id)
    if sheet.finished:
        raise RuleViolation(
            _("{owner} match sheet is finished; undo the end of the match to correct it.").format(
                owner=possessive(ref.name), name=ref.name
            )
        )
    return sheet, ref


def _check_name(name: str) -> str:
    name = tidy(name)
    if not name:
        raise RuleViolation(_("A referee needs a name."))
    if len(name) > REFEREE_NAME:
        raise RuleViolation(
            _("A referee's name can be at most {referee_name} characters long.").format(referee_name=REFEREE_NAME)
        )
    return name


def _store_roll(session: Session, purpose: str, dice_roll: Roll, **links: int | None) -> DiceRoll:
    return store_roll(session, dice_roll, purpose, **links)


# -- creating, editing, deleting ----------------------------------------------------------------------
def create_referee(db: LeagueDB, *, name: str, race: str, description: str = "", star: bool = False) -> Change:
    """A new ref: his race's basic Lineman profile, no skills, no SPP. `star` makes a league's own Star Ref
    (who never gains SPP; give him his skills by editing his card)."""
    ruleset = db.ruleset
    profile = rr.starting_profile(race, ruleset)  # refuses a race the league does not have
    name = _check_name(name)
    with db.write() as tx:
        ref = Referee(
            name=name,
            race=race,
            description=kept(description, _("A referee's description"), TEXT_LENGTH),
            is_star=star,
            **profile,
        )
        tx.session.add(ref)
        tx.session.flush()
        tx.label = _("new {value} {name} ({race})").format(
            value="Star Ref" if star else "referee", name=ref.name, race=race
        )
        tx.result = ref.id
    return tx.change


def _check_edit(ref: Referee, ruleset: Ruleset, field: str, value: Any) -> Any:
    if field == "name":
        return _check_name(value)
    if field == "description":
        return kept(value, _("A referee's description"), TEXT_LENGTH)
    if field == "race":
        if not ref.is_star:
            ruleset.race(value)  # a custom ref's race is a team list of the league
        return _check_name(value)
    if field in STATS:
        if ref.is_star:
            if not isinstance(value, int) or not 1 <= value <= 10:
                raise RuleViolation(
                    _("{stat_labels} is a whole number from 1 to 10.").format(stat_labels=rr.STAT_LABELS[field])
                )
        else:
            rr.check_stat(ref.race, field, value, ruleset)
        return value
    if field == "skills":
        rr.check_referee_skills(list(value), ruleset)
        return list(value)
    if field == "equipment":
        rr.check_equipment(list(value), ruleset)
        return list(value)
    if field in ("spp", "rolls_taken"):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RuleViolation(
                _("{value} must be 0 or more.").format(
                    value="SPP" if field == "spp" else _("Star player rolls taken")
                )
            )
        if ref.is_star and value:
            raise RuleViolation(
                _("{name} is a Star Ref: he is as good as he is going to get and gains no SPP.").format(
                    name=ref.name
                )
            )
        return value
    if field == "status":
        if value not in rr.STATUSES:
            raise RuleViolation(
                _("'{value}' is not a referee's status ({items}).").format(
                    value=value, items=", ".join(rr.STATUSES)
                )
            )
        problem = rr.status_change_problem(name=ref.name, is_star=ref.is_star, old=ref.status, new=value)
        if problem:
            raise RuleViolation(problem)
        return value
    raise RuleViolation(
        _("'{field}' cannot be edited on a referee.").format(field=field)
    )  # pragma: no cover - programming error


def edit_referee(
    db: LeagueDB,
    *,
    referee_id: int,
    name: str | None = None,
    race: str | None = None,
    description: str | None = None,
    ma: int | None = None,
    st: int | None = None,
    ag: int | None = None,
    av: int | None = None,
    skills: list[str] | None = None,
    equipment: list[str] | None = None,
    spp: int | None = None,
    rolls_taken: int | None = None,
    status: str | None = None,
) -> Change:
    """Correct a referee's card (sample Star Refs too); None leaves a field as it is. A custom ref who changes
    race takes the new race's Lineman profile unless characteristics are given."""
    ruleset = db.ruleset
    asked = {"name": name, "race": race, "description": description, "ma": ma, "st": st, "ag": ag, "av": av,
             "skills": skills, "equipment": equipment, "spp": spp, "rolls_taken": rolls_taken, "status": status}  # fmt: skip
    with db.write() as tx:
        ref = get_referee(tx.session, referee_id)
        old_name = ref.name
        changed = []
        if race is not None and race != ref.race:
            ref.race = _check_edit(ref, ruleset, "race", race)
            if not ref.is_star:
                for stat, value in rr.starting_profile(race, ruleset).items():
                    setattr(ref, stat, value)
            changed.append("race")
        for field, value in asked.items():
            if value is None or field == "race":
                continue
            value = _check_edit(ref, ruleset, field, value)
            if getattr(ref, field) != value:
                setattr(ref, field, value)
                changed.append(rr.STAT_LABELS.get(field, field.replace("_", " ")))
        if not ref.is_star and ref.rolls_taken > star_player_rolls(ref.spp, ruleset):
            raise RuleViolation(
                _("{name} has earned {count} with {spp} SPP, so he cannot have taken {rolls_taken}.").format(
                    name=ref.name,
                    count=count(star_player_rolls(ref.spp, ruleset), "star player roll"),
                    spp=ref.spp,
                    rolls_taken=ref.rolls_taken,
                )
            )
        tx.session.add(ref)
        tx.label = _("edit of referee {old_name}: {value}").format(
            old_name=old_name, value=", ".join(changed) or "nothing"
        )
        tx.result = ref.id
    return tx.change


def set_equipment(db: LeagueDB, *, referee_id: int, equipment: list[str]) -> Change:
    """Give or take a ref's Whistle or Chainsaw (each has its penalty roll)."""
    return edit_referee(db, referee_id=referee_id, equipment=list(equipment))


def delete_referee(db: LeagueDB, *, referee_id: int) -> Change:
    """Remove a ref who has no history in the league (a sample Star Ref the league does not want, a typo)."""
    with db.write() as tx:
        session = tx.session
        ref = get_referee(session, referee_id)
        sheets = session.scalar(select(func.count()).where(RefereeMatch.referee_id == ref.id))
        matches = session.scalar(select(func.count()).where(Match.referee_id == ref.id))
        rolls = session.scalar(select(func.count()).where(DiceRoll.referee_id == ref.id))
        if sheets or matches or rolls:
            raise RuleViolation(
                _(
                    "{name} has a history in this league (match sheets or rolls), so he stays in its records. Mark him "
                    "sacked instead if he should never referee again."
                ).format(name=ref.name)
            )
        session.delete(ref)
        tx.label = _("deletion of referee {name}").format(name=ref.name)
        tx.result = referee_id
    return tx.change


# -- the match sheet -----------------------------------------------------------------------------------
def _new_sheet(session: Session, ruleset: Ruleset, ref: Referee, match: Match) -> RefereeMatch:
    turns = rr.match_turns(ruleset)
    match.referee_id = ref.id
    session.add(match)
    sheet = RefereeMatch(referee_id=ref.id, match_id=match.id, in_range=[False] * turns, actions=[None] * turns,
                         turns_played=turns, riot=match.status != "scheduled" and match.riot)  # fmt: skip
    session.add(sheet)
    session.flush()
    return sheet


def _choosable(ref: Referee) -> None:
    problem = rr.choice_problem(name=ref.name, status=ref.status, is_star=ref.is_star)
    if problem:
        raise RuleViolation(problem)


def _open_sheet_of(session: Session, ref: Referee) -> RefereeMatch | None:
    return session.scalars(
        select(RefereeMatch).where(RefereeMatch.referee_id == ref.id, RefereeMatch.finished == False)  # noqa: E712
    ).first()


def _get_fixture(session: Session, match_id: int | None) -> Match:
    if match_id is None:
        raise RuleViolation(_("A referee's match sheet belongs to one fixture: choose the game he referees."))
    match = session.get(Match, match_id)
    if match is None:
        raise NotFound(_("That match no longer exists."))
    return match


def _sheet_taken(session: Session, match: Match, sheet: RefereeMatch) -> RuleViolation:
    """One game has one match sheet, finished or not, whichever ref: the refusal naming the one it has."""
    other = get_referee(session, sheet.referee_id)
    state = "finished" if sheet.finished else "open"
    return RuleViolation(
        _(
            "There is already a match sheet for {fixture_title}: {owner} ({state}). One game has one sheet, so "
            "it counts once on the ref's card."
        ).format(
            fixture_title=fixture_title(session, match), owner=possessive(other.name), state=state, name=other.name
        )
    )


def _free_to_referee(session: Session, ref: Referee, match: Match) -> None:
    """The ref may be chosen, and no open sheet of another game holds him."""
    _choosable(ref)
    sheet = _open_sheet_of(session, ref)
    if sheet is not None and sheet.match_id != match.id:
        other = session.get(Match, sheet.match_id) if sheet.match_id is not None else None
        where = fixture_title(session, other) if other is not None else "no fixture"
        raise RuleViolation(
            _("{owner} match sheet of {where} is still open; finish it before he referees again.").format(
                owner=possessive(ref.name), where=where, name=ref.name
            )
        )


def start_match_sheet(db: LeagueDB, *, referee_id: int, match_id: int | None) -> Change:
    """Choose the ref for a fixture and open his match sheet for it. One fixture has one sheet ever; sacked,
    dead and injured refs, and a ref whose sheet of another game is open, are refused."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        ref = get_referee(session, referee_id)
        match = _get_fixture(session, match_id)
        taken = sheet_of(session, match.id)
        if taken is not None:
            raise _sheet_taken(session, match, taken)
        _free_to_referee(session, ref, match)
        sheet = _new_sheet(session, ruleset, ref, match)
        tx.label = _("match sheet of {name} opened for {fixture_title}").format(
            name=ref.name, fixture_title=fixture_title(session, match)
        )
        tx.result = sheet.id
    return tx.change


def link_sheet(db: LeagueDB, *, sheet_id: int, match_id: int | None) -> Change:
    """Give an open match sheet an older Dugout left without a fixture the game it belongs to."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        sheet, ref = _open_sheet(session, sheet_id)
        if sheet.match_id is not None:
            raise RuleViolation(
                _("{owner} match sheet already belongs to a fixture.").format(
                    owner=possessive(ref.name), name=ref.name
                )
            )
        match = _get_fixture(session, match_id)
        taken = sheet_of(session, match.id)
        if taken is not None:
            raise _sheet_taken(session, match, taken)
        sheet.match_id = match.id
        match.referee_id = ref.id
        session.add_all([sheet, match])
        if match.status != "scheduled":
            agree_on_riot(session, ruleset, sheet, match.riot)
        tx.label = _("match sheet of {name} linked to {fixture_title}").format(
            name=ref.name, fixture_title=fixture_title(session, match)
        )
        tx.result = sheet.id
    return tx.change


def sheet_for_match(session: Session, ruleset: Ruleset, referee_id: int, match: Match) -> RefereeMatch:
    """The ref's match sheet for `match`, inside a transaction (the match report): the game's own sheet, or a
    new one (or, in an older file, his open sheet left without a fixture, linked now). Another ref's sheet of
    the game, a sacked, dead or injured ref, or one whose open sheet belongs to another game, is refused."""
    ref = get_referee(session, referee_id)
    linked = sheet_of(session, match.id)
    if linked is not None and linked.referee_id != ref.id:
        other = get_referee(session, linked.referee_id)
        if linked.finished:
            raise RuleViolation(
                _("{owner} finished match sheet goes with this match: he refereed it.").format(
                    owner=possessive(other.name), name=other.name
                )
            )
        raise RuleViolation(_("{owner} match sheet is kept for this match; discard it (Season page, Referee's Match Sheet…) to " "choose {name} instead.").format(owner=possessive(other.name), name=ref.name, owner_name=other.name))  # fmt: skip
    if linked is not None:
        match.referee_id = ref.id
        session.add(match)
        return linked
    _choosable(ref)
    sheet = _open_sheet_of(session, ref)
    if sheet is None:
        return _new_sheet(session, ruleset, ref, match)
    if sheet.match_id is not None:
        _free_to_referee(session, ref, match)  # refuses: his open sheet belongs to another game
    sheet.match_id = match.id
    match.referee_id = ref.id
    session.add_all([sheet, match])
    return sheet


def no_sheet_without_referee(session: Session, match: Match) -> None:
    """A report without a referee is refused while a ref's sheet goes with the game (one record of it)."""
    sheet = sheet_of(session, match.id)
    if sheet is not None:
        ref = get_referee(session, sheet.referee_id)
        raise RuleViolation(_("{owner} match sheet goes with this match: record him as its referee, or discard his sheet first.").format(owner=possessive(ref.name), name=ref.name))  # fmt: skip


def agree_on_riot(session: Session, ruleset: Ruleset, sheet: RefereeMatch, riot: bool) -> None:
    """The match report and the ref's sheet say the same about a Riot (a finished sheet is not changed)."""
    if sheet.finished:
        if sheet.riot != riot:
            ref = get_referee(session, sheet.referee_id)
            said = _("a Riot ended the match") if sheet.riot else _("there was no Riot")
            raise RuleViolation(
                _("{owner} finished match sheet says {said}; the report must say the same.").format(
                    owner=possessive(ref.name), said=said, name=ref.name
                )
            )
        return
    if sheet.riot != riot:
        _set_riot(sheet, rr.match_turns(ruleset), riot, None)
        _normalise(sheet, rr.match_turns(ruleset))
        session.add(sheet)


def _got_the_ref(sheet: RefereeMatch) -> int | None:
    """The kick-off turn of a Get the Ref that took the ref out (None: none, or Escapist saved him)."""
    return None if sheet.escaped else sheet.get_the_ref


def _available(sheet: RefereeMatch, turns: int) -> list[int]:
    return rr.sheet_turns(turns=turns, turns_played=sheet.turns_played, state=sheet.state, out_turn=sheet.out_turn,
                          got_the_ref=_got_the_ref(sheet))  # fmt: skip


def _normalise(sheet: RefereeMatch, turns: int) -> None:
    """Turns that cannot be ticked (not played, ref off the pitch) hold None; the others True/False."""
    available = set(_available(sheet, turns))
    ticks = list(sheet.in_range) + [False] * (turns - len(sheet.in_range))
    actions = list(sheet.actions) + [None] * (turns - len(sheet.actions))
    new_ticks = [bool(ticks[t - 1]) if t in available else None for t in range(1, turns + 1)]
    new_actions = [actions[t - 1] if t in available else None for t in range(1, turns + 1)]
    if new_ticks != sheet.in_range:
        sheet.in_range = new_ticks
    if new_actions != sheet.actions:
        sheet.actions = new_actions
    off = sheet.out_turn is not None and not rr.returns_for_second_half(sheet.state, sheet.out_turn, turns)
    sheet.out_for_match = off or _got_the_ref(sheet) is not None


def _why_not_tickable(sheet: RefereeMatch, turn: int) -> str:
    if turn > sheet.turns_played:
        return _("Turn {turn} was not played: the Riot ended the match after turn {turns_played}.").format(
            turn=turn, turns_played=sheet.turns_played
        )
    gone = _got_the_ref(sheet)
    if gone is not None and turn >= gone:
        return _("Get the Ref took the ref out before turn {gone}.").format(gone=gone)
    return _("The ref was off the pitch in turn {turn}.").format(turn=turn)


def _check_turn(sheet: RefereeMatch, turn: int, turns: int) -> None:
    if not isinstance(turn, int) or not 1 <= turn <= turns:
        raise RuleViolation(_("A match has turns 1 to {turns}.").format(turns=turns))
    if turn not in _available(sheet, turns):
        raise RuleViolation(_why_not_tickable(sheet, turn))


def _check_sent_off(value: list[Any], turns: int) -> list[dict[str, Any]]:
    out = []
    for entry in value:
        player = kept(entry.get("player", ""), _("The name of a player sent off"), NAME_LENGTH)
        turn = entry.get("turn")
        if not player:
            raise RuleViolation(_("Name the player who was sent off."))
        if turn is not None and (not isinstance(turn, int) or not 1 <= turn <= turns):
            raise RuleViolation(_("A send-off happens in turn 1 to {turns}.").format(turns=turns))
        out.append({"turn": turn, "player": player})
    return out


def _check_calls(value: list[Any], turns: int) -> list[dict[str, Any]]:
    """The ref's calls as the pad made them: each names its player (kept to the name limit) and its turn."""
    out = []
    for entry in value:
        player = kept(entry.get("player", ""), _("The name of a player the ref called"), NAME_LENGTH)
        turn = entry.get("turn")
        if turn is not None and (not isinstance(turn, int) or not 1 <= turn <= turns):
            raise RuleViolation(_("A call is made in turn 1 to {turns}.").format(turns=turns))
        out.append({"turn": turn, "call": str(entry.get("call", "")), "player": player,
                    "player_id": entry.get("player_id"), "why": kept(str(entry.get("why", "")), _("Why the ref called it"), TEXT_LENGTH),
                    "by": entry.get("by")})  # fmt: skip
    return out


def record_sheet(
    db: LeagueDB,
    *,
    sheet_id: int,
    turn: int | None = None,
    in_range: bool | None = None,
    action: Any = UNSET,
    riot: bool | None = None,
    turns_played: int | None = None,
    casualties: int | None = None,
    sent_off: list[dict[str, Any]] | None = None,
    state: str | None = None,
    out_turn: Any = UNSET,
) -> Change:
    """Write part of a match sheet as the match goes: a tick (`turn`, `in_range`), an action (`turn`, `action`),
    the Riot and turns played, casualties, sent-off players, the ref's state and the turn he left the pitch."""
    ruleset = db.ruleset
    turns = rr.match_turns(ruleset)
    with db.write() as tx:
        sheet, ref = _open_sheet(tx.session, sheet_id)
        what: list[str] = []
        if riot is not None or turns_played is not None:
            what.append(_set_riot(sheet, turns, riot, turns_played))
        if state is not None or out_turn is not UNSET:
            what.append(_set_state(sheet, turns, state, out_turn))
        if casualties is not None:
            if not isinstance(casualties, int) or isinstance(casualties, bool) or casualties < 0:
                raise RuleViolation(_("Casualties are a whole number of 0 or more."))
            sheet.casualties = casualties
            what.append(count(casualties, "casualty"))
        if sent_off is not None:
            sheet.sent_off = _check_sent_off(sent_off, turns)
            what.append(_("{n} sent off").format(n=len(sheet.sent_off)))
        _normalise(sheet, turns)
        if in_range is not None or action is not UNSET:
            what.append(_set_turn(sheet, turns, turn, in_range, action))
        tx.session.add(sheet)
        _match_riot(tx.session, sheet)
        tx.label = _("match sheet of {name}: {value}").format(name=ref.name, value=", ".join(what) or "no change")
        tx.result = sheet.id
    return tx.change


def _match_riot(session: Session, sheet: RefereeMatch) -> None:
    """A reported match says what its ref's sheet says about a Riot."""
    match = session.get(Match, sheet.match_id) if sheet.match_id is not None else None
    if match is not None and match.status != "scheduled" and match.riot != sheet.riot:
        match.riot = sheet.riot
        session.add(match)


def _set_riot(sheet: RefereeMatch, turns: int, riot: bool | None, turns_played: int | None) -> str:
    if riot is not None:
        sheet.riot = bool(riot)
    if not sheet.riot:
        if turns_played not in (None, turns):
            raise RuleViolation(
                _("Only a Riot ends a match before turn {turns}; tick the Riot first.").format(turns=turns)
            )
        sheet.turns_played = turns
        return "no Riot"
    if turns_played is not None:
        if not isinstance(turns_played, int) or not 1 <= turns_played <= turns:
            raise RuleViolation(_("The turns played are from 1 to {turns}.").format(turns=turns))
        sheet.turns_played = turns_played
    return _("Riot after {turns}").format(turns=count(sheet.turns_played, "turn"))


def _set_state(sheet: RefereeMatch, turns: int, state: str | None, out_turn: Any) -> str:
    if state is not None:
        if state not in rr.STATES:
            raise RuleViolation(
                _("'{state}' is not a state ({items}).").format(state=state, items=", ".join(rr.STATES))
            )
        sheet.state = state
    if out_turn is not UNSET:
        if out_turn is not None and (not isinstance(out_turn, int) or not 1 <= out_turn <= turns):
            raise RuleViolation(_("The ref leaves the pitch in turn 1 to {turns}.").format(turns=turns))
        sheet.out_turn = out_turn
    if sheet.state not in rr.ON_PITCH_STATES and sheet.out_turn is None:
        raise RuleViolation(
            _("In which turn was the ref {state}? Give the turn he left the pitch.").format(
                state=rr.shown_state(sheet.state)
            )
        )
    if sheet.out_turn is None:
        return rr.shown_state(sheet.state)
    return _("{state} in turn {turn}").format(state=rr.shown_state(sheet.state), turn=sheet.out_turn)


def _set_turn(sheet: RefereeMatch, turns: int, turn: int | None, in_range: bool | None, action: Any) -> str:
    if turn is None:
        raise RuleViolation(_("Say which turn."))
    _check_turn(sheet, turn, turns)
    parts = []
    if in_range is not None:
        ticks = list(sheet.in_range)
        ticks[turn - 1] = bool(in_range)
        sheet.in_range = ticks
        parts.append(_("in range") if in_range else _("out of range"))
    if action is not UNSET:
        if action is not None and action not in rr.ALL_ACTIONS:
            raise RuleViolation(
                _("'{action}' is not a referee's action ({items}).").format(
                    action=action, items=", ".join(rr.ALL_ACTIONS)
                )
            )
        actions = list(sheet.actions)
        actions[turn - 1] = action
        sheet.actions = actions
        parts.append(rr.shown_state(action) if action else _("no action"))
    return _("turn {turn} {what}").format(turn=turn, what=_(" and ").join(parts))


def get_the_ref(db: LeagueDB, *, sheet_id: int, turn: int = 1, roll: Roll | None = None) -> Change:
    """A Get the Ref kick-off result: the ref is out for the match unless Escapist saves him (D6 4+, recorded)."""
    ruleset = db.ruleset
    turns = rr.match_turns(ruleset)
    with db.write() as tx:
        sheet, ref = _open_sheet(tx.session, sheet_id)
        if sheet.get_the_ref is not None:
            raise RuleViolation(
                _("Get the Ref was already recorded in turn {get_the_ref}.").format(get_the_ref=sheet.get_the_ref)
            )
        if not isinstance(turn, int) or not 1 <= turn <= turns:
            raise RuleViolation(_("A kick-off comes before turn 1 to {turns}.").format(turns=turns))
        escaped = False
        if "Escapist" in ref.skills:
            dice_roll = accept(roll, "D6")
            _store_roll(
                tx.session, _("Get the Ref: Escapist"), dice_roll, referee_id=ref.id, match_id=sheet.match_id
            )
            escaped = rr.escapes_get_the_ref(dice_roll, ref.skills, ruleset)
        elif roll is not None:
            raise RuleViolation(
                _("{name} has no Escapist: there is nothing to roll, he is out.").format(name=ref.name)
            )
        sheet.get_the_ref = turn
        sheet.escaped = escaped
        _normalise(sheet, turns)
        tx.session.add(sheet)
        if escaped:
            tx.label = _("Get the Ref before turn {turn}: {name} escapes (Escapist)").format(
                turn=turn, name=ref.name
            )
        else:
            tx.label = _("Get the Ref before turn {turn}: {name} is out for the match").format(
                turn=turn, name=ref.name
            )
        tx.result = escaped
    return tx.change


def finish_match(db: LeagueDB, *, sheet_id: int) -> Change:
    """The end of the match for the ref: the verdict (sacked / award / kept), his SPP and his status, all
    written together. The Change's result is the Verdict."""
    with db.write() as tx:
        sheet, ref = _open_sheet(tx.session, sheet_id)
        verdict = finish_sheet(tx.session, db.ruleset, sheet, ref)
        tx.label = _("end of match for {name}: {result}").format(name=ref.name, result=verdict.result) + (
            _(", +{spp} SPP").format(spp=verdict.spp) if verdict.spp else ""
        )
        tx.result = verdict
    return tx.change


def finish_sheet(session: Session, ruleset: Ruleset, sheet: RefereeMatch, ref: Referee) -> rr.Verdict:
    """The end of the match inside a transaction (finish_match's, the match pad's full time): the verdict
    written on the sheet and counted once on the ref's card."""
    turns = rr.match_turns(ruleset)
    _counts_once(session, sheet, ref)
    _normalise(sheet, turns)
    verdict = rr.verdict_for_sheet(
        list(sheet.in_range), riot=sheet.riot, turns_played=sheet.turns_played, casualties=sheet.casualties,
        is_star=ref.is_star, state=sheet.state, out_turn=sheet.out_turn, got_the_ref=_got_the_ref(sheet),
        ruleset=ruleset,
    )  # fmt: skip
    sheet.result = verdict.result
    sheet.spp_gained = verdict.spp
    sheet.finished = True
    if verdict.refereed:
        ref.matches += 1
    ref.awards += int(verdict.award)
    ref.casualties += sheet.casualties
    ref.spp += verdict.spp
    ref.status = rr.status_after_match(ref.status, verdict, sheet.state)
    session.add_all([sheet, ref])
    return verdict


def write_sheet(session: Session, ruleset: Ruleset, sheet: RefereeMatch, fields: dict[str, Any]) -> None:
    """Put a whole match sheet's entries at once (the match pad's full time), checked as record_sheet checks."""
    turns = rr.match_turns(ruleset)
    if sheet.finished:
        raise RuleViolation(
            _("The ref's match sheet is already finished; undo the end of the match to correct it.")
        )
    _set_riot(sheet, turns, fields["riot"], fields["turns_played"] if fields["riot"] else None)
    sheet.get_the_ref, sheet.escaped = fields["get_the_ref"], bool(fields["escaped"])
    _set_state(sheet, turns, fields["state"], fields["out_turn"])
    sheet.casualties = fields["casualties"]
    sheet.sent_off = _check_sent_off(fields["sent_off"], turns)
    sheet.in_range = [None if t is None else bool(t) for t in fields["in_range"]]
    sheet.actions = list(fields["actions"])
    sheet.calls = _check_calls(fields.get("calls", []), turns)
    _normalise(sheet, turns)
    session.add(sheet)


def _counts_once(session: Session, sheet: RefereeMatch, ref: Referee) -> None:
    """A sheet is finished (counted on the card) only as the one sheet of its game."""
    if sheet.match_id is None:
        raise RuleViolation(_("{owner} match sheet belongs to no fixture (an older Dugout made it): link it to its game first " "(Link to Fixture… on the sheet), or discard it.").format(owner=possessive(ref.name), name=ref.name))  # fmt: skip
    others = session.scalars(
        select(RefereeMatch).where(RefereeMatch.match_id == sheet.match_id, RefereeMatch.id != sheet.id)
    ).all()  # only an older file holds two sheets of a game: the first one, or a finished one, is its sheet
    first = next((o for o in others if o.finished), None) or next((o for o in others if o.id < sheet.id), None)
    if first is not None:
        match = session.get(Match, sheet.match_id)
        raise RuleViolation(
            _("{sheet_taken} Discard this second sheet (Check League can).").format(
                sheet_taken=_sheet_taken(session, match, first)
            )
        )


def discard_sheet(db: LeagueDB, *, sheet_id: int) -> Change:
    """Throw away an unfinished match sheet (the ref was chosen by mistake); rolls already made stay recorded."""
    with db.write() as tx:
        session = tx.session
        sheet, ref = _open_sheet(session, sheet_id)
        match = session.get(Match, sheet.match_id) if sheet.match_id is not None else None
        if match is not None and match.referee_id == ref.id:
            match.referee_id = None
            session.add(match)
        session.delete(sheet)
        tx.label = _("match sheet of {name} discarded").format(name=ref.name)
        tx.result = sheet_id
    return tx.change


# -- advancement ---------------------------------------------------------------------------------------
def pending_advance(session: Session, referee_id: int) -> DiceRoll | None:
    """The Star Player roll made for this ref but not yet used."""
    return session.scalars(
        select(DiceRoll).where(DiceRoll.referee_id == referee_id, DiceRoll.purpose == ADVANCE_PENDING)
    ).first()


def roll_advance(db: LeagueDB, *, referee_id: int, roll: Roll | None = None) -> Change:
    """A Star Player roll for a custom ref who reached a new SPP level (rolled by Dugout or typed in)."""
    ruleset = db.ruleset
    dice = ruleset.table("star_player_table")["dice"]
    with db.write() as tx:
        session = tx.session
        ref = get_referee(session, referee_id)
        if ref.is_star:
            raise RuleViolation(
                _("{name} is a Star Ref: he is as good as he is going to get.").format(name=ref.name)
            )
        if pending_advance(session, ref.id) is not None:
            raise RuleViolation(
                _("{name} has a Star Player roll waiting; take its advance first.").format(name=ref.name)
            )
        if star_player_rolls(ref.spp, ruleset) <= ref.rolls_taken:
            raise RuleViolation(
                _("{name} has no Star Player roll due ({spp} SPP).").format(name=ref.name, spp=ref.spp)
            )
        dice_roll = accept(roll, dice)
        row = _store_roll(session, ADVANCE_PENDING, dice_roll, referee_id=ref.id)
        session.flush()
        result = rr.star_player_result(dice_roll, ruleset)
        tx.label = _("Star Player roll of {name}: {total} ({get})").format(
            name=ref.name,
            total=dice_roll.total,
            get=term("table", result["text"]) if result.get("text") else result["result"],
        )
        tx.result = row.id
    return tx.change


def take_advance(db: LeagueDB, *, referee_id: int, skill: str | None = None, stat: str | None = None) -> Change:
    """Use the waiting Star Player roll: a skill from the referee list, or the characteristic it gives."""
    if (skill is None) == (stat is None):
        raise RuleViolation(_("Choose either a skill or a characteristic increase."))
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        ref = get_referee(session, referee_id)
        row = pending_advance(session, ref.id)
        if row is None:
            raise RuleViolation(_("{name} has no Star Player roll waiting; roll first.").format(name=ref.name))
        dice_roll = Roll(row.dice, tuple(row.faces), row.modifier, row.typed)
        options = rr.advance_options(dice_roll, race=ref.race, skills=ref.skills,
                                     stats={s: getattr(ref, s) for s in STATS}, ruleset=ruleset)  # fmt: skip
        if stat is not None:
            if stat not in (options.stats or (options.stat,)):
                raise RuleViolation(
                    _("A roll of {total} does not give +1 {get}.").format(
                        total=dice_roll.total, get=rr.STAT_LABELS.get(stat, stat)
                    )
                )
            setattr(ref, stat, getattr(ref, stat) + 1)
            what = f"+1 {rr.STAT_LABELS[stat]}"
        else:
            if not options.skill_allowed:
                raise RuleViolation(
                    _("A roll of {total} gives a characteristic, not a skill.").format(total=dice_roll.total)
                )
            rr.check_referee_skill(ref.race, ref.skills, skill, ruleset, double=options.double)
            ref.skills = [*ref.skills, skill]
            what = skill
        ref.rolls_taken += 1
        row.purpose = f"{ADVANCE_TAKEN}: {what}"
        session.add_all([ref, row])
        tx.label = _("advance of {name}: {what}").format(name=ref.name, what=what)
        tx.result = ref.id
    return tx.change


# -- the rolls of the ref's turn ------------------------------------------------------------------------
def roll_send_off(
    db: LeagueDB,
    *,
    referee_id: int,
    player: str = "",
    sheet_id: int | None = None,
    turn: int | None = None,
    roll: Roll | None = None,
) -> Change:
    """The ref tries to send off a player (D6 4+, Loves/Hates Dirty Tricks adjust it); a player sent off is
    added to the match sheet when one is given. The result is the RollOutcome."""
    ruleset = db.ruleset
    turns = rr.match_turns(ruleset)
    with db.write() as tx:
        session = tx.session
        ref = get_referee(session, referee_id)
        sheet = _sheet_of(session, ref, sheet_id)
        dice_roll = accept(roll, "D6", modifier=rr.penalty_modifier(ref.skills, ruleset))
        outcome = rr.send_off(dice_roll, ruleset)
        who = kept(player, _("The name of a player sent off"), NAME_LENGTH)
        _store_roll(session, f"send-off{': ' + who if who else ''}", dice_roll, referee_id=ref.id,
                    match_id=sheet.match_id if sheet else None)  # fmt: skip
        if sheet is not None and outcome.success and who:
            sheet.sent_off = _check_sent_off([*sheet.sent_off, {"turn": turn, "player": who}], turns)
            session.add(sheet)
        tx.label = _("send-off roll by {name}{value}: {total}").format(
            name=ref.name, value=" for " + who if who else "", total=dice_roll.total
        )
        tx.result = outcome
    return tx.change


def roll_penalty(
    db: LeagueDB, *, referee_id: int, item: str, sheet_id: int | None = None, roll: Roll | None = None
) -> Change:
    """The penalty roll of the ref's Whistle (10+) or Chainsaw (8+), with the Dirty Tricks modifier."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        ref = get_referee(session, referee_id)
        if item not in ref.equipment:
            raise RuleViolation(_("{name} does not carry a {item}.").format(name=ref.name, item=item))
        sheet = _sheet_of(session, ref, sheet_id)
        dice_roll = accept(roll, "2D6", modifier=rr.penalty_modifier(ref.skills, ruleset))
        outcome = rr.penalty(item, dice_roll, ruleset)
        _store_roll(session, f"{item} penalty", dice_roll, referee_id=ref.id,
                    match_id=sheet.match_id if sheet else None)  # fmt: skip
        tx.label = _("{item} penalty roll by {name}: {total}").format(
            item=item, name=ref.name, total=dice_roll.total
        )
        tx.result = outcome
    return tx.change


def _sheet_of(session: Session, ref: Referee, sheet_id: int | None) -> RefereeMatch | None:
    if sheet_id is None:
        return None
    sheet = get_sheet(session, sheet_id)
    if sheet.referee_id != ref.id:
        raise RuleViolation(
            _("That match sheet is not {owner}.").format(owner=possessive(ref.name), name=ref.name)
        )
    return sheet
