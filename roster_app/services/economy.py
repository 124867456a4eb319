"""Switching a league to its edition's economy, at a season's end, after a preview of what changes.

A league made before each edition had its own economy plays the 3rd-edition one it was made with (migration
`economy`); nothing changes under a running league. Between seasons the commissioner may switch it to the
economy its ruleset bundles (LRB 6's team value, winnings by dice and FAME, fan factor rolls and spiralling
expenses ...): `economy_preview` says table by table and team by team what changes, `switch_economy` writes
every economy table in one transaction (one undo step). Editing the Economy table itself waits for a season's
end too: what a team is worth and where its money comes from never change between two matches of a season.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from roster_app.errors import RulesetError, RuleViolation
from roster_app.i18n import _
from roster_app.queries.rosters import team_sheet
from roster_app.rules import economy
from roster_app.rules.ruleset import TABLES, Ruleset
from roster_app.services.ruleset import META_KEYS, _problem, _store, bundled_default, check_tables, season_refusal
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import Team
from roster_app.words import possessive


@dataclass(frozen=True)
class TeamWorth:
    name: str
    before: str  # "Team rating 112"
    after: str  # "Team value 1,120,000 gp"


@dataclass(frozen=True)
class EconomyPreview:
    """What switching to the edition's economy changes: (what, now, after) lines, each team's worth, the
    tables replaced, and why it cannot be done now (None: it can)."""

    edition_before: str
    edition_after: str
    lines: tuple[tuple[str, str, str], ...]
    teams: tuple[TeamWorth, ...]
    tables: tuple[str, ...]  # the titles of the tables that change
    refusal: str | None

    @property
    def changes(self) -> bool:
        return bool(self.tables)


def _rules_only(data: Any) -> Any:
    return {k: v for k, v in data.items() if k not in META_KEYS} if isinstance(data, dict) else data


def edition_tables(ruleset: Ruleset) -> dict[str, Any]:
    """The economy tables the league's ruleset bundles (its edition's), by key; {} when Dugout does not bundle
    the ruleset."""
    out = {}
    for key in economy.ECONOMY_TABLES:
        data = bundled_default(ruleset.key, key)
        if data is None:
            return {}
        out[key] = data
    return out


def economy_preview(db: LeagueDB) -> EconomyPreview:
    """What switching the league to its edition's economy would change, and whether it may be done now."""
    now = db.ruleset
    tables = edition_tables(now)
    if not tables:
        raise RuleViolation(_("This Dugout does not bundle the league's ruleset ({name}): it has no edition's economy to switch to.").format(name=now.name))  # fmt: skip
    after = Ruleset(now.name, now.key, now.version, {**now.tables, **tables})
    changed = tuple(
        TABLES[k] for k in economy.ECONOMY_TABLES if _rules_only(now.table(k)) != _rules_only(tables[k])
    )
    before_lines, after_lines = dict(economy.describe(now)), dict(economy.describe(after))
    lines = tuple((what, before_lines.get(what, ""), how) for what, how in after_lines.items())
    with db.read() as session:
        refusal = season_refusal(session)
        teams = []
        for team in session.scalars(select(Team).order_by(Team.name)):
            sheet = team_sheet(session, team)
            teams.append(TeamWorth(team.name, economy.worth_text(economy.team_worth(sheet, now), now),
                                   economy.worth_text(economy.team_worth(sheet, after), after)))  # fmt: skip
    if not changed:
        refusal = _("The league already plays {owner} economy.").format(
            owner=possessive(economy.economy(now).edition), name=economy.economy(now).edition
        )
    return EconomyPreview(economy.economy(now).edition, economy.economy(after).edition, lines, tuple(teams),
                          changed, refusal)  # fmt: skip


def switch_economy(db: LeagueDB) -> Change:
    """Write every economy table of the league's edition (one transaction); refused mid-season in words."""
    preview = economy_preview(db)
    if preview.refusal:
        raise RuleViolation(_("{refusal} Nothing was changed.").format(refusal=preview.refusal))
    tables = edition_tables(db.ruleset)
    try:
        check_tables(db, tables)
    except RulesetError as exc:
        raise RuleViolation(_("{problem}. Nothing was changed.").format(problem=_problem(exc))) from None
    with db.write() as tx:
        refusal = season_refusal(
            tx.session
        )  # checked again inside the transaction: another Dugout may have played
        if refusal:
            raise RuleViolation(_("{refusal} Nothing was changed.").format(refusal=refusal))
        for key, data in tables.items():
            _store(tx.session, key, data, data)
        tx.label = _("switch to {owner} economy").format(
            owner=possessive(preview.edition_after), name=preview.edition_after
        )
        tx.result = preview.edition_after
    return tx.change


def preview_words(preview: EconomyPreview) -> str:
    """The preview in words for the commissioner: what changes, each team's worth before and after."""
    lines = [
        _("Switch from {owner} economy to {owner2}:").format(
            owner=possessive(preview.edition_before),
            owner2=possessive(preview.edition_after),
            name=preview.edition_before,
            owner2_name=preview.edition_after,
        )
    ]
    lines += [f"- {what}: {now or '-'} -> {after}" for what, now, after in preview.lines if now != after]
    if preview.teams:
        lines.append(_("What each team is worth:"))
        lines += [f"- {t.name}: {t.before} -> {t.after}" for t in preview.teams]
    if preview.tables:
        lines.append(
            _("Tables replaced by {owner}: {items}.").format(
                owner=possessive(preview.edition_after),
                items=", ".join(preview.tables),
                name=preview.edition_after,
            )
        )
    return "\n".join(lines)
