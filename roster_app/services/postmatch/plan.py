"""The post-match sequence of one match, worked out before anything is written.

A `PostMatchDraft` holds what the commissioner decided so far (dice rolled or typed in, skills chosen,
purchases); it is plain data, saved as JSON in `match.post_match` so an unfinished wizard can be resumed.
`plan_post_match` turns the league as it is plus a draft into a `PostMatchPlan`: for both teams, every
step's outcome and every problem that still stops it. The wizard shows the plan page by page; the services
in `write.py` write exactly what the plan says, so what is shown is what is applied.

Steps (seed 001): 1 winnings, 2 SPP and star player rolls, 3 fan factor, 4 purchases (4.1 reserve affairs
and contracts, `affairs.py`; 4.2 transfers, each its own transaction through the transfer
wizard; 4.3 new players and staff), 5 new team rating. The draft's classes live in `draft.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from sqlalchemy import or_, select
from sqlmodel import Session

from roster_app import words
from roster_app.errors import DugoutError, RuleViolation
from roster_app.i18n import _, term
from roster_app.phrases import said
from roster_app.queries.fetch import get_match
from roster_app.queries.freebooters import stored as stored_freebooters
from roster_app.queries.postmatch import done_steps, match_title
from roster_app.queries.rosters import running_contracts
from roster_app.rules import economy, freebooters
from roster_app.rules import postmatch as pm
from roster_app.rules.allies import AllyPenalties, surcharge_text
from roster_app.rules.limits import PLAYER_NAME
from roster_app.rules.postmatch import BEFORE_TRANSFERS, STEPS
from roster_app.rules.roster import check_position_limit, check_roster_room, gp
from roster_app.rules.ruleset import Ruleset
from roster_app.rules.spp import rolls_due
from roster_app.services.common import position_label
from roster_app.services.postmatch.affairs import AffairsPlan, plan_affairs
from roster_app.services.postmatch.draft import (  # noqa: F401 - the draft's classes, for the plan's users
    DiceEntry,
    HireEntry,
    PostMatchDraft,
    ReserveDraft,
    ReservePlayerEntry,
    StarRollEntry,
    TeamDraft,
)
from roster_app.services.postmatch.state import PlayerState, TeamState
from roster_app.services.teams import COUNTERS, unit_price
from roster_app.store.db import LeagueDB
from roster_app.store.models import LedgerEntry, Match, MatchPlayer, Player, PlayerStatus, Team
from roster_app.words import number, tidy

BOUGHT = ("rerolls", "assistant_coaches", "cheerleaders", "apothecary")  # what step 4.3 may buy


# -- the plan: what each step will do ----------------------------------------------------------------
@dataclass(frozen=True)
class RollPlan:
    number: int  # 1-based among the player's rolls now due
    faces: tuple[int, ...] = ()
    typed: bool = False
    total: int | None = None
    result: str = ""  # the Star Player Table's text for the total
    options: tuple[pm.Advance, ...] = ()
    chosen: pm.Advance | None = None
    problem: str | None = None

    @property
    def rolled(self) -> bool:
        return bool(self.faces)

    @property
    def is_double(self) -> bool:
        return len(self.faces) == 2 and self.faces[0] == self.faces[1]


@dataclass(frozen=True)
class PlayerPlan:
    player_id: int
    number: int
    name: str
    position: str
    touchdowns: int
    completions: int
    interceptions: int
    casualties: int
    mvp: bool
    match_spp: int
    spp_before: int
    spp_after: int
    on_roster: bool
    rolls: tuple[RollPlan, ...] = ()

    @property
    def gained(self) -> list[str]:
        return [r.chosen.label for r in self.rolls if r.chosen]


@dataclass(frozen=True)
class WinningsPlan:
    rating: int  # the team rating for winnings (players under contract count half their value); a team value
    result: str  # economy: the value that pays spiralling expenses
    gate: int
    rate: int  # gold per 1,000 spectators (the Match Winnings Table); 0 when winnings come from dice
    amount: int
    treasury_before: int
    treasury_after: int
    expenses: int = 0  # spiralling expenses paid with the winnings
    how: str = ""  # the winnings worked out, in words
    dice: str = ""  # the winnings roll's dice, when winnings come from dice and FAME
    faces: tuple[int, ...] = ()
    typed: bool = False
    fame: int = 0
    problem: str | None = None
    stars: tuple[str, ...] = ()  # the Star Players the team hired for the game (issue 32)
    gate_share: int = 0  # their share of the gate (the seed's rule), taken from the winnings
    fans: str = ""  # FAME worked out from both teams' fans counted before the match ("" when FAME was typed)


@dataclass(frozen=True)
class FanFactorPlan:
    dice: str
    before: int
    faces: tuple[int, ...] = ()
    typed: bool = False
    total: int | None = None
    after: int | None = None
    problem: str | None = None


@dataclass(frozen=True)
class PurchasePlan:
    lines: tuple[tuple[str, int], ...]  # (what, gold)
    hires: tuple[HireEntry, ...]
    buy: tuple[tuple[str, int, int], ...]  # (counter, how many, unit price)
    cost: int
    treasury_before: int
    treasury_after: int
    prices: dict[str, int] = field(default_factory=dict)  # the unit price of each thing step 4.3 buys
    penalties: AllyPenalties = AllyPenalties(0, 0, 0)  # the allies' (their surcharge is in the re-roll price)
    # bought at step 4.3 before Finish (the Teams page's Hire while the sequence waited): already in the ledger
    written: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        """Everything step 4.3 buys for this match: what was written already and what Finish writes."""
        return self.cost + sum(gold for _what, gold in self.written)

    @property
    def all_lines(self) -> tuple[tuple[str, int], ...]:
        return self.written + self.lines


@dataclass(frozen=True)
class TeamPlan:
    team_id: int
    name: str
    race: str
    opponent: str
    score_for: int
    score_against: int
    result: str
    done: dict[str, str]  # step -> what it did, for steps already written
    winnings: WinningsPlan | None
    players: tuple[PlayerPlan, ...]
    fan_factor: FanFactorPlan | None
    affairs: AffairsPlan | None
    purchases: PurchasePlan | None
    rating_before: int
    rating_after: int
    treasury_after: int
    fan_factor_after: int
    problems: dict[str, tuple[str, ...]]
    penalties: AllyPenalties = AllyPenalties(0, 0, 0)  # the allies' on the roster as the sequence starts
    fan_factor_before: int | None = None  # before step 3's roll (as written, once it is)
    written_advances: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (player, advances) step 2 wrote

    def problems_in(self, step: str) -> tuple[str, ...]:
        return self.problems.get(step, ())

    @property
    def advances(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Each player's advances of this sequence: written by step 2, or planned in the draft."""
        if self.written_advances:
            return self.written_advances
        return tuple((p.name, tuple(p.gained)) for p in self.players if p.gained)


@dataclass(frozen=True)
class PostMatchPlan:
    match_id: int
    title: str
    stage: str
    gate: int
    status: str
    home: TeamPlan
    away: TeamPlan
    played_at: datetime | None = None
    order: tuple[str, ...] = STEPS  # the steps in the league's edition's order (rules.postmatch.sequence)
    titles: dict[str, str] = field(default_factory=dict)  # each step as the edition words it

    @property
    def teams(self) -> tuple[TeamPlan, TeamPlan]:
        return (self.home, self.away)

    def problems_in(self, step: str) -> list[str]:
        return [f"{t.name}: {p}" for t in self.teams for p in t.problems_in(step)]

    @property
    def problems(self) -> list[str]:
        return [p for step in self.order for p in self.problems_in(step)]

    def team(self, team_id: int) -> TeamPlan:
        return self.home if self.home.team_id == team_id else self.away

    @property
    def before_transfers_written(self) -> bool:
        """Steps 1 to 4.1 are in the league for both teams: transfers (4.2) may be made."""
        return all(set(BEFORE_TRANSFERS) <= set(t.done) for t in self.teams)


# -- working it out -----------------------------------------------------------------------------------


def sequence_players(session: Session, match: Match, team_ids: Sequence[int]) -> list[Player]:
    """The players the sequence is about: the teams' rosters and whoever played this match (not former players)."""
    in_match = select(MatchPlayer.player_id).where(MatchPlayer.match_id == match.id)
    return list(
        session.scalars(
            select(Player).where(
                Player.team_id.in_(team_ids),
                or_(Player.status.in_(PlayerStatus.ON_ROSTER), Player.id.in_(in_match)),
            )
        )
    )


def _state(ruleset: Ruleset, team: Team, rows: list[Player]) -> TeamState:
    """The team as the sequence starts (`rows`: sequence_players of the match, for one team or both)."""
    players = {
        p.id: PlayerState(
            p.id, p.number, p.name, p.race, p.position, {"ma": p.ma, "st": p.st, "ag": p.ag, "av": p.av},
            list(p.skills), p.spp, p.rolls_taken, p.value, p.status in PlayerStatus.ON_ROSTER,
        )
        for p in rows
        if p.team_id == team.id
    }  # fmt: skip
    counters = {c: int(getattr(team, c)) for c in BOUGHT}
    return TeamState(ruleset, team, team.treasury, team.fan_factor, counters, players)


def _plan_winnings(
    session: Session, ruleset: Ruleset, match: Match, state: TeamState, result: str, draft: TeamDraft
) -> WinningsPlan:
    """Step 1 as the league's economy has it: the Match Winnings Table by the gate, or the winnings roll and
    FAME; an edition's spiralling expenses are paid with the winnings (as OBBLM's upload takes them off)."""
    on_roster = [p.id for p in state.players.values() if p.on_roster]
    sheet = state.sheet(running_contracts(session, on_roster))
    before = state.treasury
    if economy.economy(ruleset).winnings == "gate_table":
        rating = economy.rating_for_winnings(sheet, ruleset)
        money = economy.match_money(sheet, result, gate=match.gate, ruleset=ruleset)
        rate = pm.winnings_rate(rating, result, ruleset)
        roll, fans_text = None, ""
    else:
        rating, rate, dice = economy.wage_value(sheet, ruleset), 0, economy.winnings_dice(ruleset)
        fans = (match.pre_match or {}).get("fans", {})
        counted = economy.fame_from_fans(fans, state.team.id, ruleset)  # both teams' fans at the gate
        fame = counted if counted is not None else (draft.fame or 0)  # else the FAME typed in
        fans_text = _fans_text(fans, state.team.id, counted) if counted is not None else ""
        entry = draft.winnings_roll
        if entry is None or not entry.faces:
            return WinningsPlan(rating, result, match.gate, 0, 0, before, before, dice=dice, fame=fame, fans=fans_text,
                                problem=_("the winnings roll is still to be made."))  # fmt: skip
        if not 0 <= fame <= economy.highest_fame(ruleset):
            return WinningsPlan(rating, result, match.gate, 0, 0, before, before, dice=dice, fame=fame, fans=fans_text,
                                problem=_("FAME is from 0 to {most}, not {fame}.").format(most=economy.highest_fame(ruleset), fame=fame))  # fmt: skip
        try:
            roll = entry.roll(dice)
        except DugoutError as exc:
            return WinningsPlan(rating, result, match.gate, 0, 0, before, before, dice=dice, faces=tuple(entry.faces),
                                typed=entry.typed, fame=fame, fans=fans_text, problem=str(exc))  # fmt: skip
        money = economy.match_money(sheet, result, winnings_total=roll.total, team_fame=fame, ruleset=ruleset)
    expenses = min(money.expenses, before + money.winnings)  # a team pays what it has, never below nothing
    stars = hired_stars(match, state.team.id)
    share = freebooters.gate_share(ruleset, money.winnings, len(stars))
    state.treasury += money.winnings - expenses - share
    return WinningsPlan(
        rating, result, match.gate, rate, money.winnings, before, state.treasury, expenses, money.how,
        roll.dice if roll else "", roll.faces if roll else (), roll.typed if roll else False,
        fame if roll else 0, None, stars, share, fans_text,
    )  # fmt: skip


def _fans_text(fans: dict, team_id: int, fame: int) -> str:
    """ "FAME 1: 9,000 fans v 7,000" (the fans counted before the match, the team's first)."""
    own = fans[str(team_id)]["spectators"]
    other = next(v["spectators"] for k, v in fans.items() if k != str(team_id))
    return _("FAME {fame}: {own} fans v {other}").format(fame=fame, own=number(own), other=number(other))


def hired_stars(match: Match, team_id: int) -> tuple[str, ...]:
    """The Star Players the team hired for this game (Hire Freebooters, kept in match.pre_match)."""
    lines = stored_freebooters(match).get(str(team_id), {}).get("lines", ())
    return tuple(line["name"] for line in lines if line["kind"] == freebooters.STAR_KIND)


def _row_text(row: dict) -> str:
    """A Star Player Table row as the wizard shows it: its text in the commissioner's language, else its result."""
    return term("table", row["text"]) if row.get("text") else row["result"]


def _plan_roll(ruleset: Ruleset, player: PlayerState, number: int, entry: StarRollEntry | None) -> RollPlan:
    if entry is None or not entry.faces:
        return RollPlan(
            number,
            problem=_("{name}: star player roll {number} is still to be made.").format(
                name=player.name, number=number
            ),
        )
    try:
        roll = entry.roll(ruleset.table("star_player_table")["dice"])
        position = ruleset.position(player.race, player.position)
    except DugoutError as exc:
        return RollPlan(number, tuple(entry.faces), entry.typed, problem=f"{player.name}: {exc}")
    row = pm.star_player_row(roll.total, ruleset)
    options = pm.advance_options(position, skills=player.skills, stats=player.stats, roll=roll, ruleset=ruleset)
    base = RollPlan(number, roll.faces, roll.typed, roll.total, _row_text(row), tuple(options))
    try:
        chosen = pm.choose_advance(options, entry.choice, player.name)
    except RuleViolation as exc:
        return replace(base, problem=str(exc))
    if chosen.kind == "skill":
        player.skills = [*player.skills, chosen.skill]
    else:
        player.stats[chosen.kind] += 1
    player.value += chosen.value_added
    player.rolls_taken += 1
    return replace(base, chosen=chosen)


def _plan_players(
    session: Session, ruleset: Ruleset, match: Match, state: TeamState, draft: TeamDraft, spp_done: bool
) -> tuple[PlayerPlan, ...]:
    lines = {
        mp.player_id: mp
        for mp in session.scalars(
            select(MatchPlayer).where(MatchPlayer.match_id == match.id, MatchPlayer.team_id == state.team.id)
        )
    }
    out = []
    for player in sorted(state.players.values(), key=lambda p: p.number):
        line = lines.get(player.id)
        if line is None and not player.on_roster:
            continue
        gained = 0 if line is None or spp_done else line.spp
        before = player.spp
        player.spp += gained
        rolls = []
        if player.on_roster and not spp_done:
            entries = draft.rolls.get(player.id, [])
            for index in range(rolls_due(player.spp, player.rolls_taken, ruleset)):
                entry = entries[index] if index < len(entries) else None
                rolls.append(_plan_roll(ruleset, player, index + 1, entry))
                if rolls[-1].chosen is None:
                    break  # later rolls wait for this one (its choice changes what they may give)
        out.append(PlayerPlan(
            player.id, player.number, player.name, player.position,
            line.touchdowns if line else 0, line.completions if line else 0, line.interceptions if line else 0,
            line.casualties if line else 0, bool(line and line.mvp), line.spp if line else 0,
            before, player.spp, player.on_roster, tuple(rolls),
        ))  # fmt: skip
    return tuple(out)


def _plan_fan_factor(ruleset: Ruleset, state: TeamState, result: str, entry: DiceEntry | None) -> FanFactorPlan:
    dice = pm.fan_factor_dice(result, ruleset)
    # The roll is against the team's own fan factor, the one it changes: against the one lowered by its allies
    # a team would gain fans more easily for fielding players its fans dislike.
    before = state.fan_factor
    if entry is None or not entry.faces:
        return FanFactorPlan(dice, before, problem=_("the fan factor roll is still to be made."))
    try:
        roll = entry.roll(dice)
    except DugoutError as exc:
        return FanFactorPlan(dice, before, tuple(entry.faces), entry.typed, problem=str(exc))
    state.fan_factor = pm.fan_factor_after(before, result, roll.total, ruleset)
    return FanFactorPlan(dice, before, roll.faces, roll.typed, roll.total, state.fan_factor)


def _hire_problem(ruleset: Ruleset, state: TeamState, hire: HireEntry) -> str | None:
    try:
        position = ruleset.position(state.team.race, hire.position)
        on_roster = state.on_roster()
        check_roster_room(len(on_roster), ruleset)
        check_position_limit(
            position, sum(p.position == hire.position and p.race == position.race for p in on_roster)
        )
    except DugoutError as exc:
        return str(exc)
    if not tidy(hire.name):
        return _("a new player needs a name.")
    if len(tidy(hire.name)) > PLAYER_NAME:
        return _("a player's name can be at most {player_name} characters long.").format(player_name=PLAYER_NAME)
    if not 1 <= hire.number <= 99 or hire.number in {p.number for p in on_roster}:
        return _("number {number} is already taken (or not from 1 to 99).").format(number=hire.number)
    return None


def _plan_purchases(
    session: Session, ruleset: Ruleset, state: TeamState, draft: TeamDraft, problems: list[str], match_id: int
) -> PurchasePlan:
    before = state.treasury
    lines: list[tuple[str, int]] = []
    for hire in draft.hires:
        problem = _hire_problem(ruleset, state, hire)
        if problem:
            problems.append(_("{name}: {problem}").format(name=hire.name or _("the new player"), problem=problem))
            continue
        position = ruleset.position(state.team.race, hire.position)
        state.add_player(hire.position, hire.name, hire.number)
        state.treasury -= position.cost
        hired = _("Hire {name}, {position}").format(
            name=hire.name, position=position_label(state.team.race, hire.position)
        )
        lines.append((hired, position.cost))
    rules = ruleset.table("team_rules")
    penalties = state.ally_penalties()  # the roster after 4.1 and 4.2 (a hire in 4.3 is never an ally)
    prices = {c: unit_price(session, ruleset, state.team, c, penalties=penalties) for c in BOUGHT}
    buy = []
    for counter in BOUGHT:
        count = draft.buy.get(counter, 0)
        if count <= 0:
            continue
        limit = 1 if counter == "apothecary" else rules[COUNTERS[counter][2]]
        if counter == "rerolls":
            limit = min(limit, ruleset.race(state.team.race).max_rerolls)
        label = COUNTERS[counter][0]
        refusal = ruleset.race(state.team.race).apothecary_refusal if counter == "apothecary" else None
        if refusal:
            problems.append(refusal)
            continue
        if state.counters[counter] + count > limit:
            problems.append(_("a team may have at most {most}.").format(most=words.count(limit, label)))
            continue
        price = prices[counter]
        state.counters[counter] += count
        state.treasury -= count * price
        buy.append((counter, count, price))
        if counter == "rerolls" and penalties.reroll_surcharge:
            bought = _("{n} at {gold} (with {surcharge})")
        else:
            bought = _("{n} at {gold}")
        bought = bought.format(n=words.count(count, label), gold=gp(price), surcharge=surcharge_text(penalties))
        lines.append((bought, count * price))
    if state.treasury < 0:
        problems.append(_("the purchases cost {gold}, but the treasury holds {gold2}.").format(
            gold=gp(before - state.treasury), gold2=gp(before)))  # fmt: skip
    cost = before - state.treasury
    return PurchasePlan(
        tuple(lines), tuple(draft.hires), tuple(buy), cost, before, state.treasury, prices, penalties,
        written_purchases(session, match_id, state.team.id),
    )  # fmt: skip


PURCHASE_KINDS = ("hire", "staff", "reroll")  # the ledger's kinds of what step 4.3 buys


def written_purchases(session: Session, match_id: int, team_id: int) -> tuple[tuple[str, int], ...]:
    """What the team bought at step 4.3 of this match's sequence and is in the ledger already (reason, gold)."""
    rows = session.execute(
        select(LedgerEntry.reason, LedgerEntry.amount, LedgerEntry.words)
        .where(LedgerEntry.match_id == match_id, LedgerEntry.team_id == team_id,
               LedgerEntry.kind.in_(PURCHASE_KINDS), LedgerEntry.amount < 0)
        .order_by(LedgerEntry.id)
    ).all()  # fmt: skip
    return tuple((said(words, reason), -amount) for reason, amount, words in rows)


def _plan_team(
    session: Session,
    ruleset: Ruleset,
    match: Match,
    team: Team,
    opponent: Team,
    draft: PostMatchDraft,
    rows: list[Player],
) -> TeamPlan:
    home = team.id == match.home_team_id
    score_for, score_against = (
        (match.home_score, match.away_score) if home else (match.away_score, match.home_score)
    )
    result = pm.result_of(score_for, score_against)
    done = done_steps(match, team.id)
    recorded = (match.post_match or {}).get("results", {}).get(str(team.id), {})
    state = _state(ruleset, team, rows)
    penalties = state.ally_penalties()
    team_draft = draft.teams.get(team.id, TeamDraft())
    rating_before = recorded.get("rating_before", economy.team_worth(state.sheet(), ruleset))
    problems: dict[str, list[str]] = {step: [] for step in STEPS}

    winnings = fan = None
    players: tuple[PlayerPlan, ...] = ()
    # Steps 1 to 3 in the edition's order, each on the team as the steps before it left it (LRB 6's MVP and
    # improvement rolls come before its winnings: their spiralling expenses are on the value after the advances).
    for step in (s for s in pm.sequence(ruleset) if s in ("winnings", "spp", "fan_factor")):
        if step == "winnings":
            winnings = None if "winnings" in done else _plan_winnings(session, ruleset, match, state, result,
                                                                      team_draft)  # fmt: skip
            if winnings and winnings.problem:
                problems["winnings"].append(winnings.problem)
        elif step == "spp":
            players = _plan_players(session, ruleset, match, state, team_draft, "spp" in done)
            problems["spp"] = [r.problem for p in players for r in p.rolls if r.problem]
        else:
            fan = None if "fan_factor" in done else _plan_fan_factor(ruleset, state, result, team_draft.fan_roll)
            if fan and fan.problem:
                problems["fan_factor"].append(fan.problem)
    affairs = None
    if "affairs" not in done:
        affairs = plan_affairs(session, ruleset, match, state, team_draft, problems["affairs"])
    purchases = None
    if "purchases" not in done:
        purchases = _plan_purchases(session, ruleset, state, team_draft, problems["purchases"], match.id)
    fan_before = fan.before if fan is not None else recorded.get("fan_factor_before", state.fan_factor)
    return TeamPlan(
        team.id, team.name, team.race, opponent.name, score_for, score_against, result,
        {step: recorded.get(step, "") for step in done}, winnings, players, fan, affairs, purchases,
        rating_before, economy.team_worth(state.sheet(), ruleset), state.treasury, state.fan_factor,
        {step: tuple(found) for step, found in problems.items() if found}, penalties, fan_before,
        _written_advances(state, recorded) if "spp" in done else (),
    )  # fmt: skip


def _written_advances(state: TeamState, recorded: dict) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Step 2's advances as it wrote them ({player id: [labels]}), named as the players are now."""
    out = []
    for player_id, labels in recorded.get("advances", {}).items():
        player = state.players.get(int(player_id))
        if labels:
            out.append((player.name if player else f"player {player_id}", tuple(labels)))
    return tuple(out)


def plan_in_session(
    session: Session, ruleset: Ruleset, match: Match, draft: PostMatchDraft, players: list[Player] | None = None
) -> PostMatchPlan:
    """The plan of the match's sequence (`players`: sequence_players of the match, if the caller has them)."""
    home, away = session.get(Team, match.home_team_id), session.get(Team, match.away_team_id)
    rows = players if players is not None else sequence_players(session, match, [home.id, away.id])
    return PostMatchPlan(
        match.id, match_title(session, match), match.stage, match.gate, match.status,
        _plan_team(session, ruleset, match, home, away, draft, rows),
        _plan_team(session, ruleset, match, away, home, draft, rows),
        match.played_at, pm.sequence(ruleset), pm.step_titles(ruleset),
    )  # fmt: skip


def saved_draft(match: Match) -> PostMatchDraft:
    """The draft of an unfinished post-match sequence (empty if none was saved)."""
    return PostMatchDraft.from_json((match.post_match or {}).get("draft"))


def plan_post_match(db: LeagueDB, match_id: int, draft: PostMatchDraft | None = None) -> PostMatchPlan:
    """What the post-match sequence of a match will do with `draft` (the saved draft when None)."""
    with db.read() as session:
        match = get_match(session, match_id)
        return plan_in_session(session, db.ruleset, match, draft if draft is not None else saved_draft(match))


def load_draft(db: LeagueDB, match_id: int) -> PostMatchDraft:
    with db.read() as session:
        return saved_draft(get_match(session, match_id))


def purchase_prices(db: LeagueDB, team_id: int) -> dict[str, int]:
    """What one more of each thing step 4.3 buys costs this team now (re-rolls cost double after creation)."""
    ruleset = db.ruleset
    with db.read() as session:
        team = session.get(Team, team_id)
        return {counter: unit_price(session, ruleset, team, counter) for counter in BOUGHT}
