"""An import runs the league's rules and Check League on the rows before the new file exists: what the
services and Check League refuse is refused in words naming the row and the rule, and nothing is left."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster_app.exchange.league_json import HISTORY, ImportRefused, export_json, import_json
from roster_app.printing.document import PrintRequest, build_document
from roster_app.safety.check import check_league
from roster_app.safety.opening import open_league
from roster_app.services.contracts import sign_contract  # noqa: F401 - the service whose rule is imported
from roster_app.services.league import memory_league
from roster_app.services.players import hire_player
from roster_app.services.teams import add_team


@pytest.fixture(scope="module")
def small_export(tmp_path_factory):
    """A small league's export: two teams, three players, their ledgers (its parsed JSON)."""
    db = memory_league(name="Import League")
    orcs = add_team(db, name="Orcland Raiders", race="Orc", coach="Grim").result
    humans = add_team(db, name="Reikland Reavers", race="Human", coach="Ann").result
    hire_player(db, team_id=orcs, position="Orc Blitzer", name="Grak")
    hire_player(db, team_id=orcs, position="Goblin", name="Snik")
    hire_player(db, team_id=humans, position="Catcher", name="Griff")
    path = export_json(db, tmp_path_factory.mktemp("export") / "small.json")
    db.close()
    return json.loads(path.read_text(encoding="utf-8"))


def _import(document, folder, raw=None):
    source = folder / "in.json"
    source.write_text(raw if raw is not None else json.dumps(document), encoding="utf-8")
    before = sorted(os.listdir(folder))
    try:
        return import_json(source, folder / "new.dugout")
    except ImportRefused:
        assert sorted(os.listdir(folder)) == before  # no league, no temporary file, no journal
        raise


def _players(doc):
    return doc["tables"]["player"]


def _contract_for_another_team(doc):
    player = _players(doc)[0]
    other = next(t["id"] for t in doc["tables"]["team"] if t["id"] != player["team_id"])
    doc["tables"]["contract"].append({"id": 1, "player_id": player["id"], "team_id": other, "seasons": 2,
                                      "served": 0, "status": "running", "signed_season": 1, "rolls_at_signing": 0,
                                      "cost": 0})  # fmt: skip


def _many_players(doc):
    first = _players(doc)[0]
    _players(doc).extend(dict(first, id=100 + n, number=100 + n, name=f"P{n}") for n in range(5013))


ATTACKS = [
    ("treasury not its ledger", lambda d: d["tables"]["team"][0].update(treasury=d["tables"]["team"][0]["treasury"] + 10),
     "the treasury shows"),
    ("negative treasury", lambda d: (d["tables"]["team"][0].update(treasury=-50_000),
                                     d["tables"]["ledger_entry"].append(dict(d["tables"]["ledger_entry"][0], id=999,
                                     amount=-50_000 - sum(e["amount"] for e in d["tables"]["ledger_entry"]
                                                          if e["team_id"] == d["tables"]["team"][0]["id"])))),
     "negative treasury"),
    ("contract with another team", _contract_for_another_team, "running with a team he no longer plays for"),
    ("unknown status", lambda d: _players(d)[0].update(status="on holiday"), "not a player status"),
    ("unknown race", lambda d: d["tables"]["team"][0].update(race="Space Marines"),
     "Team 1 (Orcland Raiders): the race 'Space Marines' is not in the league's rules"),
    ("5,013 players on one team", _many_players, "players on its roster; the rules allow 16"),
    ("10 MB name", lambda d: _players(d)[0].update(name="x" * 10_000_000),
     "Row 1 of the table 'player': 'name' is 10,000,000 characters long; a league allows 60"),
    ("61-character team name", lambda d: d["tables"]["team"][0].update(name="n" * 61), "a league allows 60"),
    ("skills holding numbers", lambda d: _players(d)[0].update(skills=[1, 2]),
     "Row 1 of the table 'player': 'skills' should be a list of text"),
    ("skills holding objects", lambda d: _players(d)[0].update(skills=[{"name": "Block"}]), "should be a list of text"),
    ("negative SPP", lambda d: _players(d)[0].update(spp=-5), "negative SPP"),
    ("a treasury of 2**70", lambda d: d["tables"]["team"][0].update(treasury=2**70),
     "Row 1 of the table 'team': 'treasury' is 1180591620717411303424, a number too large"),
    ("deep JSON in a column", lambda d: d["tables"]["ruleset_table"][0].update(data=json.loads("[" * 50 + "]" * 50)),
     "Row 1 of the table 'ruleset_table': 'data' is nested more than 32 levels deep"),
]  # fmt: skip


@pytest.mark.parametrize(("what", "edit", "words"), ATTACKS, ids=[a[0] for a in ATTACKS])
def test_what_the_services_and_check_league_refuse_is_not_imported(small_export, tmp_path, what, edit, words):
    document = json.loads(json.dumps(small_export))
    edit(document)
    with pytest.raises(ImportRefused) as refused:
        _import(document, tmp_path)
    assert words in str(refused.value)
    assert len(str(refused.value)) < 2_000  # a 10 MB name is not repeated whole


def test_json_nested_100000_deep_is_refused_in_words(small_export, tmp_path):
    with pytest.raises(ImportRefused, match="nested too deeply"):
        _import(None, tmp_path, raw="[" * 100_000 + "]" * 100_000)


def test_the_untouched_export_imports(small_export, tmp_path):
    db = open_league(_import(small_export, tmp_path), read_only=True)
    try:
        assert check_league(db).ok
    finally:
        db.close()


# -- generated broken exports -------------------------------------------------------------------------------
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**62, max_value=2**72), st.floats(allow_nan=False),
    st.text(max_size=80), st.just("x" * 200), st.lists(st.integers(), max_size=3), st.lists(st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2), st.recursive(st.integers(), st.lists, max_leaves=40),
    st.sampled_from(["active", "running", "Orc", "Human", "dead", "2026-01-01T00:00:00", "yesterday"]),
)  # fmt: skip
TABLES = ["team", "player", "ledger_entry", "league", "season", "contract", "referee"]


@given(edits=st.lists(st.tuples(st.sampled_from(TABLES), st.integers(0, 5), st.text(max_size=1), VALUES),
                      min_size=1, max_size=4), data=st.data())  # fmt: skip
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_generated_broken_export_is_refused_in_words_or_makes_a_sound_league(small_export, tmp_path_factory,
                                                                               edits, data):  # fmt: skip
    document = json.loads(json.dumps(small_export))
    for table, index, _unused, value in edits:
        rows = document["tables"][table]
        if not rows:
            continue
        row = rows[index % len(rows)]
        column = data.draw(st.sampled_from(sorted(row)))
        row[column] = value
    folder = tmp_path_factory.mktemp("generated")
    try:
        path = _import(document, folder)
    except ImportRefused as refused:
        assert str(refused).strip() and len(str(refused)) < 2_000
        return
    db = open_league(path, read_only=True)
    try:
        assert not [p.text for p in check_league(db).problems if p.code not in HISTORY]
        with db.read() as session:
            from sqlmodel import select

            from roster_app.store.models import Team

            team_ids = tuple(session.exec(select(Team.id)).all())
        document = build_document(db, PrintRequest(team_ids=team_ids, ledgers=True, table=True, contracts=True))
        assert document.sections
    finally:
        db.close()
