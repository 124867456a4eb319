"""Table models of the league's story: awards, the refs' seasons, records, and the three kinds of career."""

from __future__ import annotations

from typing import Any

from roster_app.i18n import N_, _, term
from roster_app.queries.careers import CareerGame, TimelinePoint
from ui.kit.columns import CENTER, RIGHT, Column, RowTableModel, gp, stage_shown


class AwardsModel(RowTableModel):
    COLUMNS = (
        Column("title", N_("Award"), lambda r: r.title),
        Column("name", N_("Player"), lambda r: r.name),
        Column("team", N_("Team"), lambda r: r.team),
        Column("value", N_("Total"), lambda r: r.value, align=RIGHT),
    )


class HonoursModel(RowTableModel):
    """The roll of honour: each competition of a season and who won it (issue 33)."""

    COLUMNS = (
        Column("season", N_("Season"), lambda r: r.season, align=CENTER),
        Column("competition", N_("Competition"), lambda r: r.competition),
        Column("winner", N_("Won by"), lambda r: r.winner or r.note),
        Column("runner_up", N_("Runners-up"), lambda r: r.runner_up),
    )


class RefSeasonModel(RowTableModel):
    COLUMNS = (
        Column("name", N_("Referee"), lambda r: r.name),
        Column("matches", N_("Matches"), lambda r: r.matches, align=CENTER),
        Column("awards", N_("Awards"), lambda r: r.awards, align=CENTER),
        Column("sackings", N_("Sacked"), lambda r: r.sackings, align=CENTER),
        Column("deaths", N_("Deaths"), lambda r: r.deaths, align=CENTER),
    )


class RecordsModel(RowTableModel):
    COLUMNS = (
        Column("title", N_("Record"), lambda r: r.title),
        Column(
            "value",
            N_("Figure"),
            lambda r: gp(r.value) if r.key == "transfer" else r.value,
            sort=lambda r: r.value,
            align=RIGHT,
        ),  # fmt: skip
        Column("holder", N_("Holder"), lambda r: r.holder),
        Column("team", N_("Team"), lambda r: r.team),
        Column("season", N_("Season"), lambda r: r.season or "", align=CENTER),
        Column("detail", N_("Where"), lambda r: r.detail),
    )


def _when(r: CareerGame | TimelinePoint) -> str:
    return _("S{season} R{round}").format(season=r.season, round=r.round) + (
        "" if r.stage == "league" else f" ({stage_shown(r.stage)})"
    )


class PlayerGamesModel(RowTableModel):
    COLUMNS = (
        Column("when", N_("Game"), _when, sort=lambda r: (r.season, r.round, r.match_id)),
        Column("team", N_("Team"), lambda r: r.team),
        Column("opponent", N_("Opponent"), lambda r: r.opponent),
        Column("score", N_("Score"), lambda r: r.score, align=CENTER),
        Column("td", N_("TD"), lambda r: r.touchdowns or "", align=CENTER),
        Column("cas", N_("Cas"), lambda r: r.casualties or "", align=CENTER),
        Column("comp", N_("Comp"), lambda r: r.completions or "", align=CENTER),
        Column("int", N_("Int"), lambda r: r.interceptions or "", align=CENTER),
        Column("mvp", N_("MVP"), lambda r: "MVP" if r.mvp else "", align=CENTER),
        Column("spp", N_("SPP"), lambda r: r.spp, align=RIGHT),
        Column("total", N_("Total"), lambda r: r.spp_total, align=RIGHT),
        Column("injury", N_("Injury"), lambda r: r.injury),
        Column("advances", N_("Advances"), lambda r: ", ".join(r.advances)),
    )


def _worth(worth: int | None) -> str:
    """A game's new team rating (points) or team value (gold: an LRB 5/6 sequence records it): a rating never
    reaches 10,000 points (100,000,000 gp of team), a team value never falls below it."""
    if worth is None:
        return ""
    return gp(worth) if worth >= 10_000 else str(worth)


class TimelineModel(RowTableModel):
    COLUMNS = (
        Column("when", N_("Game"), _when, sort=lambda r: (r.season, r.round, r.match_id)),
        Column("opponent", N_("Opponent"), lambda r: r.opponent),
        Column("score", N_("Score"), lambda r: r.score, align=CENTER),
        Column(
            "rating",
            N_("Rating / value"),
            lambda r: _worth(r.rating),
            sort=lambda r: r.rating or 0,
            align=RIGHT,
            tip=lambda r: _("the team rating (3rd edition, LRB 4.0) or team value (LRB 5/6) after the game"),
        ),
        Column("treasury", N_("Treasury"), lambda r: gp(r.treasury), sort=lambda r: r.treasury, align=RIGHT),
        Column("fans", N_("Fan factor"), lambda r: "" if r.fan_factor is None else r.fan_factor, align=CENTER),
    )


class LedgerLinesModel(RowTableModel):
    COLUMNS = (
        Column("kind", N_("Kind"), lambda r: r.kind),
        Column("reason", N_("Reason"), lambda r: r.reason),
        Column("amount", N_("Amount"), lambda r: gp(r.amount), sort=lambda r: r.amount, align=RIGHT),
        Column("balance", N_("Balance"), lambda r: gp(r.balance), sort=lambda r: r.balance, align=RIGHT),
    )


class RefereeGamesModel(RowTableModel):
    COLUMNS = (
        Column(
            "when",
            N_("Game"),
            lambda r: _("S{season} R{round}").format(season=r.season, round=r.round) if r.season else "",
            sort=lambda r: r.sheet_id,
        ),  # fmt: skip
        Column("fixture", N_("Fixture"), lambda r: r.fixture),
        Column(
            "range",
            N_("In range"),
            lambda r: _("{n} of {most}").format(n=r.in_range, most=r.turns_played),
            sort=lambda r: r.in_range,
            align=CENTER,
        ),  # fmt: skip
        Column("cas", N_("Casualties"), lambda r: r.casualties or "", align=CENTER),
        Column("sent_off", N_("Sent off"), lambda r: r.sent_off or "", align=CENTER),
        Column("warnings", N_("Warnings"), lambda r: r.warnings or "", align=CENTER),
        Column(
            "fouls",
            N_("Fouls spotted / missed"),
            lambda r: f"{r.fouls_spotted} / {r.fouls_missed}" if r.fouls_spotted or r.fouls_missed else "",
            sort=lambda r: r.fouls_spotted,
            align=CENTER,
        ),  # fmt: skip
        Column("state", N_("Ended"), lambda r: r.state),
        Column("result", N_("Verdict"), lambda r: r.result),
        Column("spp", N_("SPP"), lambda r: r.spp, align=RIGHT),
    )


class StarCareersModel(RowTableModel):
    """Star Players' careers in the league (issue 32): each star under his own name, whoever hired him."""

    COLUMNS = (
        Column("name", N_("Star Player"), lambda r: term("star", r.name), tip=lambda r: _star_games(r)),
        Column("teams", N_("Hired by"), lambda r: ", ".join(r.teams)),
        Column("games", N_("Games"), lambda r: len(r.games), align=CENTER),
        Column("touchdowns", N_("TD"), lambda r: r.touchdowns, align=CENTER),
        Column("casualties", N_("Cas"), lambda r: r.casualties, align=CENTER),
        Column("mvps", N_("MVP"), lambda r: r.mvps, align=CENTER),
        Column("last", N_("Last game"), lambda r: _star_last(r),
               sort=lambda r: (r.games[-1].season, r.games[-1].round)),
    )  # fmt: skip

    def __init__(self, parent: Any = None):
        super().__init__(parent)
        self._headers = tuple(_(c.header) for c in self.COLUMNS)  # the titles in the commissioner's language


def _star_games(career: Any) -> str:
    """Every game of a star's career, one a line (the name's tooltip)."""
    return "\n".join(
        _("Season {season}, round {round}: {team} v {opponent}: {td} TD, {cas} Cas{mvp}").format(
            season=g.season,
            round=g.round,
            team=g.team,
            opponent=g.opponent,
            td=g.touchdowns,
            cas=g.casualties,
            mvp=_(", MVP") if g.mvp else "",
        )
        for g in career.games
    )


def _star_last(career: Any) -> str:
    game = career.games[-1]
    return _("Season {season}, round {round}: {team} v {opponent}").format(
        season=game.season, round=game.round, team=game.team, opponent=game.opponent
    )
