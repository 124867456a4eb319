"""Read side of the referees: cards, match sheets and waiting Star Player rolls as frozen rows for views."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlmodel import Session

from roster_app.i18n import _, term
from roster_app.queries.fetch import current_season
from roster_app.queries.postmatch import match_title
from roster_app.rules import referees as rr
from roster_app.rules.competitions import stage_words
from roster_app.rules.dice import Roll
from roster_app.rules.ruleset import STATS, Ruleset
from roster_app.rules.spp import level_name, rolls_due
from roster_app.store.db import LeagueDB
from roster_app.store.models import DiceRoll, Match, MatchPlayer, Player, Referee, RefereeMatch, Team
from roster_app.store.statuses import PlayerStatus
from roster_app.words import possessive

ADVANCE_PENDING = "referee star player roll (to take)"  # i18n: key; purpose of a Star Player roll not yet used


@dataclass(frozen=True)
class RefSkill:
    name: str
    effect: str


@dataclass(frozen=True)
class RefEquipment:
    name: str
    penalty: int
    effect: str


@dataclass(frozen=True)
class RefereeCard:
    id: int
    name: str
    race: str
    is_star: bool
    is_sample: bool
    ma: int
    st: int
    ag: int
    av: int
    skills: tuple[RefSkill, ...]
    equipment: tuple[RefEquipment, ...]
    range: int
    spp: int
    level: str
    rolls_taken: int
    rolls_due: int
    matches: int
    awards: int
    casualties: int
    status: str
    description: str
    open_sheet_id: int | None
    waiting_roll: int | None  # total of a Star Player roll made but not yet used
    problem: str | None  # why he cannot be chosen for a match, None when he can

    @property
    def skill_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.skills)

    @property
    def equipment_names(self) -> tuple[str, ...]:
        return tuple(e.name for e in self.equipment)

    @property
    def choosable(self) -> bool:
        return self.problem is None

    @property
    def kind(self) -> str:
        if self.is_star:
            return "Star Ref (sample)" if self.is_sample else "Star Ref"
        return _("League referee")


@dataclass(frozen=True)
class SheetView:
    id: int
    referee_id: int
    referee_name: str
    is_star: bool
    skills: tuple[str, ...]
    equipment: tuple[str, ...]
    range: int
    match_id: int | None
    fixture: str  # the game the sheet belongs to ("" for a sheet an older Dugout left without one)
    turns: int
    in_range: tuple[bool | None, ...]
    actions: tuple[str | None, ...]
    riot: bool
    turns_played: int
    casualties: int
    sent_off: tuple[tuple[int | None, str], ...]
    state: str
    out_turn: int | None
    get_the_ref: int | None
    escaped: bool
    available: tuple[int, ...]  # turns that can be ticked
    finished: bool
    verdict: rr.Verdict
    calls: tuple[dict, ...] = ()  # the ref's calls (the match pad's): send-offs, warnings, fouls spotted or missed

    @property
    def ticked(self) -> int:
        return sum(1 for t in self.available if self.in_range[t - 1])


def _effect(row: dict) -> str:
    """A piece of equipment's effect in the commissioner's language (a typed one stays as typed)."""
    return term("table", row["effect"]) if row.get("effect") else ""


def _equipment(names: list[str], ruleset: Ruleset) -> tuple[RefEquipment, ...]:
    rows = rr.equipment_rows(ruleset)
    return tuple(RefEquipment(n, rows[n]["penalty"] if n in rows else 0, _effect(rows.get(n, {})))
                 for n in names)  # fmt: skip


def _waiting(session: Session) -> dict[int, int]:
    query = select(DiceRoll.referee_id, DiceRoll.total).where(DiceRoll.purpose == ADVANCE_PENDING)
    return {ref_id: total for ref_id, total in session.execute(query)}


def _open_sheets(session: Session) -> dict[int, int]:
    query = select(RefereeMatch.referee_id, func.max(RefereeMatch.id)).where(RefereeMatch.finished == False)  # noqa: E712
    return {ref_id: sheet_id for ref_id, sheet_id in session.execute(query.group_by(RefereeMatch.referee_id))}


def _card(ref: Referee, ruleset: Ruleset, sheets: dict[int, int], waiting: dict[int, int]) -> RefereeCard:
    spp, taken = ref.spp, ref.rolls_taken
    return RefereeCard(
        id=ref.id, name=ref.name, race=ref.race, is_star=ref.is_star, is_sample=ref.is_sample,
        ma=ref.ma, st=ref.st, ag=ref.ag, av=ref.av,
        skills=tuple(RefSkill(s, rr.skill_effect(s, ruleset)) for s in ref.skills),
        equipment=_equipment(list(ref.equipment), ruleset), range=rr.ref_range(ref.skills, ruleset),
        spp=spp, level=_("Star Ref") if ref.is_star else level_name(spp, ruleset), rolls_taken=taken,
        rolls_due=0 if ref.is_star else rolls_due(spp, taken, ruleset), matches=ref.matches, awards=ref.awards,
        casualties=ref.casualties, status=ref.status, description=ref.description,
        open_sheet_id=sheets.get(ref.id), waiting_roll=waiting.get(ref.id),
        problem=rr.choice_problem(name=ref.name, status=ref.status, is_star=ref.is_star),
    )  # fmt: skip


def referee_cards(db: LeagueDB) -> list[RefereeCard]:
    """Every referee of the league: league refs first, then Star Refs, each by name."""
    ruleset = db.ruleset
    with db.read() as session:
        refs = session.scalars(select(Referee).order_by(Referee.is_star, func.lower(Referee.name))).all()
        sheets, waiting = _open_sheets(session), _waiting(session)
        return [_card(ref, ruleset, sheets, waiting) for ref in refs]


def referee_card(db: LeagueDB, referee_id: int) -> RefereeCard | None:
    return next((c for c in referee_cards(db) if c.id == referee_id), None)


def choosable_referees(db: LeagueDB) -> list[RefereeCard]:
    """The refs a commissioner may choose for a match (not sacked, not dead, not injured)."""
    return [card for card in referee_cards(db) if card.choosable]


def sheet_view(db: LeagueDB, sheet_id: int) -> SheetView | None:
    ruleset = db.ruleset
    turns = rr.match_turns(ruleset)
    with db.read() as session:
        sheet = session.get(RefereeMatch, sheet_id)
        if sheet is None:
            return None
        ref = session.get(Referee, sheet.referee_id)
        gone = None if sheet.escaped else sheet.get_the_ref
        played = sheet.turns_played if sheet.riot else turns
        available = rr.sheet_turns(turns=turns, turns_played=played, state=sheet.state, out_turn=sheet.out_turn,
                                   got_the_ref=gone)  # fmt: skip
        ticks = tuple((list(sheet.in_range) + [None] * turns)[:turns])
        verdict = rr.verdict_for_sheet(
            list(ticks), riot=sheet.riot, turns_played=played, casualties=sheet.casualties, is_star=ref.is_star,
            state=sheet.state, out_turn=sheet.out_turn, got_the_ref=gone, ruleset=ruleset,
        )  # fmt: skip
        return SheetView(
            id=sheet.id, referee_id=ref.id, referee_name=ref.name, is_star=ref.is_star, skills=tuple(ref.skills),
            equipment=tuple(ref.equipment), range=rr.ref_range(ref.skills, ruleset), match_id=sheet.match_id,
            fixture=_title_of(session, sheet.match_id), turns=turns, in_range=ticks, actions=tuple((list(sheet.actions) + [None] * turns)[:turns]),
            riot=sheet.riot, turns_played=played, casualties=sheet.casualties,
            sent_off=tuple((e.get("turn"), e.get("player", "")) for e in sheet.sent_off), state=sheet.state,
            out_turn=sheet.out_turn, get_the_ref=sheet.get_the_ref, escaped=sheet.escaped,
            available=tuple(available), finished=sheet.finished, verdict=verdict,
            calls=tuple(dict(c) for c in sheet.calls or ()),
        )  # fmt: skip


def sheet_of_match(db: LeagueDB, match_id: int) -> SheetView | None:
    """The match sheet of a match (one game has one sheet; in an older file, the latest), or None."""
    with db.read() as session:
        sheet_id = session.scalar(select(func.max(RefereeMatch.id)).where(RefereeMatch.match_id == match_id))
    return sheet_view(db, sheet_id) if sheet_id is not None else None


# -- the fixture a sheet belongs to -----------------------------------------------------------------------
def fixture_title(session: Session, match: Match) -> str:
    """A game as the commissioner names it: its result when played, else "round N: Home v Away"."""
    if match.status != "scheduled":
        return match_title(session, match)
    home, away = session.get(Team, match.home_team_id), session.get(Team, match.away_team_id)
    where = (
        _("round {number}").format(number=match.round)
        if match.stage == "league"
        else _("{stage}, round {number}").format(stage=stage_words(match.stage), number=match.round)
    )
    return _("{where}: {home} v {away}").format(where=where, home=home.name, away=away.name)


def _title_of(session: Session, match_id: int | None) -> str:
    match = session.get(Match, match_id) if match_id is not None else None
    return fixture_title(session, match) if match is not None else ""


def sheet_of(session: Session, match_id: int) -> RefereeMatch | None:
    """The match sheet that belongs to a game (inside a transaction), or None."""
    query = select(RefereeMatch).where(RefereeMatch.match_id == match_id).order_by(RefereeMatch.id)
    return session.scalars(query).first()


@dataclass(frozen=True)
class SheetFixture:
    id: int
    title: str
    status: str  # scheduled / played / completed


def fixtures_without_sheet(db: LeagueDB) -> list[SheetFixture]:
    """The current season's fixtures a match sheet may be opened for (none yet), by round."""
    with db.read() as session:
        taken = select(RefereeMatch.match_id).where(RefereeMatch.match_id.is_not(None))
        matches = session.scalars(
            select(Match)
            .where(Match.season == current_season(session), Match.id.not_in(taken))
            .order_by(Match.round, Match.id)
        ).all()
        return [SheetFixture(m.id, fixture_title(session, m), m.status) for m in matches]


def fixture_name(db: LeagueDB, match_id: int) -> str:
    """The game's title ("" if it no longer exists)."""
    with db.read() as session:
        return _title_of(session, match_id)


@dataclass(frozen=True)
class RefereeChoice:
    id: int
    label: str  # "Jorg Blackwhistle (Star Ref)", "Hans Pfeiffer (injured)"
    problem: str | None  # why he cannot referee this game now, None when he can


def referees_for_fixture(db: LeagueDB, match_id: int) -> list[RefereeChoice]:
    """The refs offered for a game: never a sacked or dead one; an injured or busy one with the reason."""
    cards = [c for c in referee_cards(db) if c.status not in rr.FINAL_STATUSES]
    with db.read() as session:
        busy = {}
        for card in cards:
            sheet = session.get(RefereeMatch, card.open_sheet_id) if card.open_sheet_id else None
            if sheet is not None and sheet.match_id != match_id:
                where = _title_of(session, sheet.match_id) or _("no fixture")
                busy[card.id] = _("{owner} match sheet of {where} is still open; finish it first.").format(
                    owner=possessive(card.name), name=card.name, where=where
                )
    choices = []
    for card in cards:
        notes = [n for n in (_("Star Ref") if card.is_star else "", _("injured") if card.status == "injured" else "",
                             _("busy") if card.id in busy else "") if n]  # fmt: skip
        label = f"{card.name} ({', '.join(notes)})" if notes else card.name
        choices.append(RefereeChoice(card.id, label, card.problem or busy.get(card.id)))
    return choices


def fixture_players(db: LeagueDB, match_id: int | None) -> list[str]:
    """The players of a game as the sheet names them ("#7 Grak (Orcland Raiders)"): those who played a
    reported game, else those who can take the pitch. Empty without a fixture."""
    if match_id is None:
        return []
    with db.read() as session:
        match = session.get(Match, match_id)
        if match is None:
            return []
        query = select(Player.number, Player.name, Team.name).join(Team, Team.id == Player.team_id)
        if match.status == "scheduled":
            query = query.where(Player.team_id.in_((match.home_team_id, match.away_team_id)),
                                Player.status == PlayerStatus.ACTIVE)  # fmt: skip
        else:
            query = query.join(MatchPlayer, MatchPlayer.player_id == Player.id).where(
                MatchPlayer.match_id == match_id
            )
        home_last = Player.team_id != match.home_team_id
        rows = session.execute(query.order_by(home_last, Player.number, Player.id)).all()
    return [f"#{number} {name} ({team})" for number, name, team in rows]


def waiting_advance(db: LeagueDB, referee_id: int) -> rr.AdvanceOptions | None:
    """What the ref's waiting Star Player roll lets him take (None when no roll is waiting)."""
    ruleset = db.ruleset
    with db.read() as session:
        ref = session.get(Referee, referee_id)
        row = session.scalars(
            select(DiceRoll).where(DiceRoll.referee_id == referee_id, DiceRoll.purpose == ADVANCE_PENDING)
        ).first()
        if ref is None or row is None:
            return None
        dice_roll = Roll(row.dice, tuple(row.faces), row.modifier, row.typed)
        return rr.advance_options(dice_roll, race=ref.race, skills=list(ref.skills),
                                  stats={s: getattr(ref, s) for s in STATS}, ruleset=ruleset)  # fmt: skip


@dataclass(frozen=True)
class RefRollRow:
    id: int
    purpose: str
    text: str
    created_at: object


def referee_rolls(db: LeagueDB, referee_id: int) -> list[RefRollRow]:
    """The ref's recorded rolls, newest first (send-offs, penalties, Escapist, Star Player rolls)."""
    with db.read() as session:
        rows = session.scalars(
            select(DiceRoll).where(DiceRoll.referee_id == referee_id).order_by(DiceRoll.id.desc())
        ).all()
        return [RefRollRow(r.id, r.purpose, Roll(r.dice, tuple(r.faces), r.modifier, r.typed).describe(),
                           r.created_at) for r in rows]  # fmt: skip
