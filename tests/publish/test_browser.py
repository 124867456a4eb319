"""The website in a real browser: Debian's Chromium, headless, at a phone's width (390 px) and a laptop's
(1366 px). Skipped where /usr/bin/chromium is not installed; .ci/run installs it and requires these to run
(DUGOUT_REQUIRE_BROWSER=1 turns the skip into a failure).

How "no sideways scrolling on a phone" is checked: the browser's own layout is asked over the DevTools pipe
(tests/publish/browser.py: Page.getLayoutMetrics, nothing run in the page). As a phone (mobile emulation, the
page's viewport tag applied) a page wider than the screen makes Chromium widen its layout viewport past 390
px; as a desktop window the document's content is wider than the window. Either fails.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.publish import browser
from tests.publish.conftest import publish

pytestmark = pytest.mark.browser

if not browser.CHROMIUM.exists():
    if os.environ.get("DUGOUT_REQUIRE_BROWSER"):
        pytest.fail("Chromium is required here (DUGOUT_REQUIRE_BROWSER) but /usr/bin/chromium is missing",
                    pytrace=False)  # fmt: skip
    pytest.skip("headless Chromium (/usr/bin/chromium) is not installed", allow_module_level=True)

LONG_TEAM = "Grudgebearers" * 4 + "Karak"  # 57 letters and no space: the worst a phone can get
LONG_PLAYER = "Skullsplitta" * 5


@pytest.fixture(scope="module")
def site(demo_file, tmp_path_factory) -> Path:
    """The demo league with a team and a player of very long names, published with money shown."""
    from roster_app.safety.opening import open_league
    from roster_app.services.players import hire_player
    from roster_app.services.teams import add_team

    copy = tmp_path_factory.mktemp("league") / "demo.dugout"
    shutil.copy(demo_file, copy)
    db = open_league(copy)
    try:
        team = add_team(db, name=LONG_TEAM, race="Orc", coach="Long Coach").result
        hire_player(db, team_id=team, position="Orc Lineman", name=LONG_PLAYER)
        folder = tmp_path_factory.mktemp("web") / "league"
        publish(db, folder, show_money=True)
    finally:
        db.close()
    return folder


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("chromium-home")


@pytest.fixture(scope="module")
def devtools(home):
    tools = browser.DevTools(home)
    yield tools
    tools.close()


def _page(site: Path, kind: str) -> tuple[Path, str]:
    """A page of each kind and a name its rendered document must hold."""

    def one(folder: str, words: str) -> Path:
        return next(p for p in sorted((site / folder).glob("*.html")) if words in p.read_text(encoding="utf-8"))

    return {
        "front": (site / "index.html", "Old World Classic"),
        "team": (one("teams", "<h1>Orcland Raiders</h1>"), "Grak Skullsplitta"),
        "long team": (one("teams", f"<h1>{LONG_TEAM}</h1>"), LONG_PLAYER),
        "player": (one("players", "<h1>Grak Skullsplitta</h1>"), "Orcland Raiders"),
        "referee": (next(p for p in sorted((site / "referees").glob("*-*.html"))), "Game by game"),
        "season": (site / "seasons" / "3.html", "Orcland Raiders"),
        "magazine": (next((site / "magazine").glob("season-*.html")), "The league magazine"),
        "teams": (site / "teams" / "index.html", LONG_TEAM),
    }[kind]


KINDS = ["front", "team", "long team", "player", "referee", "season", "magazine", "teams"]


@pytest.mark.parametrize("kind", KINDS)
def test_no_page_scrolls_sideways_on_a_phone_or_a_laptop(site, devtools, kind):
    path, _name = _page(site, kind)
    phone = devtools.layout(path.as_uri(), 390, mobile=True)
    assert phone["cssLayoutViewport"]["clientWidth"] == 390 and phone["cssContentSize"]["width"] <= 390, phone
    laptop = devtools.layout(path.as_uri(), 1366, 768, mobile=False)
    assert laptop["cssContentSize"]["width"] <= laptop["cssLayoutViewport"]["clientWidth"], laptop


def test_the_width_check_catches_a_page_wider_than_a_phone(devtools, tmp_path):
    wide = tmp_path / "wide.html"
    wide.write_text('<!DOCTYPE html><html lang="en"><head><meta name="viewport" content="width=device-width">'
                    '<title>Wide</title></head><body><table><tr><td>' + "W" * 60 + "</td><td>" + "x " * 10
                    + "</td></tr></table><div style=\"width:700px\">wide</div></body></html>")  # fmt: skip
    phone = devtools.layout(wide.as_uri(), 390, mobile=True)
    assert phone["cssLayoutViewport"]["clientWidth"] > 390 or phone["cssContentSize"]["width"] > 390


@pytest.mark.parametrize("kind", ["front", "team", "player"])
def test_the_front_a_team_and_a_player_render_at_390_and_1366(site, home, tmp_path, kind):
    path, name = _page(site, kind)
    dom = browser.dump_dom(path.as_uri(), 390, home)
    assert "</html>" in dom and name in dom.replace("&amp;", "&")
    for width in (390, 1366):
        png = tmp_path / f"{kind}-{width}.png"
        browser.screenshot(path.as_uri(), png, width, home)
        assert browser.png_size(png) == (width, 900)
        assert png.stat().st_size > 10_000  # a page drawn, not a blank one (a white PNG is ~1 KB)
