"""The league's contracts: one row per contract, with the tally of seasons served."""

from __future__ import annotations

from typing import Any

from roster_app.i18n import N_, _, term
from roster_app.queries.contracts import ContractRow
from roster_app.words import count
from ui.kit.columns import CENTER, FONT, FOREGROUND, RIGHT, Column, RowTableModel, brush, font, gp

STATUS_ORDER = {
    "final season": 0,
    "running": 1,
    "free agent": 2,
    "expired": 3,
    "ended by transfer": 4,
    "reversed": 5,
    "ended (dead)": 6,
    "ended (retired)": 6,
}
# a contract's status (the query's word, a key here) as the commissioner reads it
STATUS_WORDS = {
    "final season": N_("final season"), "running": N_("running"), "free agent": N_("free agent"),
    "expired": N_("expired"), "ended by transfer": N_("ended by transfer"), "reversed": N_("reversed"),
    "ended (dead)": N_("ended (dead)"), "ended (retired)": N_("ended (retired)"), "ended: he died": N_("ended: he died"),
}  # fmt: skip
STATUS_COLOURS = {"final season": "#9a5b00", "free agent": "#1f5fa8", "expired": "#8a8a8a",
                  "ended by transfer": "#8a8a8a", "reversed": "#8a8a8a"}  # fmt: skip


def _length(r: ContractRow) -> str:
    return count(r.seasons, "season")


def _how(r: ContractRow) -> str:
    how = _("renewal") if r.renewal else (_("signed on transfer") if r.via_transfer else _("signed"))
    return _("{player}: {how} in season {season}, {rolls}, {cost} gp").format(
        player=r.player, how=how, season=r.signed_season, rolls=count(r.rolls, "star player roll"), cost=gp(r.cost)
    )


def _signed(r: ContractRow) -> str:
    note = _(" · renewal") if r.renewal else (_(" · on transfer") if r.via_transfer else "")
    return _("season {season}").format(season=r.signed_season) + note


class ContractsModel(RowTableModel):
    COLUMNS = (
        Column("player", N_("Player"), lambda r: r.player, sort=lambda r: r.player.lower(), tip=_how),
        Column("position", N_("Position"), lambda r: term("position", r.position)),
        Column("team", N_("Team"), lambda r: r.team, sort=lambda r: (r.team.lower(), r.player.lower())),
        Column("rolls", N_("Rolls at signing"), lambda r: r.rolls, align=CENTER),
        Column("seasons", N_("Length"), _length, sort=lambda r: r.seasons, align=CENTER),
        Column("tally", N_("Seasons served"), lambda r: r.tally, sort=lambda r: (r.served, r.seasons)),
        Column("left", N_("Seasons left"), lambda r: r.left, align=CENTER),
        Column("cost", N_("Cost paid"), lambda r: gp(r.cost), sort=lambda r: r.cost, align=RIGHT),
        Column("signed", N_("Signed"), _signed, sort=lambda r: (r.signed_season, r.id), tip=_how),
        Column(
            "status",
            N_("Status"),
            lambda r: _(STATUS_WORDS[r.status]) if r.status in STATUS_WORDS else r.status,
            sort=lambda r: (STATUS_ORDER.get(r.status, 9), r.left),
        ),
    )

    ROLES = frozenset({FOREGROUND, FONT})

    def extra_data(self, row: ContractRow, column: Column, role: int) -> Any:
        if role == FOREGROUND:
            whole_row = row.status not in ("free agent", "final season")  # grey out ended contracts entirely
            if row.status in STATUS_COLOURS and (whole_row or column.key in ("status", "tally", "left")):
                return brush(STATUS_COLOURS[row.status])
            return None
        if column.key == "tally":
            return font(bold=True, monospace=True)
        if column.key == "status" and row.status in ("final season", "free agent"):
            return font(bold=True)
        return None
