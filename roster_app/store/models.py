"""The league file's tables (SQLModel). Money is integer gold pieces; lists are JSON columns.

Services in roster_app/services/ are the only code that writes these rows. The schema is portable
(SQLite and PostgreSQL): no SQLite-only types, no triggers. Changes go through Alembic revisions in
roster_app/migrations/versions/.
"""

# no `from __future__ import annotations`: SQLModel and pydantic would turn each string annotation back into a
# type (typing.ForwardRef compiles and evaluates every one, ~300 at import; issue 40)

from datetime import UTC, datetime
from typing import Any

from pydantic import ConfigDict
from sqlalchemy import JSON, Column, Integer, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from roster_app.store.statuses import PlayerStatus  # noqa: F401 - kept here for the code that imports it from models


def utcnow() -> datetime:
    return datetime.now(UTC)


def _json_list() -> Any:
    return Field(default_factory=list, sa_column=Column(JSON, nullable=False))


def _version_column() -> Column:
    """A row version the ORM checks and bumps on every UPDATE/DELETE (SQLAlchemy's version_id_col), so an
    edit based on a row someone else changed meanwhile fails instead of overwriting it (shared leagues)."""
    return Column("version", Integer, nullable=False, server_default=text("1"))


class _Table(SQLModel):
    """Every table's base. A table model never validates on init (SQLModel constructs it), so pydantic's
    validator and serializer for each are built only if something validates or dumps one (defer_build):
    ~9 ms less to import this module, on the path to an open league (issue 24)."""

    model_config = ConfigDict(defer_build=True)


_TEAM_VERSION = _version_column()
_PLAYER_VERSION = _version_column()


class League(_Table, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str
    ruleset_name: str
    ruleset_key: str
    current_season: int = 1
    created_at: datetime = Field(default_factory=utcnow)
    notes: str = ""


class RulesetTable(_Table, table=True):
    """One table of the league's own ruleset (house rules travel with the file)."""

    __tablename__ = "ruleset_table"
    key: str = Field(primary_key=True)
    data: Any = Field(sa_column=Column(JSON, nullable=False))
    is_default: bool = True
    updated_at: datetime = Field(default_factory=utcnow)


class Season(_Table, table=True):
    number: int = Field(primary_key=True)
    started_at: datetime = Field(default_factory=utcnow)
    ended_at: datetime | None = None


class Team(_Table, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    race: str
    coach: str = ""
    treasury: int = 0  # always equals the sum of the team's ledger rows
    fan_factor: int = 0
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    reserves_approved: bool = False
    created_at: datetime = Field(default_factory=utcnow)
    version: int = Field(default=1, sa_column=_TEAM_VERSION)

    __mapper_args__ = {"version_id_col": _TEAM_VERSION}


class Player(_Table, table=True):
    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    number: int
    name: str
    race: str  # the team list the position comes from (differs from the team's race for an ally)
    position: str
    ma: int
    st: int
    ag: int
    av: int
    skills: list[str] = _json_list()  # skills gained; the position's starting skills are not repeated
    injuries: list[str] = _json_list()
    spp: int = 0
    rolls_taken: int = 0  # star player rolls already taken
    value: int = 0
    cost: int = 0  # the position's cost when he joined: the floor of a transfer price
    status: str = PlayerStatus.ACTIVE
    origin: str = "hired"  # hired / drafted / reserve / transfer / demo / import
    joined_season: int = 1
    created_at: datetime = Field(default_factory=utcnow)
    version: int = Field(default=1, sa_column=_PLAYER_VERSION)

    __mapper_args__ = {"version_id_col": _PLAYER_VERSION}


class LedgerEntry(_Table, table=True):
    """Every movement of a team's gold. Corrections are new entries that reverse old ones, never edits."""

    __tablename__ = "ledger_entry"
    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    amount: int
    kind: str  # opening, hire, staff, reroll, contract, transfer, winnings, upkeep, reserve, refund, reversal ...
    reason: str  # in English; `words` keeps its sentence and parts for the reader's language (roster_app/phrases)
    words: str | None = None
    season: int = 1
    created_at: datetime = Field(default_factory=utcnow)
    player_id: int | None = Field(default=None, foreign_key="player.id")
    match_id: int | None = Field(default=None, foreign_key="match.id")
    contract_id: int | None = Field(default=None, foreign_key="contract.id")
    transfer_id: int | None = Field(default=None, foreign_key="transfer.id")
    reverses_id: int | None = Field(default=None, foreign_key="ledger_entry.id")


class Contract(_Table, table=True):
    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    signed_season: int
    seasons: int  # length, 1-5
    served: int = 0  # tally: seasons passed
    rolls_at_signing: int
    cost: int
    status: str = "running"  # running / expired / reversed
    renewal: bool = False
    transfer_id: int | None = Field(default=None, foreign_key="transfer.id")
    created_at: datetime = Field(default_factory=utcnow)


class Match(_Table, table=True):
    id: int | None = Field(default=None, primary_key=True)
    season: int = Field(index=True)
    round: int
    # indexed: a team's games (its timeline, its page, the pad's fixtures) are read by side
    home_team_id: int = Field(foreign_key="team.id", index=True)
    away_team_id: int = Field(foreign_key="team.id", index=True)
    status: str = "scheduled"  # scheduled / played / completed (post-match sequence done)
    stage: str = "league"  # league / semi-final / final / friendly
    home_score: int = 0
    away_score: int = 0
    home_casualties: int = 0
    away_casualties: int = 0
    gate: int = 0
    riot: bool = False
    referee_id: int | None = Field(default=None, foreign_key="referee.id")
    played_at: datetime | None = None
    post_match: Any = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))  # wizard progress
    # the pre-match sequence: handicaps due and rolled, finished (services/prematch.py)
    pre_match: Any = Field(default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}"))
    # the competition the fixture belongs to (None: a friendly, or a game typed before competitions)
    competition_id: int | None = Field(default=None, foreign_key="competition.id", index=True)
    # how a level knock-out game was decided: {"overtime": bool, "roll_off": [home face, away face]}
    decided: Any = Field(default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}"))


class Competition(_Table, table=True):
    """A competition of a season: its league fixtures, or an open tournament (a knock-out cup, playoffs, Swiss
    rounds) played in the season's order beside them (services/competitions.py)."""

    id: int | None = Field(default=None, primary_key=True)
    season: int = Field(index=True)
    name: str
    format: str  # league / knockout / playoffs / swiss (rules/competitions.py FORMATS)
    position: int = 1  # its place in the season's order
    status: str = "open"  # open / drawn / finished / abandoned
    seeding: str = ""  # how the entrants were placed: draw / dice / table / rating / hand
    third_place: bool = False
    rounds: int = 0  # Swiss: the rounds to play; playoffs: how many of the league table go through
    first_round: int = 0  # the season round its first round is played in (0: after the last round in use)
    shuffle: bool = False  # a round robin's fixtures shuffled
    winner_team_id: int | None = Field(default=None, foreign_key="team.id")
    reason: str = ""  # why it was abandoned
    created_at: datetime = Field(default_factory=utcnow)


class CompetitionEntry(_Table, table=True):
    """A team entered in a competition, with its seed (1 = top) once drawn or seeded."""

    __tablename__ = "competition_entry"
    __table_args__ = (UniqueConstraint("competition_id", "team_id"),)
    id: int | None = Field(default=None, primary_key=True)
    competition_id: int = Field(foreign_key="competition.id", index=True)
    team_id: int = Field(foreign_key="team.id")
    seed: int | None = None
    out: str = ""  # why the team left the competition early ("withdrew: retired in round 2")


class CompetitionTie(_Table, table=True):
    """One place of a tournament's bracket or Swiss round: two teams (or one, a bye), their game, its winner.

    In a knock-out, tie (round r, position p) sends its winner to (r + 1, p // 2), home when p is even; the
    third-place game is the last round's position 1, fed by the semi-finals' losers."""

    __tablename__ = "competition_tie"
    __table_args__ = (UniqueConstraint("competition_id", "round", "position"),)
    id: int | None = Field(default=None, primary_key=True)
    competition_id: int = Field(foreign_key="competition.id", index=True)
    round: int  # the competition's own round, 1 = its first
    position: int  # 0, 1, 2 ... within the round
    home_team_id: int | None = Field(default=None, foreign_key="team.id")
    away_team_id: int | None = Field(default=None, foreign_key="team.id")
    match_id: int | None = Field(default=None, foreign_key="match.id")
    winner_team_id: int | None = Field(default=None, foreign_key="team.id")
    bye: bool = False  # one team, no game: it goes through
    note: str = ""  # said in words: a bye, a walkover after a team retired


class MatchPlayer(_Table, table=True):
    """One player's line in a match report."""

    __tablename__ = "match_player"
    __table_args__ = (UniqueConstraint("match_id", "player_id"),)
    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", index=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    team_id: int = Field(foreign_key="team.id")
    touchdowns: int = 0
    completions: int = 0
    interceptions: int = 0
    casualties: int = 0
    mvp: bool = False
    spp: int = 0
    injury: str = ""


class DiceRoll(_Table, table=True):
    """A roll as it happened, with what it was for."""

    __tablename__ = "dice_roll"
    id: int | None = Field(default=None, primary_key=True)
    purpose: str
    dice: str
    faces: list[int] = _json_list()
    modifier: int = 0
    total: int = 0
    typed: bool = False
    created_at: datetime = Field(default_factory=utcnow)
    team_id: int | None = Field(default=None, foreign_key="team.id")
    player_id: int | None = Field(default=None, foreign_key="player.id")
    match_id: int | None = Field(default=None, foreign_key="match.id")
    referee_id: int | None = Field(default=None, foreign_key="referee.id")
    transfer_id: int | None = Field(default=None, foreign_key="transfer.id")


class Referee(_Table, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str
    race: str
    is_star: bool = False
    is_sample: bool = False
    ma: int
    st: int
    ag: int
    av: int
    skills: list[str] = _json_list()
    equipment: list[str] = _json_list()
    spp: int = 0
    rolls_taken: int = 0
    matches: int = 0
    awards: int = 0
    casualties: int = 0
    status: str = "available"  # available / injured / sacked / dead
    description: str = ""
    created_at: datetime = Field(default_factory=utcnow)


class RefereeMatch(_Table, table=True):
    """The referee's match sheet: turns within range, actions, casualties, send-offs, state, result."""

    __tablename__ = "referee_match"
    id: int | None = Field(default=None, primary_key=True)
    referee_id: int = Field(foreign_key="referee.id", index=True)
    # indexed: a game's sheet is read by its match (a player's career joins his games to their sheets)
    match_id: int | None = Field(default=None, foreign_key="match.id", index=True)
    in_range: list[Any] = _json_list()  # one entry per turn: true / false / null (not played)
    actions: list[Any] = _json_list()
    riot: bool = False
    turns_played: int = 16
    casualties: int = 0
    sent_off: list[Any] = _json_list()
    state: str = "standing"
    out_for_match: bool = False
    out_turn: int | None = None  # the turn he was taken off the pitch (before his own turn); None: never
    get_the_ref: int | None = None  # the turn of a Get the Ref kick-off result; None: none
    escaped: bool = False  # Escapist saved him from Get the Ref
    result: str = ""  # sacked / award / kept
    spp_gained: int = 0
    finished: bool = False
    created_at: datetime = Field(default_factory=utcnow)
    # The ref's calls (the match pad's): {"turn", "call" (sent off, warning, foul spotted/missed...), "player",
    # "player_id", "why", "by"}; a player's career reads his warnings and send-offs from here.
    calls: list[Any] = Field(default_factory=list, sa_column=Column(JSON, nullable=False, server_default="[]"))


class ReserveSide(_Table, table=True):
    """A team's reserve side and its Reserve Coach (one at a time)."""

    __tablename__ = "reserve_side"
    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", unique=True)
    coach_type: str | None = None  # None: no Reserve Coach now
    coach_bonus: int = 0
    promising: int = 0  # pending Promising bonuses on the next Player Table roll
    carried: int = 0  # +2 carried from an unaffordable Player Table roll
    hired_at: datetime | None = None


class ReserveEvent(_Table, table=True):
    """History of reserve affairs: upkeep, rolls, new players, drafts, the coach leaving."""

    __tablename__ = "reserve_event"
    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    kind: str
    detail: str
    created_at: datetime = Field(default_factory=utcnow)
    dice_roll_id: int | None = Field(default=None, foreign_key="dice_roll.id")
    player_id: int | None = Field(default=None, foreign_key="player.id")
    match_id: int | None = Field(default=None, foreign_key="match.id")


class Transfer(_Table, table=True):
    """An approach for a player and how it ended; completed ones can be reversed, never deleted."""

    id: int | None = Field(default=None, primary_key=True)
    season: int
    player_id: int = Field(foreign_key="player.id", index=True)
    seller_team_id: int = Field(foreign_key="team.id")
    buyer_team_id: int = Field(foreign_key="team.id")
    status: str = "approached"
    # approached / refused by coach / refused by player / pulled out / completed / reversed
    under_contract: bool = False
    reaction_total: int | None = None
    price: int | None = None
    contract_seasons: int = 0
    ally: bool = False
    notes: str = ""
    created_at: datetime = Field(default_factory=utcnow)
    completed_at: datetime | None = None


class Correction(_Table, table=True):
    """A commissioner's correction outside the league's clock: what it changed, from what to what, who and why.

    Gold corrections move gold through the ledger (`ledger_entry_id`); the others change the row they name."""

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = Field(default_factory=utcnow)
    season: int = 1
    made_by: str  # the commissioner's name
    reason: str
    kind: str  # gold / spp / fan_factor / contract / roll
    team_id: int | None = Field(default=None, foreign_key="team.id", index=True)
    player_id: int | None = Field(default=None, foreign_key="player.id")
    contract_id: int | None = Field(default=None, foreign_key="contract.id")
    dice_roll_id: int | None = Field(default=None, foreign_key="dice_roll.id")
    referee_id: int | None = Field(default=None, foreign_key="referee.id")
    ledger_entry_id: int | None = Field(default=None, foreign_key="ledger_entry.id")
    before: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    after: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class LiveMatch(_Table, table=True):
    """The match pad's record of a fixture being played at the table (one per fixture); its events are the game."""

    __tablename__ = "live_match"
    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", unique=True)
    holder: str = ""  # the pad that has it open ("host pid token"); "" while no pad has it open
    finished: bool = False  # full time written: the match report and the ref's sheet
    created_at: datetime = Field(default_factory=utcnow)


class LiveEvent(_Table, table=True):
    """One event of a live match, saved as it is made (one transaction, one undo step)."""

    __tablename__ = "live_event"
    id: int | None = Field(default=None, primary_key=True)
    live_id: int = Field(foreign_key="live_match.id", index=True)
    turn: int
    kind: str  # see roster_app.rules.matchpad.KINDS
    team_id: int | None = Field(default=None, foreign_key="team.id")
    player_id: int | None = Field(default=None, foreign_key="player.id")
    victim_id: int | None = Field(default=None, foreign_key="player.id")
    dice_roll_id: int | None = Field(default=None, foreign_key="dice_roll.id")
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)
