"""Check League's look at where a league's gold, contracts and names come from (issue 36): what no service writes.

- Every ledger row explains itself: winnings name the game they were won in (one the team played), a purchase
  (its kind names what was bought: players, staff, re-rolls, a Reserve Coach) takes gold out and a contract's
  names its contract, a transfer names its deal (whose rows
  add up to 0 gp: the buyer's gold goes to the seller), a correction has its correction record, a reversal the
  row it reverses, a team has one opening row. Such a row is history: it is reported with the correction path
  (a Commissioner's Correction takes gold back), never deleted. A gold correction written without its record
  (an older Check League's repair) gets its record.
- A running contract belongs to a living player still on the roster: a player who died or retired ends it.
- Every typed text is kept as it would be typed (roster_app.words.tidy, the lengths of roster_app.rules.limits):
  no right-to-left override, control character or run of spaces. A text that tidies into a name is repaired.

The JSON import runs these with the rest of Check League (exchange/league_json.py), so an import is a league the
services could have written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from sqlalchemy import and_, exists, func, or_, select
from sqlmodel import Session

from roster_app.i18n import N_, _
from roster_app.rules import freebooters
from roster_app.rules.limits import MOST_GOLD, MOST_SPP, REASON_LENGTH, TYPED_TEXTS
from roster_app.rules.roster import gp
from roster_app.safety.problems import Ctx, Problem
from roster_app.store.models import Contract, Correction, LedgerEntry, Match, Player, Team
from roster_app.store.statuses import ContractStatus, PlayerStatus
from roster_app.words import number, tidy

MATCH_KINDS = ("winnings", "gate")  # gold a game brought in
# gold a game took out: an LRB 5/6 team's spiralling expenses, freebooters hired for it, the stars' share of its gate
MATCH_COSTS = ("expenses", freebooters.LEDGER_KIND, freebooters.GATE_SHARE_KIND)
PURCHASES = ("hire", "contract", "staff", "reroll", "reserve", "upkeep")  # gold paid out, never in
# the rows whose kind says they came from one other row (a hire may pay for several players: its kind is its item)
LINKED = {"contract": "contract_id", "transfer": "transfer_id", "reversal": "reverses_id"}
LEDGER_KINDS = frozenset({"opening", "transfer", "correction", "reversal", *MATCH_KINDS, *MATCH_COSTS, *PURCHASES})
CORRECTION_PATH = N_(
    "If the gold is wrong, a Commissioner's Correction (Tools > Commissioner's Correction…) puts it right; "
    "the row stays in the ledger."
)
LINK_WORDS = {
    "contract_id": N_("it names no contract"),
    "transfer_id": N_("it names no transfer"),
    "reverses_id": N_("it names no row it reverses"),
}
LEDGER_COLUMNS = (LedgerEntry.id, LedgerEntry.team_id, LedgerEntry.kind, LedgerEntry.amount, LedgerEntry.match_id,
                  LedgerEntry.contract_id, LedgerEntry.transfer_id, LedgerEntry.reverses_id)  # fmt: skip


def _why(row: Any, teams_of_match: dict[int, tuple[int, int]], openings: Counter[int]) -> str | None:
    """Why a ledger row does not explain itself, or None."""
    kind, amount = row.kind, row.amount
    if kind not in LEDGER_KINDS:
        return _("its kind {shown} is not one Dugout writes, so nothing says where the gold came from").format(
            shown=_shown(kind)
        )
    if kind in (*MATCH_KINDS, *MATCH_COSTS):
        if row.match_id is None:
            return (
                _("it names no game it was won in")
                if kind in MATCH_KINDS
                else _("it names no game it was paid for")
            )
        if row.team_id not in teams_of_match.get(row.match_id, (row.team_id,)):
            return _("it names a game ({match_id}) the team did not play").format(match_id=row.match_id)
    if kind in (*PURCHASES, *MATCH_COSTS) and amount > 0:
        return _("a purchase takes gold out of the treasury, but this one brings gold in")
    link = LINKED.get(kind)
    if link is not None and getattr(row, link) is None:
        return _(LINK_WORDS[link])
    if kind == "opening" and amount < 0:
        return _("an opening treasury is never below 0 gp")
    if kind == "opening" and openings[row.team_id] > 1:
        return _("the team has {openings} opening treasuries; a team opens once").format(
            openings=openings[row.team_id]
        )
    return None


def _may_not_explain() -> Any:
    """The ledger rows _why has to look at: every row it could find a problem with (and every opening and
    correction, whose problems need their fellows), never the rows that explain themselves at a glance (a game's
    winnings from a game the team played, a purchase that takes gold out, ...). A large league's ledger has
    100,000 rows: asked in SQL, Check League reads a handful of them, not all (issue 40: the JSON import's check)."""
    entry = LedgerEntry.__table__.c
    game = Match.__table__.alias("game")
    played = exists().where(game.c.id == entry.match_id,
                            or_(game.c.home_team_id == entry.team_id, game.c.away_team_id == entry.team_id))  # fmt: skip
    return or_(
        entry.kind.not_in(sorted(LEDGER_KINDS)),
        and_(entry.kind.in_((*MATCH_KINDS, *MATCH_COSTS)), ~played),
        and_(entry.kind.in_((*PURCHASES, *MATCH_COSTS)), entry.amount > 0),
        *(and_(entry.kind == kind, entry[link].is_(None)) for kind, link in LINKED.items()),
        entry.kind.in_(("opening", "correction")),
    )


def ledger_rows(ctx: Ctx) -> Iterator[Problem]:
    """Every ledger row explains itself (see the module's docstring)."""
    session = ctx.session
    teams = dict(session.execute(select(Team.id, Team.name)).all())
    teams_of_match = {
        m: (h, a) for m, h, a in session.execute(select(Match.id, Match.home_team_id, Match.away_team_id))
    }
    recorded = set(
        session.scalars(select(Correction.ledger_entry_id).where(Correction.ledger_entry_id.is_not(None)))
    )
    rows = session.execute(select(*LEDGER_COLUMNS).where(_may_not_explain()).order_by(LedgerEntry.id)).all()
    openings = Counter(row.team_id for row in rows if row.kind == "opening")  # every opening row is read

    def where(row: Any) -> str:  # written for a row with a problem only (a large ledger has 100,000 rows)
        return _("Ledger row {id} of {get} ({signed}, {shown})").format(
            id=row.id, get=teams.get(row.team_id, _("a team")), signed=_signed(row.amount), shown=_shown(row.kind)
        )

    for row in rows:
        why = _why(row, teams_of_match, openings)
        if why is not None:
            yield Problem("ledger", f"{where(row)}: {why}. {_(CORRECTION_PATH)}")
        elif row.kind == "correction" and row.id not in recorded:
            yield Problem("ledger", _("{where} is a correction without its correction record.").format(where=where(row)),
                          _("add the record (signed Check League; no gold moves)"), _record_correction(row.id))  # fmt: skip
    yield from _transfers(session)


def _transfers(session: Session) -> Iterator[Problem]:
    """A transfer's rows move gold from the buyer to the seller: they add up to 0 gp."""
    sums = (
        select(LedgerEntry.transfer_id, func.sum(LedgerEntry.amount))
        .where(LedgerEntry.kind == "transfer", LedgerEntry.transfer_id.is_not(None))
        .group_by(LedgerEntry.transfer_id)
        .having(func.sum(LedgerEntry.amount) != 0)
        .order_by(LedgerEntry.transfer_id)
    )
    for transfer_id, total in session.execute(sums):
        yield Problem(
            "ledger",
            _(
                "The ledger rows of transfer {transfer_id} add up to {signed}; a transfer moves the price from the "
                "buyer to the seller (0 gp in all). {correction_path}"
            ).format(transfer_id=transfer_id, signed=_signed(int(total)), correction_path=_(CORRECTION_PATH)),
        )


def _record_correction(entry_id: int) -> Callable[[Session], None]:
    def fix(session: Session) -> None:
        entry = session.get(LedgerEntry, entry_id)
        team = session.get(Team, entry.team_id)
        reason = tidy(entry.reason)[:REASON_LENGTH] or _("A gold correction")  # as a typed reason is kept
        session.add(Correction(kind="gold", made_by="Check League", reason=reason, season=entry.season,
                               team_id=entry.team_id, ledger_entry_id=entry.id, before={"amount": 0},
                               after={"amount": entry.amount, "treasury": team.treasury if team else None}))  # fmt: skip

    return fix


def contracts_of_the_living(ctx: Ctx) -> Iterator[Problem]:
    """A running contract belongs to a player on the roster: one who died or retired ended it."""
    gone = (PlayerStatus.DEAD, PlayerStatus.RETIRED)
    query = (
        select(Contract.id, Player.name, Player.status)
        .join(Player, Player.id == Contract.player_id)
        .where(Contract.status == ContractStatus.RUNNING, Player.status.in_(gone))
        .order_by(Contract.id)
    )
    for contract_id, name, status in ctx.session.execute(query):
        yield Problem(
            "contract",
            _(
                "The contract of {name} still runs, but he is {status}: a contract ends when its player leaves the "
                "roster for good."
            ).format(name=name, status=status),
            _("end the contract (no gold moves)"),
            _end_contract(
                contract_id, ContractStatus.DIED if status == PlayerStatus.DEAD else ContractStatus.ENDED
            ),
        )


def _end_contract(contract_id: int, why: str) -> Callable[[Session], None]:
    """Ends the contract as the services end one: `died` for a dead player, `ended` for any other who left."""

    def fix(session: Session) -> None:
        contract = session.get(Contract, contract_id)
        contract.status = why
        session.add(contract)

    return fix


def typed_texts(ctx: Ctx) -> Iterator[Problem]:
    """Every typed text as Dugout keeps it when typed: tidied (no hidden characters, single spaces), not too long."""
    from sqlmodel import SQLModel

    for (table_name, column), limit in TYPED_TEXTS.items():
        table = SQLModel.metadata.tables[table_name]
        key = next(iter(table.primary_key.columns))
        rows = ctx.session.execute(select(key, table.c[column]).where(table.c[column].is_not(None)).order_by(key))
        for row_id, text in rows:
            problem = _text_problem(table_name, column, row_id, text, limit)
            if problem is not None:
                yield problem


def _text_problem(table: str, column: str, row_id: int, text: Any, limit: int) -> Problem | None:
    tidied = tidy(text)
    what = f"The {column.replace('_', ' ')} of {table.replace('_', ' ')} {row_id} ({_shown(text)})"
    if len(tidied) > limit:
        return Problem(
            "text",
            _("{what} is {n} characters long; Dugout keeps at most {limit}.").format(
                what=what, n=number(len(tidied)), limit=number(limit)
            ),
        )
    if tidied == text:
        return None
    if not tidied:
        return Problem(
            "text", _("{what} holds only hidden characters or spaces; type it again.").format(what=what)
        )
    fix = _write_text(table, column, row_id, tidied)
    return Problem("text", _("{what} holds hidden characters (such as a right-to-left override or a control character) or extra " "spaces, which Dugout never keeps when it is typed.").format(what=what),
                   _("write it as {shown}").format(shown=_shown(tidied)), fix)  # fmt: skip


def _write_text(table: str, column: str, row_id: int, text: str) -> Callable[[Session], None]:
    def fix(session: Session) -> None:
        from sqlmodel import SQLModel

        model = next(m.class_ for m in SQLModel._sa_registry.mappers if m.local_table.name == table)
        row = session.get(model, row_id)
        setattr(row, column, text)
        session.add(row)

    return fix


def numbers_kept(ctx: Ctx) -> Iterator[Problem]:
    """Gold and SPP within the most Dugout keeps (rules/limits.py): every service refuses more."""
    session = ctx.session
    for name, treasury in session.execute(select(Team.name, Team.treasury).where(Team.treasury > MOST_GOLD)):
        yield Problem("bounds", _("{name} has {gold} in the treasury; Dugout keeps at most {gold2}. {correction_path}").format(name=name, gold=gp(treasury), gold2=gp(MOST_GOLD), correction_path=_(CORRECTION_PATH)))  # fmt: skip
    large = func.abs(LedgerEntry.amount) > MOST_GOLD
    for row_id, amount in session.execute(select(LedgerEntry.id, LedgerEntry.amount).where(large)):
        yield Problem("bounds", _("Ledger row {row_id} moves {signed}; a ledger row moves at most {gold}.").format(row_id=row_id, signed=_signed(amount), gold=gp(MOST_GOLD)))  # fmt: skip
    players = select(Player.name, Player.spp, Player.value).where(
        (Player.spp > MOST_SPP) | (Player.value > MOST_GOLD)
    )
    for name, spp, value in session.execute(players.order_by(Player.id)):
        yield Problem("bounds", _("{name} has {spp} SPP and a value of {gold}; Dugout keeps at most {most_spp} SPP and {gold2}.").format(name=name, spp=number(spp), gold=gp(value), most_spp=number(MOST_SPP), gold2=gp(MOST_GOLD)))  # fmt: skip


def _signed(amount: int) -> str:
    return f"+{gp(amount)}" if amount > 0 else gp(amount)


def _shown(value: Any) -> str:
    """A text quoted in a report, its hidden characters and whitespace other than a space written as \\uXXXX,
    cut short."""
    shown = "".join(
        c if c == " " or (c.isprintable() and not c.isspace()) else f"\\u{ord(c):04x}" for c in str(value)
    )
    shown = shown if len(shown) <= 50 else f"{shown[:47]}..."
    return f"'{shown}'"
