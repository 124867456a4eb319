"""Writing the website: built beside the folder and swapped in, only what changed rewritten, pages of a deleted
team removed, a folder that is not a site refused, nothing half written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from roster_app.errors import DugoutError
from roster_app.publish import folder as site_folder
from roster_app.publish.folder import MANIFEST
from roster_app.publish.site import NothingToPublish
from roster_app.queries import season as sq
from roster_app.services.referees import create_referee
from roster_app.services.season import generate_season
from roster_app.services.teams import add_team
from tests.history_helpers import SEASON_ONE, play
from tests.publish.conftest import publish, site_pages
from tests.season_helpers import build_teams


@pytest.fixture
def league(db):
    """Four teams, a season's fixtures, the first two games played."""
    build_teams(db)
    create_referee(db, name="Hans Whistle", race="Human")
    generate_season(db)
    for index, (fixture, game) in enumerate(zip(sq.fixtures(db)[:2], SEASON_ONE, strict=False)):
        play(db, fixture, game, index)
    return db


def _files(folder: Path) -> dict[str, tuple[int, bytes]]:
    """Every file of the folder: (inode, bytes), to tell a file rewritten from one left as it was."""
    return {
        p.relative_to(folder).as_posix(): (p.stat().st_ino, p.read_bytes())
        for p in folder.rglob("*")
        if p.is_file()
    }


def _beside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.parent.iterdir() if p.name.startswith(f".{folder.name}"))


def test_a_second_publish_of_the_same_league_rewrites_nothing(league, tmp_path):
    folder = tmp_path / "site"
    first = publish(league, folder)
    assert first.written and first.kept == 0 and first.pages == len(first.written)
    before = _files(folder)
    again = publish(league, folder)
    assert again.written == [] and again.kept == again.pages == first.pages
    after = _files(folder)
    assert {k: v for k, v in after.items() if k != MANIFEST} == {k: v for k, v in before.items() if k != MANIFEST}
    assert _beside(folder) == []


def test_after_one_match_only_the_pages_it_touched_are_made_again(league, tmp_path, monkeypatch):
    folder = tmp_path / "site"
    publish(league, folder)
    before = _files(folder)
    fixture = sq.fixtures(league)[2]
    play(league, fixture, SEASON_ONE[2], 2)
    made: list[str] = []
    real_write = site_folder._write
    monkeypatch.setattr(
        site_folder, "_write", lambda path, content: (made.append(path.name), real_write(path, content))
    )
    done = publish(league, folder)
    teams = {fixture.home_id, fixture.away_id}
    written = set(done.written)
    assert {p for p in written if p.startswith("teams/") and p != "teams/index.html"} == {
        p for p in written if p.split("/")[-1].split("-")[0] in {str(t) for t in teams} and p.startswith("teams/")
    }
    untouched = [p for p in before if p.startswith("teams/") and p.split("/")[1].split("-")[0] not in {str(t) for t in teams}
                 and p != "teams/index.html"]  # fmt: skip
    assert untouched and all(_files(folder)[p] == before[p] for p in untouched)  # the same file: not rewritten
    assert "index.html" in written and "magazine/season-1-round-2.html" in written
    assert len(written) < done.pages / 2, written
    assert len(made) == len(written) + 1  # and the manifest


def test_the_pages_of_a_deleted_team_are_removed(db, tmp_path):
    build_teams(db, 2)
    change = add_team(db, name="Short Lived", race="Orc", coach="Nobody")
    folder = tmp_path / "site"
    publish(db, folder)
    page = next((folder / "teams").glob("*-short-lived.html"))
    db.replay(change, forward=False)  # the team's making undone: it is gone
    done = publish(db, folder)
    assert not page.exists() and done.removed == [page.relative_to(folder).as_posix()]
    assert "Short Lived" not in "".join(site_pages(folder).values())


def test_a_folder_with_other_files_is_refused_unless_forced_and_its_files_are_kept(league, tmp_path):
    folder = tmp_path / "holiday photos"
    folder.mkdir()
    (folder / "beach.jpg").write_bytes(b"not a page")
    with pytest.raises(DugoutError, match=r"already holds other files \(beach.jpg\).*--force"):
        publish(league, folder)
    assert sorted(p.name for p in folder.iterdir()) == ["beach.jpg"] and _beside(folder) == []
    publish(league, folder, force=True)
    assert (folder / "beach.jpg").read_bytes() == b"not a page" and (folder / "index.html").is_file()
    publish(league, folder)  # now a site: no force needed, the photo still kept
    assert (folder / "beach.jpg").read_bytes() == b"not a page"


def test_a_file_the_host_needs_in_the_site_stays_across_publishes(league, tmp_path):
    folder = tmp_path / "site"
    publish(league, folder)
    (folder / "CNAME").write_text("league.example.org\n")
    (folder / "teams" / "logo.svg").write_text("<svg/>")
    publish(league, folder)
    assert (folder / "CNAME").read_text() == "league.example.org\n" and (folder / "teams" / "logo.svg").is_file()


@pytest.mark.parametrize(
    "where, words",
    [
        ("a file", r"is a file, not a folder"),
        ("inside a missing folder", r"does not exist"),
        ("a folder that cannot be written", r"cannot be written"),
    ],
)
def test_a_folder_the_site_cannot_go_to_is_refused_in_words(league, tmp_path, where, words):
    folder = {
        "a file": tmp_path / "league.txt",
        "inside a missing folder": tmp_path / "missing" / "site",
        "a folder that cannot be written": Path("/proc/sys/dugout-site"),  # refused even to root
    }[where]
    if where == "a file":
        folder.write_text("mine")
    with pytest.raises(DugoutError, match=words):
        publish(league, folder)
    if where == "a file":
        assert folder.read_text() == "mine"


def test_a_league_without_a_team_is_not_published(db, tmp_path):
    folder = tmp_path / "site"
    with pytest.raises(NothingToPublish, match="has no team yet: there is nothing to publish"):
        publish(db, folder)
    assert not folder.exists() and _beside(folder) == []


def test_a_manifest_dugout_did_not_write_is_refused(league, tmp_path):
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / MANIFEST).write_text(json.dumps({"generator": "something else"}))
    with pytest.raises(DugoutError, match="Dugout did not write or cannot read"):
        publish(league, folder)


def test_a_publish_that_fails_half_way_leaves_the_site_as_it_was(league, tmp_path, monkeypatch):
    folder = tmp_path / "site"
    publish(league, folder)
    before = _files(folder)
    play(league, sq.fixtures(league)[2], SEASON_ONE[2], 2)
    calls = []

    def full_disk(path, content):  # noqa: ANN001 - the disk fills up at the third page written
        calls.append(path)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        with open(path, "wb") as handle:
            handle.write(content)

    monkeypatch.setattr(site_folder, "_write", full_disk)
    with pytest.raises(DugoutError, match=r"No space left on device.*Nothing was changed"):
        publish(league, folder)
    assert _files(folder) == before and _beside(folder) == []


def test_leftovers_of_a_killed_publish_are_cleaned_once_old(league, tmp_path):
    folder = tmp_path / "site"
    old = tmp_path / ".site.publishing-dead"
    (old / "teams").mkdir(parents=True)
    os.utime(old, (1, 1))
    recent = tmp_path / ".site.publishing-live"  # another Dugout may be writing it right now
    recent.mkdir()
    publish(league, folder)
    assert not old.exists() and recent.exists()


def test_the_command_publishes_and_refuses_in_words(tmp_path, capsys):
    from roster_app.services.league import create_league
    from ui.app.cli import main

    path = tmp_path / "league.dugout"
    league = create_league(path, name="Cli League")
    build_teams(league, 2)
    league.close()
    assert main(["publish", str(path), "-o", str(tmp_path / "web")]) == 0
    out = capsys.readouterr().out
    assert "pages published in" in out and "index.html" in out
    assert (tmp_path / "web" / "index.html").is_file()
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("x")
    assert main(["publish", str(path), "-o", str(tmp_path / "busy")]) == 1
    assert "dugout publish: The folder" in capsys.readouterr().err
    assert main(["publish", str(path), "-o", str(tmp_path / "busy"), "--force", "--show-money"]) == 0


def test_a_renamed_team_moves_to_its_new_page_and_every_page_follows(league, tmp_path):
    from roster_app.services.teams import rename_team

    folder = tmp_path / "site"
    publish(league, folder)
    old = next((folder / "teams").glob("*-orcland-raiders.html"))
    team_id = int(old.name.split("-")[0])
    rename_team(league, team_id=team_id, name="Da Boyz")
    done = publish(league, folder)
    assert not old.exists() and (folder / "teams" / f"{team_id}-da-boyz.html").is_file()
    assert old.relative_to(folder).as_posix() in done.removed
    every = "".join(site_pages(folder).values())
    assert "Orcland Raiders" not in every and old.name not in every and every.count(f"{team_id}-da-boyz.html") > 10


def test_another_leagues_website_is_not_replaced_unless_forced(league, tmp_path):
    from roster_app.services.league import memory_league

    folder = tmp_path / "site"
    publish(league, folder)
    other = memory_league(name="Another League")
    build_teams(other, 2)
    before = _files(folder)
    with pytest.raises(DugoutError, match="holds the website of another league, Test League"):
        publish(other, folder)
    assert _files(folder) == before
    publish(other, folder, force=True)
    assert "Another League" in (folder / "index.html").read_text(encoding="utf-8")
    other.close()


def test_a_publish_stopped_half_way_leaves_the_site_as_it_was(league, tmp_path):
    from roster_app.publish.folder import Cancelled

    folder = tmp_path / "site"
    publish(league, folder)
    before = _files(folder)
    play(league, sq.fixtures(league)[2], SEASON_ONE[2], 2)
    seen = []
    with pytest.raises(Cancelled, match="Nothing was changed"):
        publish(league, folder, progress=lambda done, total: (seen.append((done, total)), done < 5)[1])
    assert seen[-1][0] == 5 and seen[-1][1] > 5
    assert _files(folder) == before and _beside(folder) == []
