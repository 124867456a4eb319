"""Check League reads only the ledger rows that may not explain themselves (asked in SQL, issue 40): it reports
exactly what the plain look at every row reports, whatever the rows hold."""

from __future__ import annotations

import shutil
import sqlite3
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from roster_app.i18n import _
from roster_app.safety import explained
from roster_app.safety.opening import open_league
from roster_app.safety.problems import Ctx
from roster_app.store.models import Correction, LedgerEntry, Match, Team

KINDS = sorted(explained.LEDGER_KINDS) + ["refund", "Winnings", ""]


def plain_ledger_rows(session) -> list[str]:  # noqa: ANN001
    """The straightforward look: every row of the ledger through _why (what ledger_rows did before issue 40)."""
    teams = dict(session.execute(select(Team.id, Team.name)).all())
    teams_of_match = {m: (h, a) for m, h, a in session.execute(select(Match.id, Match.home_team_id,
                                                                            Match.away_team_id))}  # fmt: skip
    recorded = set(
        session.scalars(select(Correction.ledger_entry_id).where(Correction.ledger_entry_id.is_not(None)))
    )
    rows = session.execute(select(*explained.LEDGER_COLUMNS).order_by(LedgerEntry.id)).all()
    openings = Counter(row.team_id for row in rows if row.kind == "opening")
    found = []
    for row in rows:
        why = explained._why(row, teams_of_match, openings)
        where = _("Ledger row {id} of {get} ({signed}, {shown})").format(
            id=row.id, get=teams.get(row.team_id, _("a team")), signed=explained._signed(row.amount),
            shown=explained._shown(row.kind))  # fmt: skip
        if why is not None:
            found.append(f"{where}: {why}. {_(explained.CORRECTION_PATH)}")
        elif row.kind == "correction" and row.id not in recorded:
            found.append(_("{where} is a correction without its correction record.").format(where=where))
    return found + [p.text for p in explained._transfers(session)]


def fast_ledger_rows(db) -> list[str]:  # noqa: ANN001
    with db.read() as session:
        return [p.text for p in explained.ledger_rows(Ctx(session, db.ruleset))]


def _facts(db) -> tuple[list[int], list[int]]:  # noqa: ANN001
    with db.read() as session:
        return (list(session.scalars(select(Team.id).order_by(Team.id))),
                list(session.scalars(select(Match.id).order_by(Match.id))))  # fmt: skip


@pytest.fixture
def ledger_file(night_file, tmp_path):
    path = tmp_path / "ledger.dugout"
    shutil.copy2(night_file, path)
    return path


def row_strategy(teams: list[int], matches: list[int]) -> st.SearchStrategy:
    maybe_id = st.one_of(st.none(), st.integers(1, 40))
    return st.fixed_dictionaries({
        "team_id": st.sampled_from(teams + [999]),
        "amount": st.sampled_from([-20000, 0, 10000]),
        "kind": st.sampled_from(KINDS),
        "match_id": st.one_of(st.none(), st.sampled_from(matches + [99999])),
        "contract_id": maybe_id, "transfer_id": maybe_id, "reverses_id": maybe_id,
    })  # fmt: skip


def test_the_rows_read_in_sql_report_what_every_row_reports(ledger_file):
    db = open_league(ledger_file, read_only=True)
    try:
        teams, matches = _facts(db)
    finally:
        db.close()
    assert len(teams) >= 2 and matches

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(row_strategy(teams, matches), max_size=12))
    def check(extra: list[dict]) -> None:
        with sqlite3.connect(ledger_file) as conn:  # foreign keys off: a damaged file's rows
            conn.execute("DELETE FROM ledger_entry WHERE reason = 'hypothesis'")
            for row in extra:
                conn.execute("INSERT INTO ledger_entry (team_id, amount, kind, reason, season, created_at, match_id, "
                             "contract_id, transfer_id, reverses_id) VALUES (:team_id, :amount, :kind, 'hypothesis', 1, "
                             "'2026-01-01 00:00:00.000000', :match_id, :contract_id, :transfer_id, :reverses_id)",
                             row)  # fmt: skip
        db = open_league(ledger_file, read_only=True)
        try:
            with db.read() as session:
                plain = plain_ledger_rows(session)
            assert fast_ledger_rows(db) == plain
        finally:
            db.close()

    check()


def test_the_sound_ledger_of_a_league_night_is_read_in_part_and_has_no_problem(ledger_file):
    db = open_league(ledger_file, read_only=True)
    try:
        with db.read() as session:
            everything = session.scalar(select(LedgerEntry.id).order_by(LedgerEntry.id.desc()).limit(1))
            looked_at = session.execute(select(LedgerEntry.id).where(explained._may_not_explain())).all()
            assert plain_ledger_rows(session) == []
        assert fast_ledger_rows(db) == []
        assert len(looked_at) < everything  # openings (and corrections) only, not the games' winnings
    finally:
        db.close()
