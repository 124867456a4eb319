"""Read side of the commissioner's corrections: a team's or the league's, newest first, each in words; and
what the correction dialog offers to correct (players, contracts, rolls) with their values now."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.orm import aliased

from roster_app.i18n import N_, _
from roster_app.rules.contracts import tally_marks
from roster_app.rules.roster import gp
from roster_app.store.db import LeagueDB
from roster_app.store.models import Contract, Correction, DiceRoll, Match, Player, Referee, Team
from roster_app.store.statuses import ContractStatus, PlayerStatus
from roster_app.words import count

KIND_LABELS = {"gold": N_("Gold"), "spp": N_("SPP"), "fan_factor": N_("Fan factor"), "contract": N_("Contract"),
               "roll": N_("Roll")}  # fmt: skip  # shown through _()
KIND_LABELS["import"] = N_("Import")  # a team brought from another tool (services/foreign_teams.py)
KIND_LABELS["competition"] = N_("Competition")  # a competition abandoned (services/competitions.py)


@dataclass(frozen=True)
class CorrectionRow:
    id: int
    created_at: datetime
    season: int
    made_by: str
    reason: str
    kind: str
    team_id: int | None
    team: str
    subject: str  # the player, the roll or the team the correction is about
    change: str  # before -> after, in words

    @property
    def kind_label(self) -> str:
        return _(KIND_LABELS[self.kind]) if self.kind in KIND_LABELS else self.kind


def _faces(faces: list[int]) -> str:
    return " + ".join(str(f) for f in faces) or "-"


def describe(kind: str, before: dict[str, Any], after: dict[str, Any]) -> str:
    """What a correction changed, e.g. 'treasury 120,000 gp to 100,000 gp (-20,000 gp)'."""
    if kind == "gold":
        moved = after["treasury"] - before["treasury"]
        return _("treasury {gold} to {gold2} ({value}{gold3})").format(
            gold=gp(before["treasury"]),
            gold2=gp(after["treasury"]),
            value="+" if moved > 0 else "",
            gold3=gp(moved),
        )
    if kind == "spp":
        text = _("{spp} SPP to {spp2} SPP").format(spp=before["spp"], spp2=after["spp"])
        if before.get("rolls_taken") != after.get("rolls_taken"):
            text += _(", star player rolls taken {get} to {get2}").format(
                get=before.get("rolls_taken"), get2=after.get("rolls_taken")
            )
        return text
    if kind == "fan_factor":
        return _("fan factor {fan_factor} to {fan_factor2}").format(
            fan_factor=before["fan_factor"], fan_factor2=after["fan_factor"]
        )
    if kind == "contract":
        if after.get("status") == ContractStatus.CANCELLED:
            return _("contract {tally_marks} cancelled").format(
                tally_marks=tally_marks(before["served"], before["seasons"])
            )
        return (_("contract {tally_marks} to {tally_marks2} ({status})").format(tally_marks=tally_marks(before['served'], before['seasons']), tally_marks2=tally_marks(after['served'], after['seasons']), status=after['status']))  # fmt: skip
    if kind == "roll":
        return _("faces {faces} = {total} to {faces2} = {total2}").format(
            faces=_faces(before["faces"]),
            total=before["total"],
            faces2=_faces(after["faces"]),
            total2=after["total"],
        )
    if kind == "competition":
        return _("{get}: {get2} to {get3}").format(
            get=before.get("competition", "a competition"), get2=before.get("status"), get3=after.get("status")
        )
    if kind == "import":  # services/foreign_teams.py: a team brought from another tool
        return _("{get} ({get2}) came from {get3} {get4} with {count} and {gold}").format(
            get=after.get("team", ""),
            get2=after.get("race", ""),
            get3=after.get("tool", ""),
            get4=after.get("file", ""),
            count=count(after.get("players", 0), "player"),
            gold=gp(after.get("treasury", 0)),
        )
    return _("{before} to {after}").format(before=before, after=after)


def corrections(db: LeagueDB, *, team_id: int | None = None) -> list[CorrectionRow]:
    """The corrections of a team (or of the whole league), newest first."""
    query = (
        select(Correction, Team.name, Player.name, DiceRoll.purpose, DiceRoll.dice)
        .outerjoin(Team, Team.id == Correction.team_id)
        .outerjoin(Player, Player.id == Correction.player_id)
        .outerjoin(DiceRoll, DiceRoll.id == Correction.dice_roll_id)
        .order_by(Correction.id.desc())
    )
    if team_id is not None:
        query = query.where(Correction.team_id == team_id)
    with db.read() as session:
        rows = session.execute(query).all()
    out = []
    for c, team, player, purpose, dice in rows:
        subject = player or (f"{purpose} ({dice})" if purpose else team or c.before.get("competition", ""))
        out.append(CorrectionRow(c.id, c.created_at, c.season, c.made_by, c.reason, c.kind, c.team_id,
                                 team or "", subject, describe(c.kind, c.before, c.after)))  # fmt: skip
    return out


# -- what the dialog offers ----------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerChoice:
    id: int
    number: int
    name: str
    spp: int
    rolls_taken: int
    version: int

    @property
    def label(self) -> str:
        return f"#{self.number} {self.name} ({self.spp} SPP)"


@dataclass(frozen=True)
class ContractChoice:
    id: int
    player: str
    seasons: int
    served: int
    status: str
    signed_season: int

    @property
    def label(self) -> str:
        return _("{player}: {marks}, {status} (signed in season {season})").format(
            player=self.player,
            marks=tally_marks(self.served, self.seasons),
            status=self.status,
            season=self.signed_season,
        )


@dataclass(frozen=True)
class RollChoice:
    id: int
    purpose: str
    dice: str
    faces: tuple[int, ...]
    modifier: int
    total: int
    created_at: datetime
    who: str  # the player or referee the roll was for, if any

    @property
    def label(self) -> str:
        mod = f" {'+' if self.modifier >= 0 else '-'} {abs(self.modifier)}" if self.modifier else ""
        who = f", {self.who}" if self.who else ""
        when = self.created_at.strftime("%Y-%m-%d") if self.created_at else ""
        return f"{when} {self.purpose}{who}: {self.dice} {_faces(list(self.faces))}{mod} = {self.total}"


def players(db: LeagueDB, team_id: int) -> list[PlayerChoice]:
    """The players on the team's roster, by number."""
    with db.read() as session:
        rows = session.execute(
            select(Player.id, Player.number, Player.name, Player.spp, Player.rolls_taken, Player.version)
            .where(Player.team_id == team_id, Player.status.in_(PlayerStatus.ON_ROSTER))
            .order_by(Player.number, Player.id)
        ).all()
    return [PlayerChoice(*row) for row in rows]


def contracts(db: LeagueDB, team_id: int) -> list[ContractChoice]:
    """The team's contracts a correction may change (running or expired), newest first."""
    with db.read() as session:
        rows = session.execute(
            select(Contract.id, Player.name, Contract.seasons, Contract.served, Contract.status, Contract.signed_season)
            .join(Player, Player.id == Contract.player_id)
            .where(Contract.team_id == team_id,
                   Contract.status.in_((ContractStatus.RUNNING, ContractStatus.EXPIRED)))
            .order_by(Contract.id.desc())
        ).all()  # fmt: skip
    return [ContractChoice(*row) for row in rows]


ROLL_LIMIT = 300  # a long season's rolls; older ones are rarely corrected


def rolls(db: LeagueDB, team_id: int) -> list[RollChoice]:
    """The team's rolls and those of its matches (referee rolls included), newest first."""
    ref = aliased(Referee)
    with db.read() as session:
        matches = select(Match.id).where(or_(Match.home_team_id == team_id, Match.away_team_id == team_id))
        rows = session.execute(
            select(DiceRoll, func.coalesce(Player.name, ref.name, ""))
            .outerjoin(Player, Player.id == DiceRoll.player_id)
            .outerjoin(ref, ref.id == DiceRoll.referee_id)
            .where(or_(DiceRoll.team_id == team_id, DiceRoll.match_id.in_(matches)))
            .order_by(DiceRoll.id.desc())
            .limit(ROLL_LIMIT)
        ).all()
    return [RollChoice(r.id, r.purpose, r.dice, tuple(r.faces), r.modifier, r.total, r.created_at, who)
            for r, who in rows]  # fmt: skip


def has_played(db: LeagueDB, team_id: int) -> bool:
    """Whether the team has played a match (its fan factor then changes only by the post-match roll or a
    correction)."""
    with db.read() as session:
        return bool(
            session.scalar(
                select(func.count()).where(
                    Match.status != "scheduled",
                    or_(Match.home_team_id == team_id, Match.away_team_id == team_id),
                )
            )
        )
