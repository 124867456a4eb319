"""The post-match sequence: each step for both teams, or the whole sequence in one transaction.

Every service works out the plan (`roster_app.services.postmatch.plan`) inside its own transaction and writes
exactly what the plan says: winnings to the ledger, SPP and star player advances with their dice, the fan
factor with its dice, purchases, and the new team rating. Steps go in the league's edition's order (its
post_match table; the seed's purchases section closes it in every edition) and never twice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.phrases import Count, Gold, Number, Term, phrase
from roster_app.phrases import ledger as sentences
from roster_app.queries.fetch import get_match, get_team
from roster_app.queries.postmatch import done_steps, match_title
from roster_app.rules import postmatch as pm
from roster_app.rules.dice import Roll, roll
from roster_app.rules.freebooters import GATE_SHARE_KIND, gate_share_phrase
from roster_app.rules.postmatch import BEFORE_TRANSFERS, STEPS
from roster_app.rules.roster import gp
from roster_app.rules.ruleset import Ruleset
from roster_app.services import contracts, reserves
from roster_app.services.common import position_label, post
from roster_app.services.players import new_player
from roster_app.services.postmatch.plan import (
    DiceEntry,
    PostMatchDraft,
    ReserveDraft,
    ReservePlayerEntry,
    StarRollEntry,
    TeamPlan,
    plan_in_session,
    saved_draft,
    sequence_players,
)
from roster_app.services.teams import COUNTERS
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import DiceRoll, Match, Player


def _check_playable(match: Match) -> None:
    if match.status == "scheduled":
        raise RuleViolation(_("This match has not been reported yet: record the match report first."))
    if match.status == "completed":
        raise RuleViolation(_("The post-match sequence of this match is already finished."))


def _check_order(ruleset: Ruleset, match: Match, team_id: int, steps: Sequence[str]) -> None:
    titles = pm.step_titles(ruleset)
    pending = [s for s in pm.sequence(ruleset) if s not in done_steps(match, team_id)]
    if list(steps) != pending[: len(steps)]:
        wanted = next((s for s in steps if s in pending), None)
        if wanted is None:
            raise RuleViolation(_("{step} of this match was already done.").format(step=_(titles[steps[0]])))
        raise RuleViolation(_("{step} comes first; the sequence goes in the order of the league's rules.")
                            .format(step=_(titles[pending[0]])))  # fmt: skip


def _pay_winnings(session: Session, ruleset: Ruleset, match: Match, plan: TeamPlan) -> dict:
    w = plan.winnings
    team = get_team(session, plan.team_id)
    played = phrase(
        sentences.PLAYED[plan.result],
        opponent=plan.opponent,
        score_for=plan.score_for,
        score_against=plan.score_against,
    )
    if w.faces:
        session.add(_dice_row("Winnings", w.dice, w.faces, w.typed, team_id=team.id, match_id=match.id))
    if w.amount:
        reason = (
            phrase(sentences.WINNINGS_FAME, played=played, fame=w.fame)
            if w.dice
            else phrase(sentences.WINNINGS_GATE, played=played, gate=Number(w.gate))
        )
        post(session, team, w.amount, kind="winnings", reason=reason, match_id=match.id)
    if w.expenses:
        post(
            session,
            team,
            -w.expenses,
            kind="expenses",
            reason=phrase(sentences.SPIRALLING_EXPENSES, played=played),
            match_id=match.id,
        )
    if w.gate_share:
        post(session, team, -w.gate_share, kind=GATE_SHARE_KIND, match_id=match.id,
             reason=gate_share_phrase(ruleset, w.stars, played))  # fmt: skip
    if w.dice:
        text = w.how
        if w.expenses:
            text = _("{how}; spiralling expenses {gold}").format(how=text, gold=gp(w.expenses))
    else:
        text = _("{gold}: {rate} per 1,000 spectators x {gate} (rating for winnings {rating})").format(
            gold=gp(w.amount), rate=gp(w.rate), gate=w.gate // 1000, rating=w.rating
        )
    if w.gate_share:
        text = _("{text}; {gold} to {stars} (the stars' share of the gate)").format(
            text=text, gold=gp(w.gate_share), stars=", ".join(w.stars)
        )
    return {
        "winnings": text,
        "winnings_gold": w.amount,
        "expenses_gold": w.expenses,
        "gate_share_gold": w.gate_share,
    }


def _dice_row(purpose: str, dice: str, faces: Sequence[int], typed: bool, **links: int | None) -> DiceRoll:
    return DiceRoll(purpose=purpose, dice=dice, faces=list(faces), total=sum(faces), typed=typed, **links)


def _award_spp(session: Session, ruleset: Ruleset, match: Match, plan: TeamPlan) -> dict:
    dice = ruleset.table("star_player_table")["dice"]
    lines, advances = [], {}
    for pp in plan.players:
        player = session.get(Player, pp.player_id)  # kept by run_post_match_steps: no query
        player.spp = pp.spp_after
        for r in pp.rolls:
            session.add(_dice_row(_("Star player roll of {name}").format(name=player.name), dice, r.faces, r.typed,
                                  team_id=plan.team_id, player_id=player.id, match_id=match.id))  # fmt: skip
            advance = r.chosen
            if advance.kind == "skill":
                player.skills = [*player.skills, advance.skill]
            else:
                setattr(player, advance.kind, getattr(player, advance.kind) + 1)
            player.value = player.value + advance.value_added
            player.rolls_taken = player.rolls_taken + 1
        session.add(player)
        if pp.match_spp or pp.rolls:
            gained = f": {', '.join(pp.gained)}" if pp.gained else ""
            lines.append(f"{pp.name} +{pp.match_spp} SPP ({pp.spp_after}){gained}")
        if pp.gained:
            advances[str(pp.player_id)] = list(pp.gained)
    # the advances by player, for the careers (queries/history.py); the text above is for reading
    return {"spp": "; ".join(lines) or _("no SPP this match"), "advances": advances}


def _roll_fan_factor(session: Session, match: Match, plan: TeamPlan) -> dict:
    f = plan.fan_factor
    team = get_team(session, plan.team_id)
    session.add(_dice_row(_("Fan factor"), f.dice, f.faces, f.typed, team_id=team.id, match_id=match.id))
    team.fan_factor = f.after
    session.add(team)
    return {"fan_factor": f"{f.dice} = {f.total}: {f.before} to {f.after}", "fan_factor_before": f.before,
            "fan_factor_after": f.after}  # fmt: skip


def _settle_affairs(session: Session, ruleset: Ruleset, match: Match, plan: TeamPlan) -> dict:
    """Step 4.1 with the reserves and contracts services' helpers, in the order the plan worked it out."""
    a = plan.affairs
    links = {"team_id": plan.team_id, "match_id": match.id}
    r = a.reserves
    if r is not None and not r.done:
        if not r.pay:
            reserves.coach_left(session, ruleset, **links)
        else:
            if not r.resumed:  # a round begun on the Reserves tab wrote its upkeep and first rolls there
                reserves.upkeep_paid(session, ruleset, **links)
            for index, shown in enumerate(r.table[r.written_table :], start=r.written_table):
                helper = reserves.table_rerolled if index else reserves.table_rolled
                helper(session, ruleset, roll=_as_roll(r.table_dice, shown), **links)
            if r.no_roll:
                reserves.table_skipped(session, ruleset, **links)
            if r.player_roll is not None and not r.written_player:
                reserves.player_table_rolled(
                    session, ruleset, roll=_as_roll(r.player_dice, r.player_roll), **links
                )
            if r.player is not None:
                reserves.reserve_player_added(
                    session, ruleset, position=r.player.position, name=r.player.name, number=r.player.number,
                    retire_player_id=r.player.retire_player_id, **links,
                )  # fmt: skip
            elif r.let_go:
                reserves.reserve_player_lost(session, ruleset, **links)
    for line in a.signed:
        player = session.get(Player, line.player_id)
        if line.renewal:
            contracts.renew(session, ruleset, player, line.seasons, match_id=match.id)
        else:
            contracts.sign(session, ruleset, player, line.seasons, match_id=match.id)
    if a.coach_hire:  # seed 001: as soon as the team has the money (after a coach left, or without one)
        reserves.coach_hired(session, ruleset, team_id=plan.team_id, coach_type=a.coach_hire, match_id=match.id)
    said = "; ".join(f"{what} ({gp(-gold)})" if gold else what for what, gold in a.lines)
    return {"affairs": said or _("nothing to do")}


def _as_roll(dice: str, shown: Any) -> Roll:
    """A planned roll for the reserves services (they add the table's modifier themselves)."""
    return Roll(dice, shown.faces, 0, shown.typed)


def _make_purchases(session: Session, ruleset: Ruleset, match: Match, plan: TeamPlan) -> dict:
    p = plan.purchases
    team = get_team(session, plan.team_id)
    for hire in p.hires:
        player = new_player(session, ruleset, team, position=hire.position, name=hire.name, number=hire.number)
        label = position_label(team.race, hire.position)
        post(session, team, -player.cost, kind="hire", reason=phrase(sentences.HIRED, name=player.name, label=Term("position", label)),
             player_id=player.id, match_id=match.id)  # fmt: skip
    for counter, count, price in p.buy:
        label = COUNTERS[counter][0]
        post(session, team, -count * price, kind="reroll" if counter == "rerolls" else "staff",
             reason=phrase(sentences.BOUGHT_AT, what=Count(count, label), price=Gold(price)), match_id=match.id)  # fmt: skip
        new = getattr(team, counter) + count
        setattr(team, counter, bool(new) if counter == "apothecary" else new)
    session.add(team)
    bought = [f"{what} ({gp(cost)}, before Finish)" for what, cost in p.written]
    bought += [f"{what} ({gp(cost)})" for what, cost in p.lines]
    return {"purchases": "; ".join(bought) or "nothing bought", "purchases_gold": p.total}


def _apply(session: Session, ruleset: Ruleset, match: Match, plan: TeamPlan, step: str) -> dict:
    if step == "winnings":
        return _pay_winnings(session, ruleset, match, plan)
    if step == "spp":
        return _award_spp(session, ruleset, match, plan)
    if step == "fan_factor":
        return _roll_fan_factor(session, match, plan)
    if step == "affairs":
        return _settle_affairs(session, ruleset, match, plan)
    if step == "purchases":
        return _make_purchases(session, ruleset, match, plan)
    return {"rating": f"{plan.rating_before} to {plan.rating_after}", "rating_after": plan.rating_after}


def _pending(ruleset: Ruleset, match: Match) -> list[str]:
    return [s for s in pm.sequence(ruleset) if any(s not in done_steps(match, t) for t in _teams(match))]


def run_post_match_steps(
    db: LeagueDB, *, match_id: int, steps: Sequence[str] | None, draft: PostMatchDraft | None = None
) -> Change:
    """Apply `steps` of the sequence (the next ones in order; None: every step still to do) for both teams,
    in one transaction."""
    ruleset = db.ruleset
    titles = pm.step_titles(ruleset)
    if steps is not None:
        steps = [s for s in pm.sequence(ruleset) if s in steps]
        if not steps:
            raise RuleViolation(_("Choose at least one step of the post-match sequence."))
    with db.write() as tx:
        session = tx.session
        match = get_match(session, match_id)
        _check_playable(match)
        steps = steps if steps is not None else _pending(ruleset, match)
        draft = draft if draft is not None else saved_draft(match)
        # The teams and their players are kept while the plan is made and the steps run, so that each step finds
        # them in the session without a query (and without flushing what the steps before it changed).
        teams = (get_team(session, match.home_team_id), get_team(session, match.away_team_id))
        kept = sequence_players(session, match, [team.id for team in teams])
        plan = plan_in_session(session, ruleset, match, draft, kept)
        for team in plan.teams:
            _check_order(ruleset, match, team.team_id, steps)
        problems = [p for step in steps for p in plan.problems_in(step)]
        if problems:
            raise RuleViolation(
                _("The post-match sequence cannot go on yet:\n{problems}").format(problems="\n".join(problems[:8]))
            )
        state = dict(match.post_match or {})
        done = {k: list(v) for k, v in state.get("done", {}).items()}
        results = {k: dict(v) for k, v in state.get("results", {}).items()}
        for team in plan.teams:
            key = str(team.team_id)
            recorded = results.setdefault(key, {"rating_before": team.rating_before})
            for step in steps:
                recorded.update(_apply(session, ruleset, match, team, step))
                done.setdefault(key, []).append(step)
        finished = all(set(STEPS) <= set(done.get(str(t.team_id), [])) for t in plan.teams)
        state.update(done=done, results=results)
        if finished:
            state.pop("draft", None)
            match.status = "completed"
        else:
            state["draft"] = draft.to_json()
        match.post_match = state
        session.add(match)
        what = _("post-match sequence") if finished and len(steps) > 1 else ", ".join(_(titles[s]) for s in steps)
        if len(steps) > 1 and steps[-1] == "affairs":
            what = _("post-match steps {number} to 4.1 (before transfers)").format(
                number=titles[steps[0]].split()[0].rstrip(".")
            )
        tx.label = _("{what} of {match_title}").format(what=what, match_title=match_title(session, match))
        tx.result = match.id
    return tx.change


def finish_post_match(db: LeagueDB, *, match_id: int, draft: PostMatchDraft) -> Change:
    """Every step still to do, for both teams, in one transaction (the wizard's Finish)."""
    return run_post_match_steps(db, match_id=match_id, steps=None, draft=draft)


def pay_winnings(db: LeagueDB, *, match_id: int) -> Change:
    """Step 1: both teams' winnings to their treasuries (ledger rows linked to the match)."""
    return run_post_match_steps(db, match_id=match_id, steps=["winnings"])


def award_spp(db: LeagueDB, *, match_id: int, draft: PostMatchDraft) -> Change:
    """Step 2: the match's SPP and every star player roll due (the draft holds the dice and choices)."""
    return run_post_match_steps(db, match_id=match_id, steps=["spp"], draft=draft)


def roll_fan_factor(db: LeagueDB, *, match_id: int, draft: PostMatchDraft) -> Change:
    """Step 3: both fan factor rolls (in the draft)."""
    return run_post_match_steps(db, match_id=match_id, steps=["fan_factor"], draft=draft)


def settle_affairs(db: LeagueDB, *, match_id: int, draft: PostMatchDraft) -> Change:
    """Step 4.1: both teams' reserve affairs and contracts (the draft holds the choices and dice)."""
    return run_post_match_steps(db, match_id=match_id, steps=["affairs"], draft=draft)


def write_before_transfers(db: LeagueDB, *, match_id: int, draft: PostMatchDraft) -> Change:
    """Steps 1 to 4.1 still to do, in one transaction, so that transfers (4.2) come after them.

    Transfers are their own transactions (the transfer wizard); they must see the winnings paid, the SPP and
    fan factors written and the contracts signed. Finish then writes 4.3 and 5 from the league as it is.
    """
    with db.read() as session:
        match = get_match(session, match_id)
        _check_playable(match)
        pending = [s for s in BEFORE_TRANSFERS if any(s not in done_steps(match, t) for t in _teams(match))]
    if not pending:
        raise RuleViolation(_("Steps 1 to 4.1 of this post-match sequence are already written."))
    return run_post_match_steps(db, match_id=match_id, steps=pending, draft=draft)


def _teams(match: Match) -> tuple[int, int]:
    return match.home_team_id, match.away_team_id


def make_purchases(db: LeagueDB, *, match_id: int, draft: PostMatchDraft) -> Change:
    """Step 4.3: the new players and staff in the draft."""
    return run_post_match_steps(db, match_id=match_id, steps=["purchases"], draft=draft)


def record_new_ratings(db: LeagueDB, *, match_id: int) -> Change:
    """Step 5: the new team ratings; the sequence is finished."""
    return run_post_match_steps(db, match_id=match_id, steps=["rating"])


def save_post_match_progress(db: LeagueDB, *, match_id: int, draft: PostMatchDraft) -> Change:
    """Keep an unfinished sequence's draft (dice, choices, the page reached) in the match, to resume later."""
    with db.write() as tx:
        match = get_match(tx.session, match_id)
        _check_playable(match)
        state = dict(match.post_match or {})
        state["draft"] = draft.to_json()
        match.post_match = state
        tx.session.add(match)
        tx.label = _("post-match progress of {match_title}").format(match_title=match_title(tx.session, match))
        tx.result = match.id
    return tx.change


# -- rolling for the commissioner (the wizard's Roll buttons, the demo league) ----------------------------
def app_roll(dice: str, rng: random.Random | None = None) -> DiceEntry:
    """Dice rolled by Dugout, as a draft entry."""
    return DiceEntry(list(roll(dice, rng=rng).faces), typed=False)


def _preferred(options: Sequence[pm.Advance], rng: random.Random) -> pm.Advance:
    stats = [o for o in options if o.kind != "skill"]
    return stats[0] if stats else rng.choice([o for o in options if not o.double] or list(options))


def auto_draft(
    db: LeagueDB, *, match_id: int, rng: random.Random, draft: PostMatchDraft | None = None
) -> PostMatchDraft:
    """A complete draft: every missing roll made by the app and every advance chosen (characteristics first)."""
    from roster_app.services.postmatch.plan import plan_post_match

    draft = draft or PostMatchDraft()
    dice = db.ruleset.table("star_player_table")["dice"]
    for _unused in range(64):  # each pass settles at least one roll; a player has at most a few
        plan = plan_post_match(db, match_id, draft)
        pending = [(t, p, r) for t in plan.teams for p in t.players for r in p.rolls if r.chosen is None]
        if not pending:
            break
        team, player, r = pending[0]
        entries = draft.team(team.team_id).rolls.setdefault(player.player_id, [])
        if not r.rolled:
            entries.append(StarRollEntry(app_roll(dice, rng).faces))
            continue
        entries[r.number - 1].choice = _preferred(r.options, rng).key
    plan = plan_post_match(db, match_id, draft)
    for team in plan.teams:
        if team.winnings and team.winnings.dice and not team.winnings.faces:
            draft.team(team.team_id).winnings_roll = app_roll(team.winnings.dice, rng)
        if team.fan_factor and not team.fan_factor.faces:
            draft.team(team.team_id).fan_roll = app_roll(team.fan_factor.dice, rng)
    for _unused in range(6):  # upkeep, table, Player Table, the free player: one decision a pass
        plan = plan_post_match(db, match_id, draft)
        moves = [_next_reserve_move(t, draft.team(t.team_id).reserves, rng) for t in plan.teams]
        if not any(moves):
            break
    return draft


def _next_reserve_move(team: TeamPlan, entry: ReserveDraft, rng: random.Random) -> bool:
    """One decision of a team's reserve affairs, as a careful coach would make it (for the demo and tests)."""
    r = team.affairs.reserves if team.affairs else None
    if r is None or r.done:
        return False
    if r.pay is None:
        entry.pay = r.can_pay
    elif not r.pay or (r.no_roll and not r.table):
        return False
    elif not r.table:
        entry.table = [app_roll(r.table_dice, rng)]
    elif r.youngster_ready and r.player_roll is None:
        entry.player_roll = app_roll(r.player_dice, rng)
    elif r.offered and r.player is None and not r.let_go:
        if r.roster_full:
            entry.let_go = True
        else:
            best = max(r.offered, key=lambda o: o.cost)
            taken = {p.number for p in team.players if p.on_roster}
            number = next(n for n in range(1, 100) if n not in taken)
            entry.player = ReservePlayerEntry(
                best.name, _("{position} from the reserves").format(position=best.name), number
            )
    else:
        return False
    return True
