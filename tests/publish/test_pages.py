"""The website's pages: sound HTML, every link resolving inside the folder, every name shown as typed, money and
the ledger's words only when the commissioner chooses."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

import pytest
from sqlalchemy import func, select

from roster_app.publish.svg import chart_svg
from roster_app.queries.charts import Chart, Series
from roster_app.safety.opening import open_league
from roster_app.store.models import LedgerEntry, Player, Referee, Team
from tests.publish.conftest import publish, site_pages
from tests.publish.html_check import check_page


@pytest.fixture(scope="module")
def seasons_site(seasons_db, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("sites") / "seasons"
    publish(seasons_db, folder)
    return folder


@pytest.fixture(scope="module")
def demo_site(demo_file, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("sites") / "demo"
    db = open_league(demo_file, read_only=True)
    try:
        publish(db, folder, show_money=True)
    finally:
        db.close()
    return folder


@pytest.fixture(params=["seasons", "demo"])
def site(request, seasons_site, demo_site) -> Path:
    return seasons_site if request.param == "seasons" else demo_site


def test_every_page_is_sound_html(site):
    problems = {path: check_page(html).verdict() for path, html in site_pages(site).items()}
    assert {path: found for path, found in problems.items() if found} == {}


def _target(page: str, href: str) -> PurePosixPath | None:
    parts = urlsplit(href)
    if not parts.path:
        return None  # a link within the page (#main)
    assert not parts.scheme and not parts.netloc, href
    joined = PurePosixPath(page).parent / unquote(parts.path)
    out: list[str] = []
    for part in joined.parts:
        if part == "..":
            assert out, f"{href} in {page} leaves the site's folder"
            out.pop()
        elif part != ".":
            out.append(part)
    return PurePosixPath(*out)


def test_every_link_points_at_a_file_of_the_site(site):
    pages = site_pages(site)
    broken = []
    for path, html in pages.items():
        checker = check_page(html)
        for href in checker.links:
            target = _target(path, href)
            if target is None:
                fragment = urlsplit(href).fragment
                if fragment not in checker.ids:
                    broken.append(f"{path}: {href}")
            elif not (site / target).is_file():
                broken.append(f"{path}: {href}")
    assert broken == []
    assert (site / "site.css").is_file() and (site / "dugout-site.json").is_file()


def test_every_team_player_referee_and_season_has_its_page(seasons_db, seasons_site):
    with seasons_db.read() as session:
        teams = session.scalar(select(func.count(Team.id)))
        players = session.scalar(select(func.count(Player.id)))
        referees = session.scalar(select(func.count(Referee.id)))
    assert len(list((seasons_site / "teams").glob("*-*.html"))) == teams
    assert len(list((seasons_site / "players").glob("*.html"))) == players
    assert len(list((seasons_site / "referees").glob("*-*.html"))) == referees
    assert sorted(p.name for p in (seasons_site / "seasons").glob("*.html")) == [
        "1.html",
        "2.html",
        "3.html",
        "index.html",
    ]
    front = (seasons_site / "index.html").read_text(encoding="utf-8")
    for section in ("The league table", "Latest results", "Next fixtures", "The leaders", "The teams"):
        assert f">{section}</h2>" in front


def test_the_season_page_names_its_champion_and_the_front_its_tie_breakers(seasons_site):
    season = (seasons_site / "seasons" / "2.html").read_text(encoding="utf-8")
    assert re.search(
        r"Champion: <strong><a href=\"../teams/\d+-orcland-raiders.html\">Orcland Raiders</a>", season
    )
    assert re.search(
        r'<h3>Final</h3>\n<ol class="games">\n<li><a href="../teams/\d+-orcland-raiders.html">Orcland '
        r'Raiders</a> <span class="score">2\u20131</span> <a href="../teams/\d+-karak-grudgebearers.html">',
        season,
    )  # the final in its bracket
    front = (seasons_site / "index.html").read_text(encoding="utf-8")
    assert "Teams level on points are parted by" in front
    assert re.search(
        r'Champion of season 2: <strong><a href="teams/\d+-orcland-raiders.html">Orcland Raiders</a>', front
    )


def test_the_magazine_tells_the_latest_rounds_of_the_season(seasons_site):
    issues = sorted(p.name for p in (seasons_site / "magazine").glob("season-*.html"))
    assert issues == [
        "season-2-round-1.html",
        "season-2-round-2.html",
        "season-2-round-3.html",
        "season-2-round-4.html",
    ]
    final = (seasons_site / "magazine" / "season-2-round-4.html").read_text(encoding="utf-8")
    assert "Orcland Raiders</a> beat <a" in final and "2\u20131" in final


# -- names as typed ------------------------------------------------------------------------------------
HOSTILE_TEAM = '<script>alert("Zq")</script> & =HYPERLINK("http://x") ZqOrcs'
HOSTILE_COACH = "<b>ZqCoach</b> &amp;"
HOSTILE_PLAYER = "<img src=x onerror=alert(1)> ZqPlayer \u202etxt.exe"
HOSTILE_REF = '"><a href="javascript:alert(1)">ZqRef</a>'


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> tuple[Path, dict]:
    from roster_app.queries import season as sq
    from roster_app.services.league import memory_league
    from roster_app.services.players import update_player
    from roster_app.services.referees import create_referee
    from roster_app.services.season import generate_season
    from roster_app.services.teams import rename_team, set_coach
    from roster_app.words import tidy
    from tests.history_helpers import play
    from tests.season_helpers import build_teams, roster_ids

    db = memory_league()
    ids = build_teams(db)
    rename_team(db, team_id=ids[0], name=HOSTILE_TEAM)
    set_coach(db, team_id=ids[0], coach=HOSTILE_COACH)
    update_player(db, player_id=roster_ids(db, ids[0])[0], field="name", value=HOSTILE_PLAYER)
    create_referee(db, name=HOSTILE_REF, race="Human")
    generate_season(db)
    fixture = next(f for f in sq.fixtures(db) if ids[0] in (f.home_id, f.away_id))
    play(db, fixture, ({0: (1, 1)}, {0: (1, 0)}, tidy(HOSTILE_REF), 12, None), 1)
    folder = tmp_path_factory.mktemp("sites") / "hostile"
    publish(db, folder)
    first = roster_ids(db, ids[0])[0]
    with db.read() as session:
        kept = {"team": session.scalar(select(Team.name).where(Team.id == ids[0])),
                "coach": session.scalar(select(Team.coach).where(Team.id == ids[0])),
                "player": session.scalar(select(Player.name).where(Player.id == first)),
                "referee": session.scalar(select(Referee.name).where(Referee.name.like("%ZqRef%")))}  # fmt: skip
    db.close()
    return folder, kept


def test_names_with_markup_and_formulas_are_shown_as_typed(hostile_site):
    folder, kept = hostile_site
    pages = site_pages(folder)
    seen = {name: 0 for name in kept}
    for path, html in pages.items():
        checker = check_page(html)
        assert checker.verdict() == [], path
        text = "".join(checker.text)
        for what, name in kept.items():
            seen[what] += text.count(name)
        assert "<script" not in html and "<img" not in html and 'href="javascript' not in html
    assert all(seen.values()), seen


# -- money and the ledger -------------------------------------------------------------------------------
def test_money_is_shown_only_when_chosen(seasons_db, tmp_path):
    hidden, shown = tmp_path / "hidden", tmp_path / "shown"
    publish(seasons_db, hidden)
    publish(seasons_db, shown, show_money=True)
    with seasons_db.read() as session:
        team = session.scalars(select(Team).order_by(Team.id)).first()
    page = next((hidden / "teams").glob(f"{team.id}-*.html")).name
    assert "Treasury" not in (hidden / "teams" / page).read_text(encoding="utf-8")
    assert f"{team.treasury:,} gp" in (shown / "teams" / page).read_text(encoding="utf-8")
    every_hidden = "".join(site_pages(hidden).values())
    assert "Treasury" not in every_hidden and "Winnings" not in every_hidden


def test_the_ledgers_words_are_never_published(seasons_db, seasons_site, tmp_path):
    shown = tmp_path / "shown"
    publish(seasons_db, shown, show_money=True)
    with seasons_db.read() as session:
        reasons = {r for r in session.scalars(select(LedgerEntry.reason)) if len(r) > 12}
    assert reasons
    for folder in (seasons_site, shown):
        every = "".join(site_pages(folder).values())
        assert [r for r in reasons if r in every] == []


# -- the charts ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["lines", "bars", "columns"])
def test_a_chart_is_svg_that_says_what_it_shows(kind):
    name = '<b>"Zq" & co</b>'
    chart = Chart("k", kind, f"{name} rating", (Series(name, ((0.0, 120.0), (1.0, 135.0), (2.0, 128.0))),),
                  "Round", "Team rating", (name, "B", "C"))  # fmt: skip
    drawn = chart_svg(chart, "c1")
    tree = ET.fromstring(drawn)  # well-formed XML: every name escaped
    space = "{http://www.w3.org/2000/svg}"
    assert tree.get("role") == "img" and tree.get("aria-labelledby") == "c1-title c1-desc"
    assert tree.find(f"{space}title").text == f"{name} rating"
    assert name in tree.find(f"{space}desc").text and "135" in tree.find(f"{space}desc").text
    assert "<b>" not in drawn


def test_an_empty_chart_says_so():
    drawn = chart_svg(Chart("k", "lines", "Rating", (Series("A", ()),)), "c")
    assert "No game has been played yet." in ET.fromstring(drawn).find("{http://www.w3.org/2000/svg}desc").text


def test_the_roll_of_honour_names_the_champions_the_seasons_history_names(seasons_db, seasons_site):
    from roster_app.queries import history

    for number in (1, 2, 3):
        story = history.season_history(seasons_db, number)
        assert history.champion(seasons_db, number) == (
            (story.champion_id, story.champion) if story.champion else None
        )
    honours = (seasons_site / "seasons" / "index.html").read_text(encoding="utf-8")
    assert honours.count("Orcland Raiders") >= 1 and "in play" in honours


def test_the_structural_check_finds_what_a_validator_would():
    bad = ('<html><head><title></title></head><body><h1>A</h1><h1 id="x">B</h1><h3 id="x">C</h3>'
           '<table><tr><th>no scope</th></tr></table><div><span></div><img src="a.png">'
           '<a href="https://example.org" onclick="go()">out</a><svg><rect/></svg></body></html>')  # fmt: skip
    found = " | ".join(check_page(bad).verdict())
    for problem in ("no <!DOCTYPE html>", "no lang", "titles", "2 <h1>", "ids used twice", "h3 after h1",
                    "a <th> in <table>", "</div> closes <span>", "an <img> without alt", "leaving the site",
                    "event handler", "0 <main>", "<svg> without role=img"):  # fmt: skip
        assert problem in found, problem


def test_a_file_name_is_made_of_plain_letters_whatever_the_name():
    from roster_app.publish.markup import slug

    assert slug("Reikland Reavers") == "reikland-reavers"
    assert slug("Björn Ørnulf Ça") == "bjorn-rnulf-ca"
    assert slug('<script>"..\\..\\etc"</script>') == "script-etc-script"
    assert slug("日本") == "x"
