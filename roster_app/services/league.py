"""The league itself: a new league (a file, a shared league on a server, or one in memory), seeded with its
own ruleset copy, season 1 and the sample Star Refs; renaming it.

The store makes the empty schema; this service fills it; safety/opening.py opens the result like any league.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, SQLModel

from roster_app.errors import DugoutError, LeagueFileError, RuleViolation, ServerError
from roster_app.i18n import _
from roster_app.queries.fetch import league_row
from roster_app.rules.limits import NAME_LENGTH
from roster_app.rules.ruleset import TABLES, Ruleset, load_bundled
from roster_app.safety.atomic import ExportError, atomic_path
from roster_app.safety.locking import holder_of
from roster_app.safety.opening import open_league, open_server_league
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB, create_schema, file_engine, memory_engine
from roster_app.store.models import League, Referee, RulesetTable, Season
from roster_app.store.server import drop_version_table, prepare_empty, server_engine, server_error
from roster_app.words import tidy


def seed_new_league(db: LeagueDB, *, name: str, ruleset: Ruleset) -> Change:
    """Fill a new, empty league file: the league record, its own copy of the ruleset, season 1, sample Star Refs."""
    with db.write(_("create league {name}").format(name=name)) as tx:
        session = tx.session
        session.add(League(name=name, ruleset_name=ruleset.name, ruleset_key=ruleset.key))
        for key in TABLES:
            session.add(RulesetTable(key=key, data=ruleset.table(key), is_default=True))
        session.add(Season(number=1))
        add_sample_star_refs(session, ruleset)
        tx.undoable = False
    return tx.change


def add_sample_star_refs(session: Session, ruleset: Ruleset) -> None:
    for ref in ruleset.table("star_refs")["refs"]:
        session.add(
            Referee(
                name=ref["name"], race=ref["race"], is_star=True, is_sample=True,
                ma=ref["ma"], st=ref["st"], ag=ref["ag"], av=ref["av"],
                skills=list(ref["skills"]), equipment=list(ref["equipment"]),
                description=ref.get("description", ""),
            )
        )  # fmt: skip


LEAGUE_NAME_LENGTH = NAME_LENGTH  # as long as an imported league's name may be (rules/limits.py)


def league_name(name: str, refusal: type[Exception]) -> str:
    """The league's name as typed, tidied (roster_app/words.py), or `refusal` saying why it cannot be one."""
    name = tidy(name)
    if not name:
        raise refusal(_("A league needs a name."))
    if len(name) > LEAGUE_NAME_LENGTH:
        raise refusal(
            _("A league name can be at most {league_name_length} characters long.").format(
                league_name_length=LEAGUE_NAME_LENGTH
            )
        )
    return name


def rename_league(db: LeagueDB, *, name: str) -> Change:
    name = league_name(name, RuleViolation)
    with db.write(_("rename league to {name}").format(name=name)) as tx:
        league = league_row(tx.session)
        league.name = name
        tx.session.add(league)
    return tx.change


def create_league(path: Path | str, *, name: str, ruleset_key: str = "lrb4", overwrite: bool = False) -> LeagueDB:
    """Create a new league file (written to a temporary file first, then moved into place) and open it."""
    path = Path(path)
    name = league_name(name, LeagueFileError)
    try:
        taken = path.exists()
    except OSError as exc:  # a name longer than the disk allows, a folder that cannot be looked into
        raise LeagueFileError(
            _("'{name}' cannot be a league file here ({strerror}).").format(
                name=path.name[:60], strerror=exc.strerror
            )
        ) from None
    if taken and not overwrite:
        raise LeagueFileError(_("A file already exists at {path}; choose another name.").format(path=path))
    holder = holder_of(path) if path.exists() else None
    if holder is not None:
        raise LeagueFileError(
            _("'{name}' is in use by {describe}; it cannot be replaced now.").format(
                name=path.name, describe=holder.describe()
            )
        )
    ruleset = load_bundled(ruleset_key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a folder that cannot be made or written: nothing is left behind
        raise LeagueFileError(
            _("The league could not be made in {parent} ({strerror}). Nothing was made.").format(
                parent=path.parent, strerror=exc.strerror
            )
        ) from None
    try:
        with atomic_path(path, verify=_opens) as tmp:  # beside it, synced, opened, then renamed into place
            engine = file_engine(tmp, read_only=False)
            try:
                create_schema(engine)
                seed_new_league(LeagueDB(engine, path=tmp), name=name, ruleset=ruleset)
            finally:
                engine.dispose()
    except ExportError as exc:
        raise LeagueFileError(
            _("The league could not be made in {parent}: {exc}").format(parent=path.parent, exc=exc)
        ) from None
    except DBAPIError as exc:
        full = getattr(exc.orig, "sqlite_errorname", "") == "SQLITE_FULL"
        reason = _("the disk is full") if full else str(exc.orig)
        raise LeagueFileError(
            _("The league could not be made in {parent} ({reason}). Nothing was made.").format(
                parent=path.parent, reason=reason
            )
        ) from None
    return open_league(path, backup=False)  # nothing to back up yet


def _opens(path: Path) -> str | None:
    """A new league file that would not open as one (safety.inspection, the checks opening it makes)."""
    from roster_app.safety.inspection import check_opens

    try:
        check_opens(path)
    except DugoutError as exc:
        return str(exc)
    return None


def memory_league(*, name: str = "Test League", ruleset_key: str = "lrb4") -> LeagueDB:
    """An in-memory league (tests and previews): a copy of the new league of that name and ruleset, which is
    made once per process (making the schema and seeding it take ~80 ms, the copy ~1 ms)."""
    return LeagueDB(
        memory_engine(copy_of=_new_memory_league(league_name(name, RuleViolation), ruleset_key).engine)
    )


@cache
def _new_memory_league(name: str, ruleset_key: str) -> LeagueDB:
    db = LeagueDB(memory_engine())
    seed_new_league(db, name=name, ruleset=load_bundled(ruleset_key))
    return db


def create_server_league(url: str | URL, *, name: str, ruleset_key: str = "lrb4") -> LeagueDB:
    """A new league in an empty PostgreSQL database (tables from the models, stamped with the head revision)."""
    name = league_name(name, ServerError)
    ruleset = load_bundled(ruleset_key)
    engine = server_engine(url)
    try:
        prepare_empty(engine)
        try:
            create_schema(engine)
            seed_new_league(LeagueDB(engine), name=name, ruleset=ruleset)
        except BaseException:
            SQLModel.metadata.drop_all(engine)
            drop_version_table(engine)
            raise
    except DBAPIError as exc:
        raise server_error(exc, engine) from None
    finally:
        engine.dispose()
    return open_server_league(url)
