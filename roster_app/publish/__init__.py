"""The league as a static website for its coaches (`dugout publish`, File > Publish League Website...).

pages.py makes each page's HTML from what the queries read (markup.py its pieces, svg.py its charts),
site.py lists the pages with the digest of what each is made from (sources.py), folder.py writes them beside
the target folder and swaps them in. Reads only: nothing here writes league data.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from roster_app.publish.folder import Progress, Published
    from roster_app.store.db import LeagueDB


def publish_league(
    db: LeagueDB,
    folder: Path | str,
    *,
    show_money: bool = False,
    force: bool = False,
    today: date | None = None,
    progress: Progress | None = None,
    language: str | None = None,
) -> Published:
    """Publish the league's website into `folder` (refusals in words: DugoutError); see publish/folder.py. The
    pages speak `language` (a code of i18n.LANGUAGES; None: the app's language)."""
    from roster_app import i18n

    with i18n.language(language):
        return _publish(db, folder, show_money=show_money, force=force, today=today, progress=progress)


def _publish(db: LeagueDB, folder: Path | str, *, show_money: bool, force: bool, today: date | None,
             progress: Progress | None) -> Published:  # fmt: skip
    from roster_app.i18n import _
    from roster_app.publish.folder import NotASite, check_folder, write_site
    from roster_app.publish.site import plan
    from roster_app.queries.rosters import league_info

    name = league_info(db).name
    old = check_folder(Path(folder).expanduser().absolute(), force=force)  # refused before the league is read
    if old and old.get("league") not in (None, "", name) and not force:
        raise NotASite(_("The folder {folder} holds the website of another league, {other}. Nothing was "
                         "published: choose another folder for {league}, or publish anyway (--force) to put this "
                         "league's website in its place.").format(folder=folder, other=old["league"], league=name))  # fmt: skip
    pages = plan(db, show_money=show_money, today=today, previous=old)
    return write_site(pages, folder, force=force, league=name, progress=progress)
