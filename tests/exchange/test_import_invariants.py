"""An import is a league the services could have written (issue 36): every ledger row explains itself, running
contracts belong to living players, typed texts are kept as typed. The attacks came through `dugout import`;
Check League reports the same rows in a league file, with their repair or the correction path."""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from roster_app.exchange.league_json import export_json
from roster_app.safety.check import check_file
from roster_app.safety.opening import open_league
from tests.printing.league_night import ORCS
from ui.app.cli import main


@pytest.fixture
def export(night_db, tmp_path) -> dict:
    return json.loads(export_json(night_db, tmp_path / "night.json").read_text(encoding="utf-8"))


def _team(document: dict, name: str) -> dict:
    return next(t for t in document["tables"]["team"] if t["name"] == name)


def _player(document: dict, name: str) -> dict:
    return next(p for p in document["tables"]["player"] if p["name"] == name)


def _ledger_row(document: dict, team: dict, amount: int, kind: str, **links) -> dict:
    rows = document["tables"]["ledger_entry"]
    row = {**rows[0], "id": max(r["id"] for r in rows) + 1, "team_id": team["id"], "amount": amount, "kind": kind,
           "reason": "Winnings", "player_id": None, "match_id": None, "contract_id": None, "transfer_id": None,
           "reverses_id": None, **links}  # fmt: skip
    rows.append(row)
    team["treasury"] += amount  # the treasury raised to agree with its ledger
    return row


def _import(document: dict, tmp_path: Path, capsys) -> tuple[int, str, Path]:  # noqa: ANN001
    source, target = tmp_path / "attack.json", tmp_path / "attack.dugout"
    source.write_text(json.dumps(document), encoding="utf-8")
    code = main(["import", str(source), "-o", str(target)])
    return code, capsys.readouterr().err, target


# -- gold from nowhere ---------------------------------------------------------------------------------
def test_import_refuses_winnings_that_name_no_game(export, tmp_path, capsys):
    _ledger_row(export, _team(export, ORCS), 1_000_000, "winnings")
    code, err, target = _import(export, tmp_path, capsys)
    assert code == 1
    assert "+1,000,000 gp" in err and "names no game it was won in" in err
    assert not target.exists()


@pytest.mark.parametrize(
    ("kind", "amount", "links", "words"),
    [("winnings", 50_000, {"match_id": "not theirs"}, "a game (4) the team did not play"),
     ("staff", 200_000, {}, "this one brings gold in"),
     ("hire", 90_000, {}, "this one brings gold in"),
     ("contract", -5_000, {}, "names no contract"),
     ("transfer", 70_000, {}, "names no transfer"),
     ("reversal", 70_000, {}, "names no row it reverses"),
     ("opening", 1_000_000, {}, "2 opening treasuries"),
     ("gift", 1_000_000, {}, "'gift' is not one Dugout writes"),
     ("correction", 1_000_000, {}, "a correction without its correction record")],
)  # fmt: skip
def test_import_refuses_every_ledger_row_that_does_not_explain_itself(export, tmp_path, capsys, kind, amount,
                                                                      links, words):  # fmt: skip
    orcs = _team(export, ORCS)
    if links.get("match_id") == "not theirs":
        match = next(
            m for m in export["tables"]["match"] if orcs["id"] not in (m["home_team_id"], m["away_team_id"])
        )
        links = {"match_id": match["id"]}
        words = f"a game ({match['id']}) the team did not play"
    if kind == "opening" and not any(r["kind"] == "opening" and r["team_id"] == orcs["id"]
                                     for r in export["tables"]["ledger_entry"]):  # fmt: skip
        _ledger_row(export, orcs, 1, "opening")
    _ledger_row(export, orcs, amount, kind, **links)
    code, err, target = _import(export, tmp_path, capsys)
    assert code == 1 and words in err, err
    assert not target.exists()


def test_import_refuses_a_transfer_whose_rows_make_gold(export, tmp_path, capsys):
    orcs = _team(export, ORCS)
    transfer = export["tables"]["transfer"][0]["id"]
    _ledger_row(export, orcs, 70_000, "transfer", transfer_id=transfer)  # sold, but nobody paid
    code, err, _ = _import(export, tmp_path, capsys)
    assert code == 1 and f"rows of transfer {transfer} add up to +70,000 gp" in err


# -- contracts of the dead -------------------------------------------------------------------------
@pytest.mark.parametrize("status", ["dead", "retired"])
def test_import_refuses_a_running_contract_of_a_player_who_left_the_roster(export, tmp_path, capsys, status):
    _player(export, "Grak Skullsplitta")["status"] = status
    code, err, target = _import(export, tmp_path, capsys)
    assert code == 1
    assert f"The contract of Grak Skullsplitta still runs, but he is {status}" in err
    assert not target.exists()


# -- typed texts ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("table", "name", "column", "text", "shown"),
    [("team", ORCS, "name", "Orcland\u202e Raiders", r"'Orcland\u202e Raiders'"),
     ("player", "Grak Skullsplitta", "name", "Grak\x00 Skullsplitta", r"'Grak\u0000 Skullsplitta'"),
     ("team", ORCS, "coach", "  Grim\tthe  Coach ", r"'  Grim\u0009the  Coach '")],
)  # fmt: skip
def test_import_refuses_typed_text_no_service_keeps_naming_the_row(export, tmp_path, capsys, table, name, column,
                                                                    text, shown):  # fmt: skip
    row = _team(export, name) if table == "team" else _player(export, name)
    row[column] = text
    code, err, target = _import(export, tmp_path, capsys)
    assert code == 1
    assert f"The {column} of {table} {row['id']} ({shown})" in err and "hidden characters" in err
    assert not target.exists()


def test_what_the_services_write_imports_whole(night_file, tmp_path, capsys, demo_league_file):
    """The league night, the demo league and the first schema's fixture all export and import again."""
    old = tmp_path / "old.dugout"
    shutil.copy(Path(__file__).parents[1] / "fixtures" / "league_lrb6_key.dugout", old)
    open_league(old).close()  # upgraded
    for league in (night_file, tmp_path / "demo.dugout", old):
        exported, imported = tmp_path / f"{league.stem}.json", tmp_path / f"{league.stem} again.dugout"
        assert main(["export", str(league), "-o", str(exported)]) == 0
        assert main(["import", str(exported), "-o", str(imported)]) == 0, capsys.readouterr().err
        assert check_file(imported).text() == check_file(league).text()


# -- Check League on a league file holding such rows -----------------------------------------------------
@pytest.fixture
def night_copy(night_file, tmp_path) -> Path:
    copy = tmp_path / "copy.dugout"
    shutil.copy(night_file, copy)
    return copy


def _sql(path: Path, *statements: str) -> None:
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        for statement in statements:
            conn.execute(statement)


def _repair(path: Path) -> None:
    from roster_app.services.repair import repair_league

    db = open_league(path)
    try:
        repair_league(db)
    finally:
        db.close()


def test_check_league_reports_gold_from_nowhere_with_the_correction_path(night_copy):
    _sql(night_copy, f"UPDATE team SET treasury = treasury + 1000000 WHERE name = '{ORCS}'",
         "INSERT INTO ledger_entry (team_id, amount, kind, reason, season, created_at) SELECT id, 1000000, "
         f"'winnings', 'Winnings', 1, '2026-01-01 00:00:00' FROM team WHERE name = '{ORCS}'")  # fmt: skip
    report = check_file(night_copy)
    found = [p for p in report.problems if p.code == "ledger"]
    assert len(found) == 1 and "names no game it was won in" in found[0].text
    assert "Commissioner's Correction" in found[0].text and found[0].fix is None  # history: never deleted


def test_check_league_ends_the_running_contract_of_a_dead_player(night_copy):
    _sql(night_copy, "UPDATE player SET status = 'dead' WHERE name = 'Grak Skullsplitta'")
    found = [p for p in check_file(night_copy).problems if p.code == "contract"]
    assert [p.repair for p in found] == ["end the contract (no gold moves)"]
    _repair(night_copy)
    assert not [p for p in check_file(night_copy).problems if p.code == "contract"]
    with contextlib.closing(sqlite3.connect(night_copy)) as conn:
        statuses = conn.execute("SELECT c.status FROM contract c JOIN player p ON p.id = c.player_id "
                                "WHERE p.name = 'Grak Skullsplitta'").fetchall()  # fmt: skip
    assert statuses == [("died",)]  # as a death at full time ends it


def test_check_league_tidies_a_name_with_a_right_to_left_override(night_copy):
    _sql(night_copy, f"UPDATE team SET name = 'Orcland\u202e  Raiders' WHERE name = '{ORCS}'")
    found = [p for p in check_file(night_copy).problems if p.code == "text"]
    assert len(found) == 1 and found[0].repair == f"write it as '{ORCS}'"
    _repair(night_copy)
    assert not [p for p in check_file(night_copy).problems if p.code == "text"]


def test_check_league_gives_an_older_repairs_correction_its_record(night_copy):
    """An older Check League balanced a ledger with a correction row and no correction record."""
    _sql(night_copy, "INSERT INTO ledger_entry (team_id, amount, kind, reason, season, created_at) SELECT id, 0, "
                     "'correction', 'Check League: the ledger did not add up to the treasury', 1, "
                     f"'2026-01-01 00:00:00' FROM team WHERE name = '{ORCS}'")  # fmt: skip
    found = [p for p in check_file(night_copy).problems if p.code == "ledger"]
    assert [p.repair for p in found] == ["add the record (signed Check League; no gold moves)"]
    _repair(night_copy)
    assert not [p for p in check_file(night_copy).problems if p.code == "ledger"]


def test_a_treasury_repair_writes_a_correction_the_ledger_check_accepts(night_copy):
    _sql(night_copy, f"UPDATE team SET treasury = treasury + 5000 WHERE name = '{ORCS}'")
    assert [p.code for p in check_file(night_copy).problems if p.code in ("treasury", "ledger")] == ["treasury"]
    _repair(night_copy)
    assert not [p for p in check_file(night_copy).problems if p.code in ("treasury", "ledger")]


# -- the services end a contract when its player leaves the roster ---------------------------------------
def _signed_for(db, player_id: int, seasons: int = 2) -> None:
    """A running contract, written by the contract service's own signing step (the clock is not the point)."""
    from roster_app.services.contracts import sign
    from roster_app.services.corrections import correct_spp
    from roster_app.store.models import Player

    correct_spp(db, player_id=player_id, spp=20, reason="Earned before Dugout", made_by="Ann Marsh")  # a roll due
    ruleset = db.ruleset
    with db.write() as tx:
        sign(tx.session, ruleset, tx.session.get(Player, player_id), seasons)


def _contract_statuses(db) -> list[str]:
    from sqlmodel import select

    from roster_app.store.models import Contract

    with db.read() as session:
        return [c.status for c in session.scalars(select(Contract).order_by(Contract.id))]


def test_a_player_who_dies_in_a_match_ends_his_contract(db):
    from roster_app.queries import season as sq
    from roster_app.safety.check import check_league
    from roster_app.services.season import generate_season
    from tests.season_helpers import build_teams, report, roster_ids

    build_teams(db)
    generate_season(db)
    match = sq.fixtures(db)[0]
    dead = roster_ids(db, match.home_id)[0]
    _signed_for(db, dead)
    assert _contract_statuses(db) == ["running"]
    change = report(db, match.id, 1, 0, lines=[{"player_id": dead, "touchdowns": 1, "injury": "Dead"}])
    assert _contract_statuses(db) == ["died"]  # issue 35: the contract of a player who died says so
    assert check_league(db).ok, check_league(db).text()
    db.replay(change, forward=False)  # undone: he lives, and so does his contract
    assert _contract_statuses(db) == ["running"]


def test_retiring_a_player_ends_his_contract(db):
    from roster_app.queries.contracts import contracts
    from roster_app.safety.check import check_league
    from roster_app.services.players import hire_player, retire_player
    from tests.helpers import add_orcs

    team = add_orcs(db)
    grak = hire_player(db, team_id=team, position="Orc Lineman", name="Grak").result
    _signed_for(db, grak)
    retire_player(db, player_id=grak)
    assert _contract_statuses(db) == ["ended"]
    assert [row.status for row in contracts(db)] == ["ended (retired)"]  # what the Contracts page shows
    assert check_league(db).ok
