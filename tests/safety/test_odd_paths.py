"""A league's path is used as it is: `%20`, `?`, `#`, spaces and any letters name that file and no other.

Every operation (create, open, check, export, import, copy, backup, restore, lock) is run on an odd name
beside a decoy that an unquoted URI would open instead; the decoy is never touched and nothing else appears.
"""

from __future__ import annotations

import os

import pytest
from sqlalchemy import select

from roster_app.exchange.league_copy import copy_league
from roster_app.exchange.league_json import export_json, import_json
from roster_app.safety import backups, locking
from roster_app.safety.check import check_file
from roster_app.safety.opening import open_league
from roster_app.services.league import create_league
from roster_app.services.teams import add_team
from roster_app.store.models import League, Team
from tests.conftest import file_digest

# (the odd name, the name an unquoted `file:` URI or URL would have opened instead)
ODD_NAMES = [
    ("a%20b.dugout", "a b.dugout"),
    ("Spring Cup?.dugout", "Spring Cup"),
    ("Cup #2.dugout", "Cup "),
    ("with  two spaces.dugout", "with"),
    ("Ligue d'été – 杯 ü.dugout", "Ligue"),
    ("100%.dugout", "100"),
]


@pytest.fixture(params=ODD_NAMES, ids=[n for n, _ in ODD_NAMES])
def odd(request, tmp_path):
    """An odd-named league with one team, beside a decoy league of the same folder."""
    name, decoy_name = request.param
    decoy = create_league(tmp_path / decoy_name, name="Decoy")
    decoy.close()
    db = create_league(tmp_path / name, name="The Real One")
    add_team(db, name="Orcland Raiders", race="Orc", coach="Grim")
    db.close()
    return tmp_path / name, tmp_path / decoy_name


def _folder(path):
    return sorted(p.name for p in path.parent.iterdir())


def test_every_operation_uses_the_file_named_and_leaves_nothing_else(odd, tmp_path):
    path, decoy = odd
    decoy_digest = file_digest(decoy)
    assert check_file(path).ok
    db = open_league(path)
    try:
        assert locking.lock_path(path).exists()
        assert locking.holder_of(path) is not None and locking.holder_of(decoy) is None
        add_team(db, name="Reikland Reavers", race="Human", coach="Ann")
        exported = export_json(db, path.with_name(path.stem + " export?#%20.json"))
    finally:
        db.close()
    assert not locking.lock_path(path).exists()
    imported = import_json(exported, path.with_name("imported " + path.name))
    copied = copy_league(path, str(path.with_name("copied " + path.name)))
    for league in (path, imported, copied):
        db = open_league(league, read_only=True)
        try:
            with db.read() as session:
                names = sorted(t.name for t in session.scalars(select(Team)))
            assert names == ["Orcland Raiders", "Reikland Reavers"]
        finally:
            db.close()
    made = backups.backup(path, reason="manual")
    assert made.path.parent == backups.backups_dir(path) and made.path.name.startswith(path.stem)
    db = open_league(path, backup=False)
    with db.write() as tx:  # a change to undo by restoring
        tx.session.get(League, 1).name = "Changed"
        tx.label = "rename"
    db.close()
    backups.restore(path, made.path)
    db = open_league(path, read_only=True)
    try:
        with db.read() as session:
            assert session.get(League, 1).name == "The Real One"
    finally:
        db.close()
    assert file_digest(decoy) == decoy_digest
    expected = {path.name, decoy.name, exported.name, imported.name, os.path.basename(copied),
                f"{path.stem} backups", f"{imported.stem} backups", f"{path.with_name('copied ' + path.name).stem} backups"}  # fmt: skip
    assert set(_folder(path)) <= expected
    assert {path.name, decoy.name, exported.name, imported.name} <= set(_folder(path))


def test_a_read_only_look_opens_the_named_file(odd):
    from roster_app.queries.first_screen import peek

    path, _decoy = odd
    look = peek(path)
    assert look is not None and look.league.name == "The Real One"
    assert [t.name for t in look.teams] == ["Orcland Raiders"]
