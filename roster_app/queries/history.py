"""The league's story, read side: seasons kept as history, the league's records, and careers.

A season's history is its final table, champion, awards, leaders and the refs' records; the records are the
best single game, season and career lines of every player, the biggest transfer and the longest contract.
Careers are in `queries/careers.py`. Everything is read from the rows the services wrote: nothing is stored
twice, so a correction or an undo shows in the history at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import case, exists, func, literal_column, null, select, true, union_all
from sqlalchemy.orm import aliased

from roster_app.i18n import N_, _
from roster_app.queries.careers import carried_spp
from roster_app.queries.season import (
    LEADER_COLUMNS,
    PLAYED,
    LeaderRow,
    StandingRow,
    leaders_by,
    leaders_of,
    league_table,
)
from roster_app.store.db import LeagueDB
from roster_app.store.models import (
    Competition,
    Contract,
    League,
    Match,
    MatchPlayer,
    Player,
    Referee,
    RefereeMatch,
    Season,
    Team,
    Transfer,
)
from roster_app.words import gp

LEADERS = ("touchdowns", "casualties", "spp")
AWARD_TITLES = {"touchdowns": N_("Top scorer"), "casualties": N_("Most casualties"), "spp": N_("Star of the season"),
                "mvp": N_("Most MVP awards")}  # fmt: skip


@dataclass(frozen=True)
class Award:
    title: str
    player_id: int
    name: str
    team: str
    value: int


@dataclass(frozen=True)
class RefSeasonRow:
    id: int  # the referee
    name: str
    matches: int  # finished match sheets
    awards: int
    sackings: int
    deaths: int


@dataclass(frozen=True)
class SeasonHistory:
    number: int
    finished: bool
    table: tuple[StandingRow, ...]
    champion_id: int | None  # the final's winner, else the top of the table; None until the season ends
    champion: str
    awards: tuple[Award, ...]
    leaders: dict[str, tuple[LeaderRow, ...]]
    referees: tuple[RefSeasonRow, ...]
    matches: int  # played
    upto_round: int | None = None  # the season as it stood after this round (None: as it stands or ended)


# -- one competition's games ----------------------------------------------------------------------
@dataclass(frozen=True)
class CompetitionChoice:
    """A competition as the league's history follows it from season to season: the league fixtures, or an open
    tournament by its name and format (the Spike Cup of every season it was played)."""

    key: str  # "league", or "<format>:<name in lower case>"
    name: str
    format: str

    @property
    def league(self) -> bool:
        return self.format == "league"


LEAGUE_CHOICE = CompetitionChoice("league", N_("League fixtures"), "league")  # the name translated where shown


def competition_choices(db: LeagueDB, season: int | None = None) -> list[CompetitionChoice]:
    """The competitions whose history can be followed: the league fixtures, then each open tournament by name and
    format in the order first played (`season`: those of that season, in its order)."""
    with db.read() as session:
        query = select(Competition.name, Competition.format).where(Competition.format != "league")
        if season is not None:
            query = query.where(Competition.season == season)
        rows = session.execute(query.order_by(Competition.season, Competition.position, Competition.id)).all()
    out = {LEAGUE_CHOICE.key: LEAGUE_CHOICE}
    for name, fmt in rows:
        out.setdefault(f"{fmt}:{name.lower()}", CompetitionChoice(f"{fmt}:{name.lower()}", name, fmt))
    return list(out.values())


def in_competition(choice: CompetitionChoice | None):  # noqa: ANN201 - a SQLAlchemy condition on Match
    """The matches of the competition (every edition of a tournament of that name and format); None: every match."""
    if choice is None:
        return true()
    if choice.league:
        return Match.stage == "league"
    editions = select(Competition.id).where(
        Competition.format == choice.format, func.lower(Competition.name) == choice.key.split(":", 1)[1]
    )
    return Match.competition_id.in_(editions)


def season_numbers(db: LeagueDB) -> list[int]:
    """Every season the league has had, the current one last."""
    with db.read() as session:
        numbers = set(session.scalars(select(Season.number)))
        numbers |= set(session.scalars(select(Match.season).distinct()))
        numbers.add(session.scalars(select(League.current_season)).one())
    return sorted(numbers)


def played_rounds(db: LeagueDB, number: int, competition: CompetitionChoice | None = None) -> list[int]:
    """The rounds of the season with at least one match played (of the competition), in order."""
    with db.read() as session:
        rounds = session.scalars(
            select(Match.round)
            .where(Match.season == number, Match.status.in_(PLAYED), in_competition(competition))
            .distinct()
        )
        return sorted(rounds)


def league_rounds(db: LeagueDB) -> list[tuple[int, int]]:
    """(season, round) of every round of the league with a match played, oldest first."""
    with db.read() as session:
        rows = session.execute(select(Match.season, Match.round).where(Match.status.in_(PLAYED)).distinct())
        return sorted((season, rnd) for season, rnd in rows)


def _finished(db: LeagueDB, number: int) -> bool:
    with db.read() as session:
        current = session.scalars(select(League.current_season)).one()
        ended = session.scalar(select(Season.ended_at).where(Season.number == number))
    return number < current or ended is not None


def _final_winner(db: LeagueDB, number: int) -> int | None:
    """The season's champion by a final: its playoffs' winner, else the winner of a final typed as a fixture
    (a cup's final crowns the cup's winner, not the league's champion: queries/competitions.py)."""
    with db.read() as session:
        playoffs = session.scalar(
            select(Competition.winner_team_id)
            .where(
                Competition.season == number, Competition.format == "playoffs", Competition.status == "finished"
            )
            .order_by(Competition.position.desc())
        )
        if playoffs is not None:
            return playoffs
        final = session.execute(
            select(Match.home_team_id, Match.away_team_id, Match.home_score, Match.away_score)
            .where(
                Match.season == number,
                Match.stage == "final",
                Match.status.in_(PLAYED),
                Match.competition_id.is_(None),
            )
            .order_by(Match.round.desc(), Match.id.desc())
        ).first()
    if final is None or final[2] == final[3]:
        return None
    return final[0] if final[2] > final[3] else final[1]


def champion(db: LeagueDB, number: int) -> tuple[int, str] | None:
    """(id, name) of the season's champion as `season_history` names him (the final's winner, else the top of
    the table), without the rest of the history; None until the season ends or when no game was played."""
    if not _finished(db, number):
        return None
    table = league_table(db, number)
    winner = _final_winner(db, number) or (table[0].id if table and table[0].played else None)
    return next(((row.id, row.name) for row in table if row.id == winner), None)


def referee_season(db: LeagueDB, number: int, *, upto_round: int | None = None,
                   competition: CompetitionChoice | None = None) -> list[RefSeasonRow]:  # fmt: skip
    """Each ref who finished a match sheet in the season: matches, awards, sackings and deaths (one aggregate);
    `upto_round`: the sheets of that round and the earlier ones; `competition`: of its games only."""
    upto = [in_competition(competition)] + ([] if upto_round is None else [Match.round <= upto_round])
    count = func.count(RefereeMatch.id)
    with db.read() as session:
        rows = session.execute(
            select(Referee.id, Referee.name, count,
                   func.sum(case((RefereeMatch.result == "award", 1), else_=0)),
                   func.sum(case((RefereeMatch.result == "sacked", 1), else_=0)),
                   func.sum(case((RefereeMatch.state == "dead", 1), else_=0)))
            .join(RefereeMatch, RefereeMatch.referee_id == Referee.id)
            .join(Match, Match.id == RefereeMatch.match_id)
            .where(Match.season == number, RefereeMatch.finished.is_(True), *upto)
            .group_by(Referee.id, Referee.name)
            .order_by(count.desc(), Referee.name)
        ).all()  # fmt: skip
    return [RefSeasonRow(*row) for row in rows]


def _mvps():  # noqa: ANN202 - a SQLAlchemy sum
    """A player's MVP awards over his match lines."""
    return func.sum(case((MatchPlayer.mvp.is_(True), 1), else_=0))


def mvp_leaders(db: LeagueDB, number: int, limit: int = 3, *, upto_round: int | None = None,
                competition: CompetitionChoice | None = None) -> list[LeaderRow]:  # fmt: skip
    """The season's players with the most MVP awards (in the competition's games)."""
    where = () if competition is None else (in_competition(competition),)
    return leaders_by(db, _mvps(), season=number, limit=limit, upto_round=upto_round, where=where)


def _awards(tops: dict[str, list[LeaderRow]]) -> tuple[Award, ...]:
    """The season's awards: the top of each leaders' list (every player who shares first place)."""
    out = []
    for what, rows in tops.items():
        for row in rows:
            if row.value == rows[0].value:
                out.append(Award(_(AWARD_TITLES[what]), row.id, row.name, row.team, row.value))
    return tuple(out)


def season_history(db: LeagueDB, number: int, *, limit: int = 5, upto_round: int | None = None,
                   competition: CompetitionChoice | None = None) -> SeasonHistory:  # fmt: skip
    """One season as the league will remember it (the current one as it stands, without a champion); with
    `upto_round`, the table, leaders, awards so far and refs as they stood after that round (no champion).
    `competition`: the season of one competition (issue 33): its table (a tournament's: its standing, a
    knock-out's teams by the round they reached), its leaders, awards, refs and winner."""
    finished = _finished(db, number) and upto_round is None
    where = () if competition is None else (in_competition(competition),)
    winner_id = None
    if competition is None or competition.league:
        table = league_table(db, number, upto_round=upto_round)
    else:
        from roster_app.queries.competitions import tournament_table

        table, winner_id = tournament_table(db, number, competition, upto_round=upto_round)
        finished = winner_id is not None and upto_round is None
    sums = {what: func.sum(LEADER_COLUMNS[what]) for what in LEADERS}  # the four lists in one pass
    sums["mvp"] = _mvps()
    tops = leaders_of(db, sums, season=number, limit=limit, upto_round=upto_round, where=where)
    upto = [*where] + ([] if upto_round is None else [Match.round <= upto_round])
    with db.read() as session:
        played = session.scalar(
            select(func.count()).where(Match.season == number, Match.status.in_(PLAYED), *upto)
        )
    champion_id = None
    if finished and played:
        if competition is None:
            champion_id = _final_winner(db, number) or (table[0].id if table and table[0].played else None)
        else:  # the league fixtures' winner is the top of the table; a tournament's, its winner
            champion_id = winner_id or (table[0].id if competition.league and table and table[0].played else None)
    names = {row.id: row.name for row in table}
    return SeasonHistory(
        number, finished, tuple(table), champion_id, names.get(champion_id, ""), _awards(tops),
        {what: tuple(rows) for what, rows in tops.items() if what in LEADERS},
        tuple(referee_season(db, number, upto_round=upto_round, competition=competition)), played, upto_round,
    )  # fmt: skip


def champions(db: LeagueDB) -> list[tuple[int, str]]:
    """(season, champion) of every finished season with a champion, oldest first."""
    out = []
    for number in season_numbers(db):
        history = season_history(db, number, limit=1)
        if history.champion_id is not None:
            out.append((number, history.champion))
    return out


@dataclass(frozen=True)
class RecordRow:
    key: str  # "touchdowns_game" ...: what the record is, for templates and exports
    title: str
    value: int
    holder: str  # a player's name (or the transfer's / contract's player)
    holder_id: int | None  # the player
    team: str
    season: int
    detail: str  # where it was set: "v Reikland Reavers, round 3" ...


RECORD_TITLES = {
    "touchdowns_game": N_("Most touchdowns in a game"), "casualties_game": N_("Most casualties in a game"),
    "touchdowns_season": N_("Most touchdowns in a season"), "casualties_season": N_("Most casualties in a season"),
    "touchdowns_career": N_("Most touchdowns in a career"), "casualties_career": N_("Most casualties in a career"),
    "spp_game": N_("Most SPP in a game"), "spp_season": N_("Most SPP in a season"), "spp_career": N_("Most SPP in a career"),
    "transfer": N_("Biggest transfer"), "contract": N_("Longest contract"),
}  # fmt: skip


def _played_upto(upto: tuple[int, int] | None):  # noqa: ANN202 - a SQLAlchemy condition
    """Played matches, up to and including (season, round) when given: the records as they stood then."""
    condition = Match.status.in_(PLAYED)
    if upto is not None:
        season, rnd = upto
        condition = condition & ((Match.season < season) | ((Match.season == season) & (Match.round <= rnd)))
    return condition


def _game_record(session, key: str, column, upto, *, played=None, within=None, peak=None,  # noqa: ANN001
                 by=None, season=None) -> RecordRow | None:  # fmt: skip
    """The best single line; `played`: a condition on the match in place of `upto` (the lines of one round);
    `within`: a condition on the match (one competition's games). The best value is read first (one pass over
    the lines and their matches), then the first line of it, and only that line is joined to its player and
    teams (ordering every line joined cost most of the records). `peak`: the best value when already read
    (`_total_records`' pass); `by`: the players with a line of that value (the same pass): their lines only
    are searched for the first (through the index on the player, not a pass over every line); `season`: the
    first season with a line of that value (the same pass)."""
    opponent = aliased(Team)
    other = case((Match.home_team_id == MatchPlayer.team_id, Match.away_team_id), else_=Match.home_team_id)
    games = [_played_upto(upto) if played is None else played, true() if within is None else within]
    matches = [*games, column > 0]
    if peak is None:
        joined = select(func.max(column)).select_from(MatchPlayer).join(Match, Match.id == MatchPlayer.match_id)
        best = session.scalar(joined.where(*matches))
    else:
        best = peak
    if best is None or best <= 0:
        return None
    query = (
        select(column, Player.id, Player.name, Team.name, Match.season, Match.round, opponent.name)
        .join(Player, Player.id == MatchPlayer.player_id)
        .join(Team, Team.id == MatchPlayer.team_id)
        .join(Match, Match.id == MatchPlayer.match_id)
        .join(opponent, opponent.id == other)
        .where(*matches)
        .order_by(column.desc(), Match.season, Match.round, Match.id, Player.id)
        .limit(1)
    )
    # a line whose player or opponent is missing is not listed: then the best listed line, as before
    # the first line of the best value (many share a small one): ordered on the match alone, then joined
    among = [] if by is None else [MatchPlayer.player_id.in_(by)]
    if season is not None:  # the season of the first line of the best value (lines ordered by season first):
        # its first game with such a line (each game's lines probed through the index on the match until one
        # is found, not every line of the season ordered), then that game's line of the lowest player id
        game = session.scalar(
            select(Match.id).where(*games, Match.season == season, exists().where(
                MatchPlayer.match_id == Match.id, column == best, *among))
            .order_by(Match.round, Match.id).limit(1)
        )  # fmt: skip
        first = session.scalar(
            select(MatchPlayer.id).where(MatchPlayer.match_id == game, column == best, *among)
            .order_by(MatchPlayer.player_id).limit(1)
        )  # fmt: skip
    else:
        first = session.scalar(
            select(MatchPlayer.id).join(Match, Match.id == MatchPlayer.match_id).where(*matches, *among, column == best)
            .order_by(Match.season, Match.round, Match.id, MatchPlayer.player_id).limit(1)
        )  # fmt: skip
    row = session.execute(query.where(MatchPlayer.id == first)).first() or session.execute(query).first()
    if row is None:
        return None
    value, pid, name, team, season, rnd, against = row
    return RecordRow(
        key,
        _(RECORD_TITLES[key]),
        value,
        name,
        pid,
        team,
        season,
        _("v {against}, round {rnd}").format(against=against, rnd=rnd),
    )


def _transfer_record(session) -> RecordRow | None:  # noqa: ANN001
    seller, buyer = aliased(Team), aliased(Team)
    row = session.execute(
        select(Transfer.price, Player.id, Player.name, buyer.name, Transfer.season, seller.name)
        .join(Player, Player.id == Transfer.player_id)
        .join(seller, seller.id == Transfer.seller_team_id)
        .join(buyer, buyer.id == Transfer.buyer_team_id)
        .where(Transfer.status == "completed", Transfer.price.is_not(None))
        .order_by(Transfer.price.desc(), Transfer.id)
        .limit(1)
    ).first()
    if row is None:
        return None
    price, pid, name, team, season, sold_by = row
    return RecordRow(
        "transfer",
        _(RECORD_TITLES["transfer"]),
        price,
        name,
        pid,
        team,
        season,
        _("from {sold_by}").format(sold_by=sold_by),
    )


def _contract_record(session) -> RecordRow | None:  # noqa: ANN001
    row = session.execute(
        select(Contract.seasons, Player.id, Player.name, Team.name, Contract.signed_season, Contract.cost)
        .join(Player, Player.id == Contract.player_id)
        .join(Team, Team.id == Contract.team_id)
        .where(Contract.status != "reversed")
        .order_by(Contract.seasons.desc(), Contract.id)
        .limit(1)
    ).first()
    if row is None:
        return None
    seasons, pid, name, team, season, cost = row
    return RecordRow("contract", _(RECORD_TITLES["contract"]), seasons, name, pid, team, season, gp(cost))


TOTALS = ("touchdowns", "casualties", "spp")
FEW_PLAYERS = 200  # a game record's first line searched among its holders' lines when they are no more


def unindexed(column):  # noqa: ANN001, ANN201 - a SQLAlchemy expression
    """`column + 0`: the same value, which SQLite cannot read through the column's index. A grouped pass over
    every line of the league is cheapest in table order (then sorted for the grouping); through the index on
    the player, each line is a jump to another page of the table, and that cost grew faster than the lines
    (issue 40). PostgreSQL reads it alike."""
    return column + literal_column("0")


def _tied(top: list, total: int, pid: int) -> None:
    """`top`: [the highest total so far, the players who have it]; `pid`'s total taken in."""
    if total > 0 and total >= top[0]:
        if total > top[0]:
            del top[:]
            top.append(total)
        top.append(pid)


def _first_games(conn, where: list, players: set[int]) -> dict[tuple[int, int], int]:  # noqa: ANN001
    """(player, season) -> the first game (its match id) of each of these players' seasons among the lines `where`
    chooses: a total's tie-break, read through the index on the player for the few players tied at the top."""
    if not players:
        return {}
    rows = conn.execute(
        select(MatchPlayer.player_id, Match.season, func.min(Match.id)).join(Match, Match.id == MatchPlayer.match_id)
        .where(*where, MatchPlayer.player_id.in_(players)).group_by(MatchPlayer.player_id, Match.season)
    )  # fmt: skip
    return {(pid, season): first for pid, season, first in rows}


def _total_records(session, upto, among=None, within=None, peaks=None) -> dict[str, tuple[RecordRow, int]]:  # noqa: ANN001
    """Every season's and career's record of the three totals, with the first game of the record's total (the
    tie-break), from ONE grouped read of a player's seasons (a season at a time), kept in the database (a common
    table expression): each season record is its best rows there (those tied at the top, chosen in SQL), each
    career the sum of a player's seasons (one row a player into Python, not one a player's season: issue 40); the
    first games of the totals tied at the top only are read then (`_first_games`). The rule: the highest total; a
    tie goes to the total whose first game came first, then the lower player id; a player on no team's books is
    not listed. `among`: (the players, the season): only their totals (their careers, and their seasons of that
    season). `within`: a condition on the match (one competition's games: a career there is his games in it,
    without the SPP he brought from before the league's first recorded game). `peaks`: a dict filled with each
    total's best single line's value from the same pass (None: no line above 0) and the players who made it,
    for `_game_record`."""
    where = [_played_upto(upto)] + ([] if within is None else [within])
    if among is not None:
        where.append(MatchPlayer.player_id.in_(among[0]))
    player = unindexed(MatchPlayer.player_id)  # the lines read in table order (see `unindexed`)
    # every line of the league read: the SPP of completed games too (a career's SPP less those of the games
    # still awaiting their post-match sequence, a few lines), which `carried_spp` would read again
    every = upto is None and within is None and among is None

    def grouped_lines(*season):  # noqa: ANN001, ANN202 - a player's totals and best lines a season
        # (not the first game of each: a tie-break, read for the few totals tied at the top, `_first_games`)
        return (
            select(player.label("pid"), Match.season.label("season"),
                   *(func.sum(getattr(MatchPlayer, w)).label(w) for w in TOTALS),
                   *(func.max(getattr(MatchPlayer, w)).label(f"top_{w}") for w in TOTALS))
            .join(Match, Match.id == MatchPlayer.match_id)
            .where(*where, *season)
            .group_by(player, Match.season)
        )  # fmt: skip

    # each season grouped on its own, its games found through the index on the season: sorting a season's lines
    # at a time costs less than sorting every line of the league at once (~10% of the pass at 256 teams, more
    # as seasons are added); the players of a round (`among`) are found through their index in one statement
    numbers = [] if among is not None else [n for n in session.scalars(select(Match.season).distinct())
                                            if upto is None or n <= upto[0]]  # fmt: skip
    each = [grouped_lines(Match.season == n) for n in sorted(numbers)]
    seasons = (union_all(*each) if len(each) > 1 else grouped_lines()).cte("player_season")
    # one row a player: his career's totals, his best lines
    # and whether he is on a team's books (one look-up a player, not every listed player's id read into Python)
    grouped = select(seasons.c.pid, *(func.sum(seasons.c[w]).label(w) for w in TOTALS),
                     *(func.max(seasons.c[f"top_{w}"]).label(f"top_{w}") for w in TOTALS)
                     ).group_by(seasons.c.pid).subquery()  # fmt: skip
    careers = (select(literal_column("0").label("kind"), grouped.c.pid, literal_column("0").label("season"),
                      *(grouped.c[w] for w in TOTALS), null(), *(grouped.c[f"top_{w}"] for w in TOTALS),
                      case((Player.team_id.is_(None), 0), else_=1).label("listed"))
               .join(Player, Player.id == grouped.c.pid))  # fmt: skip
    wanted = None if among is None else among[1]
    parts = [careers]
    for kind, what in enumerate(TOTALS, start=1):  # each total's best seasons of listed players (a tie: each)
        total = seasons.c[what]
        chosen = [Player.team_id.is_not(None), *([] if wanted is None else [seasons.c.season == wanted])]
        highest = (select(func.max(total)).select_from(seasons).join(Player, Player.id == seasons.c.pid)
                   .where(*chosen, total > 0).scalar_subquery())  # fmt: skip
        parts.append(select(literal_column(str(kind)), seasons.c.pid, seasons.c.season, total,
                            *(null() for _i in range(7))).join(Player, Player.id == seasons.c.pid)
                     .where(*chosen, total == highest))  # fmt: skip
    for kind, what in enumerate(TOTALS, start=4):  # the first season of each total's best single line
        highest = seasons.c[f"top_{what}"]
        parts.append(select(literal_column(str(kind)), null(), func.min(seasons.c.season), *(null() for _i in range(8)))
                     .where(highest == select(func.max(highest)).scalar_subquery()))  # fmt: skip
    rows = session.connection().execute(union_all(*parts)).all()  # plain rows: no ORM loading
    plain = session.connection()  # the players' rows as plain rows too (the ORM's loading cost ~20 ms for 4,096)
    players = [row for row in rows if int(row[0]) == 0]
    written = None
    if every:  # each player's SPP of completed games: his career's less those of the games awaiting their sequence
        # the lines of those games found through the index on the match (a few games: grouped by the player's
        # index, every line of the league was read to find none, 60-90 ms at 256 teams: issue 40)
        waiting = select(Match.id).where(Match.status == "played")
        awaiting = dict(plain.execute(
            select(player, func.sum(MatchPlayer.spp)).where(MatchPlayer.match_id.in_(waiting)).group_by(player)
        ).all())  # fmt: skip
        written = {int(row[1]): int(row[5] or 0) - int(awaiting.get(row[1]) or 0) for row in players}
    # the SPP each listed player brought from before the league's first recorded game (none in a competition)
    carried = {} if within is not None else carried_spp(plain, None if among is None else among[0], written,
                                                        listed=True)  # fmt: skip
    # each total's best single line: every line counts, listed or not
    tops = [max((int(row[7 + i]) for row in players if row[7 + i] is not None), default=0) for i in range(3)]
    # each total's best careers of listed players: the highest total and the players who have it; a career counts
    # the SPP brought from before the league's first recorded game. Compared as they come: no list kept a
    # player (with the listed ids and the held SPP read into Python, the objects kept ran the garbage collector
    # ~50 times a read, 11 now: fewer full collections open the page)
    top_careers: list[list] = [[0], [0], [0]]  # [total, players...]
    for _kind, pid, _season, td, cas, spp, _first, _t1, _t2, _t3, listed in players:
        if not listed:
            continue
        for i, total in enumerate((int(td or 0), int(cas or 0), int(spp or 0) + carried.pop(pid, 0))):
            _tied(top_careers[i], total, pid)
    for pid, spp in carried.items():  # the listed players with SPP from before and no game
        _tied(top_careers[2], spp, pid)
    if peaks is not None:
        peaks.update({what: top or None for what, top in zip(TOTALS, tops, strict=True)})
        for i, (what, top) in enumerate(zip(TOTALS, tops, strict=True)):
            by = [row[1] for row in players if top and row[7 + i] is not None and row[7 + i] >= top]
            peaks[f"{what}_by"] = by if len(by) <= FEW_PLAYERS else None  # many: one pass beats their lines
    tied_seasons: dict[str, list[tuple[int, int, int]]] = {}  # record -> (value, player, season) of each tie
    for kind, pid, season, value, *_rest in rows:
        if 1 <= int(kind) <= 3:
            tied_seasons.setdefault(f"{TOTALS[int(kind) - 1]}_season", []).append((int(value), pid, season))
        elif int(kind) > 3 and peaks is not None:
            peaks[f"{TOTALS[int(kind) - 4]}_season"] = season
    # the tie-break: the total whose first game came first (a career with no game: 0, before every game), then
    # the lower player id; the first games of the tied players only, through the index on the player
    tied = {pid for ties in tied_seasons.values() for _v, pid, _s in ties}
    tied.update(pid for top in top_careers if top[0] > 0 for pid in top[1:])
    firsts = _first_games(plain, where, tied)
    best: dict[str, tuple] = {}
    for key, ties in tied_seasons.items():
        best[key] = min((-value, firsts[(pid, season)], pid, season) for value, pid, season in ties)
    career_first: dict[int, int] = {}
    for (pid, _season), first in firsts.items():
        career_first[pid] = min(first, career_first.get(pid, first))
    for what, (total, *pids) in zip(TOTALS, top_careers, strict=True):
        if total > 0:
            best[f"{what}_career"] = min((-total, career_first.get(pid, 0), pid, 0) for pid in pids)
    holders = {pid for _total, _first, pid, _season in best.values()}
    named = {}
    if holders:
        named = {pid: (name, team) for pid, name, team in session.execute(
            select(Player.id, Player.name, Team.name).join(Team, Team.id == Player.team_id)
            .where(Player.id.in_(holders))
        )}  # fmt: skip
    out: dict[str, tuple[RecordRow, int]] = {}
    for key, (total, first, pid, season) in best.items():
        name, team = named[pid]
        where_set = _("season {season}").format(season=season) if key.endswith("_season") else _("career")
        out[key] = RecordRow(key, _(RECORD_TITLES[key]), -total, name, pid, team, season, where_set), first
    return out


def records(
    db: LeagueDB, *, upto: tuple[int, int] | None = None, competition: CompetitionChoice | None = None
) -> list[RecordRow]:
    """The league's records (the first to reach a value holds it; a tie does not break it). `upto`: the match
    records as they stood after that (season, round); the transfer and contract records are always today's.
    `competition`: the records of its games only (every season's edition of a tournament), no transfer or
    contract record."""
    out: list[RecordRow | None] = []
    within = None if competition is None else in_competition(competition)
    with db.read() as session:
        peaks: dict[str, int | None] = {}
        totals = _total_records(session, upto, within=within, peaks=peaks)
        for what in TOTALS:
            column = getattr(MatchPlayer, what)
            out.append(_game_record(session, f"{what}_game", column, upto, within=within, peak=peaks[what],
                                    by=peaks[f"{what}_by"], season=peaks.get(f"{what}_season")))  # fmt: skip
            out += [totals[k][0] if k in totals else None for k in (f"{what}_season", f"{what}_career")]
        if competition is None:
            out += [_transfer_record(session), _contract_record(session)]
    order = list(RECORD_TITLES)
    return sorted((row for row in out if row is not None), key=lambda row: order.index(row.key))


def _broke(row: RecordRow, old: RecordRow | None) -> bool:
    """A game record beaten, or a season or career record taken by another player (a holder adding to his own
    record each round is not news)."""
    if old is None or row.value <= old.value:
        return old is None
    return row.key.endswith("_game") or row.holder_id != old.holder_id


def _first_of(session, row: RecordRow, upto) -> int:  # noqa: ANN001
    """The first match of a season's (career's) record holder's lines up to `upto`: the totals' tie-break; 0 for
    a career of SPP brought from before the league's first recorded game and no game yet (as `_total_records`)."""
    firsts = _first_games(session.connection(), [_played_upto(upto)], {row.holder_id})
    if row.key.endswith("_season"):
        return firsts.get((row.holder_id, row.season), 0)
    return min(firsts.values(), default=0)


def _records_after_round(session, before: dict[str, RecordRow], season: int, rnd: int) -> list[RecordRow]:  # noqa: ANN001
    """The match records after the round from the records before it, reading only the round's players: a game
    record needs the round's best line; a season's or career's total changes only for the players of the round
    (every other total, the record before among them, stays as it was). Equal to `records(upto=(season, rnd))`."""
    upto = (season, rnd)
    in_round = (Match.season == season) & (Match.round == rnd) & Match.status.in_(PLAYED)
    players = select(MatchPlayer.player_id).join(Match, Match.id == MatchPlayer.match_id).where(in_round)
    played_now = set(session.scalars(players))
    totals = _total_records(session, upto, among=(players, season))
    out = []
    for what in ("touchdowns", "casualties", "spp"):
        column = getattr(MatchPlayer, what)
        old, new = before.get(f"{what}_game"), _game_record(session, f"{what}_game", column, None, played=in_round)
        out.append(old if new is None or (old is not None and old.value >= new.value) else new)  # first to reach
        for by_season, key in ((True, f"{what}_season"), (False, f"{what}_career")):
            old = before.get(key)
            changed = totals.get(key)
            mine = old is not None and old.holder_id in played_now and (not by_season or old.season == season)
            if old is None or mine:  # his own total is among the changed ones, and beats every other
                out.append(changed[0] if changed else old)
                continue
            if changed is None:
                out.append(old)
                continue
            row, first = changed
            ahead = (-row.value, first, row.holder_id) < (-old.value, _first_of(session, old, upto), old.holder_id)
            out.append(row if ahead else old)
    order = list(RECORD_TITLES)
    return sorted((row for row in out if row is not None), key=lambda row: order.index(row.key))


def records_broken(db: LeagueDB, season: int, rnd: int) -> list[tuple[RecordRow, RecordRow | None]]:
    """The match records set in the round: (the new record, the one it broke, or None for the first ever)."""
    before = {row.key: row for row in records(db, upto=(season, rnd - 1) if rnd > 1 else (season - 1, 10**6))}
    with db.read() as session:
        after = _records_after_round(session, before, season, rnd)
    return [(row, before.get(row.key)) for row in after if _broke(row, before.get(row.key))]
