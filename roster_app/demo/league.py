"""The bundled demo league: four teams of different races with believable rosters, and referees.

The demo is built through the same helpers the services use (so every gold piece is in the ledger) and
written once to the user's data folder; `dugout --demo` opens that copy.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from roster_app.paths import DEMO_NAME, demo_path
from roster_app.phrases import Count, Term, phrase
from roster_app.phrases import ledger as sentences
from roster_app.rules.contracts import contract_cost
from roster_app.rules.roster import check_skills
from roster_app.rules.spp import star_player_rolls

if TYPE_CHECKING:  # the services and the ORM load only to build the demo: `dugout --demo` opens the one built
    from roster_app.store.db import LeagueDB

DEMO_VERSION = 8  # bump when the demo's content changes, so users get the new one

# (position, name, SPP, gained skills, injuries)
TEAMS = [
    {
        "name": "Orcland Raiders", "race": "Orc", "coach": "Grimgor Ironhide", "treasury": 85000, "rerolls": 3, "fan_factor": 7,
        "assistant_coaches": 2, "cheerleaders": 1, "apothecary": True,
        "players": [
            ("Orc Blitzer", "Grak Skullsplitta", 58, ["Mighty Blow", "Tackle", "Guard", "Dauntless"], []),
            ("Orc Blitzer", "Ugluk Facebreaka", 21, ["Guard", "Tackle"], []),
            ("Orc Blitzer", "Snagrod", 7, [], []),
            ("Black Orc Blocker", "Gorbad Ironfist", 33, ["Block", "Guard", "Mighty Blow"], []),
            ("Black Orc Blocker", "Muzgash", 12, ["Block"], ["Niggling injury"]),  # i18n: keep (the demo's names and the ruleset's keys, shown through term())
            ("Black Orc Blocker", "Krug", 4, [], []),
            ("Black Orc Blocker", "Azhag the Slaughterer", 17, ["Block", "Tackle"], []),  # i18n: keep (the demo's names and the ruleset's keys, shown through term())
            ("Orc Thrower", "Ruglud Longshot", 41, ["Block", "Accurate", "Safe Throw"], []),
            ("Goblin", "Snikkit", 9, ["Side Step"], []),
            ("Orc Lineman", "Bogrot", 2, [], []),
            ("Orc Lineman", "Morglum", 6, ["Block"], []),
            ("Orc Lineman", "Duffskul", 0, [], ["Miss next game"]),  # i18n: keep (the demo's names and the ruleset's keys, shown through term())
            ("Troll", "Big Grunt", 14, ["Break Tackle"], []),
        ],
    },
    {
        "name": "Reikland Reavers", "race": "Human", "coach": "Otto Breitner", "treasury": 140000, "rerolls": 3, "fan_factor": 8,
        "assistant_coaches": 1, "cheerleaders": 2, "apothecary": True,
        "players": [
            ("Thrower", "Johann Weissmann", 126, ["Accurate", "Strong Arm", "Leader", "Nerves of Steel", "Block"], []),  # i18n: keep (the demo's names and the ruleset's keys, shown through term())
            ("Catcher", "Griff Oberstein", 49, ["Sure Hands", "Diving Catch", "Side Step"], []),
            ("Catcher", "Lukas Vogel", 16, ["Sure Hands"], []),
            ("Catcher", "Felix Jaeger", 3, [], []),
            ("Blitzer", "Dieter Hammerschlag", 64, ["Tackle", "Guard", "Mighty Blow", "Dauntless"], []),
            ("Blitzer", "Marius Brandt", 27, ["Frenzy", "Tackle"], []),
            ("Blitzer", "Konrad Eisen", 11, ["Dauntless"], []),
            ("Lineman", "Hans Mueller", 8, ["Block"], []),
            ("Lineman", "Ernst Kohl", 0, [], []),
            ("Lineman", "Wilhelm Sauer", 2, [], []),
            ("Lineman", "Stefan Roth", 5, [], ["Niggling injury"]),  # i18n: keep (the demo's names and the ruleset's keys, shown through term())
            ("Lineman", "Karl Fiedler", 0, [], []),
        ],
    },
    {
        "name": "Karak Grudgebearers", "race": "Dwarf", "coach": "Durin Stonefist", "treasury": 60000, "rerolls": 2, "fan_factor": 6,
        "assistant_coaches": 1, "cheerleaders": 0, "apothecary": True,
        "players": [
            ("Troll Slayer", "Gotrek Grimsson", 36, ["Mighty Blow", "Tackle", "Guard"], []),
            ("Troll Slayer", "Snorri Nosebiter", 18, ["Stand Firm", "Tackle"], []),
            ("Runner", "Kazador Quickbeard", 29, ["Pass", "Block"], []),
            ("Blitzer", "Thorgrim Grudgekeeper", 22, ["Guard", "Tackle"], []),
            ("Blitzer", "Ungrim Ironfist", 6, ["Tackle"], []),
            ("Longbeard", "Belegar Hammerhand", 15, ["Guard"], []),
            ("Longbeard", "Borek Stonehelm", 8, [], []),
            ("Longbeard", "Grombrindal", 31, ["Guard", "Dauntless", "Mighty Blow"], []),
            ("Longbeard", "Alrik Ranulfsson", 1, [], []),
            ("Longbeard", "Kragg the Grim", 0, [], []),  # i18n: keep (the demo's names and the ruleset's keys, shown through term())
            ("Longbeard", "Thorek Ironbrow", 3, [], ["Miss next game"]),  # i18n: keep (the demo's names and the ruleset's keys, shown through term())
        ],
    },
    {
        "name": "Athelorn Avengers", "race": "Wood Elf", "coach": "Elaria Leafsong", "treasury": 110000, "rerolls": 3, "fan_factor": 5,
        "assistant_coaches": 0, "cheerleaders": 1, "apothecary": False,
        "players": [
            ("Wood Elf Wardancer", "Jordell Freshbreeze", 77, ["Side Step", "Diving Tackle", "Strip Ball", "Tackle", "Jump Up"], []),
            ("Wood Elf Catcher", "Eldril Sidewinder", 24, ["Sure Hands", "Side Step"], []),
            ("Wood Elf Catcher", "Aelin Swiftwind", 9, ["Diving Catch"], []),
            ("Wood Elf Thrower", "Celebrin Farstrike", 45, ["Accurate", "Strong Arm", "Nerves of Steel"], []),  # i18n: keep (the demo's names and the ruleset's keys, shown through term())
            ("Wood Elf Lineman", "Tathar Greenleaf", 12, ["Dodge"], []),
            ("Wood Elf Lineman", "Findol Ashwood", 4, [], []),
            ("Wood Elf Lineman", "Nimrel Oakheart", 0, [], []),
            ("Wood Elf Lineman", "Saelas Moonbrook", 6, [], ["-1 AV"]),
            ("Wood Elf Lineman", "Ithilan Thornvale", 2, [], []),
            ("Wood Elf Lineman", "Caladh Fernshade", 0, [], []),
            ("Wood Elf Lineman", "Lorien Dawnstar", 1, [], []),
        ],
    },
]  # fmt: skip

# (name, race, matches, awards, casualties, skills): SPP = 10 per award + 5 per casualty, as on his match sheets
REFEREES = [
    ("Hans Pfeiffer", "Human", 3, 1, 1, ["Eagle Eyes"]),
    ("Borri Keeneye", "Dwarf", 2, 1, 0, ["Hates Dirty Tricks"]),
]

# Contracts signed season by season (name, seasons); a season ends after each group, so the demo opens in
# season 3 with tallies, a final season, free agents whose contract ended, and a renewal.
CONTRACTS = [
    [("Grak Skullsplitta", 5), ("Johann Weissmann", 3), ("Gotrek Grimsson", 2), ("Jordell Freshbreeze", 4)],
    [("Dieter Hammerschlag", 2), ("Celebrin Farstrike", 3), ("Ruglud Longshot", 1), ("Griff Oberstein", 1)],
    [("Gotrek Grimsson", 2), ("Kazador Quickbeard", 3), ("Eldril Sidewinder", 2)],
]


def _cost(ruleset, session, team, spec) -> int:  # noqa: ANN001
    from roster_app.services.teams import unit_price

    counters = sum(
        int(spec[c]) * unit_price(session, ruleset, team, c)
        for c in ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders", "apothecary")
    )
    return counters + sum(ruleset.position(team.race, p[0]).cost for p in spec["players"]) + _contracts_cost(spec)


def _contracts_cost(spec: dict) -> int:
    spp = {p[1]: p[2] for p in spec["players"]}
    return sum(contract_cost(spp[name], seasons) for group in CONTRACTS for name, seasons in group if name in spp)


def _sign_contracts(session, ruleset) -> None:  # noqa: ANN001
    """The demo's contracts, season after season (the league opens in the season after the last group)."""
    from sqlalchemy import select

    from roster_app.queries.contracts import last_contract
    from roster_app.services.contracts import advance_season, sign
    from roster_app.store.models import Player

    players = {p.name: p for p in session.scalars(select(Player))}
    for index, group in enumerate(CONTRACTS):
        for name, seasons in group:
            renewal = last_contract(session, players[name].id) is not None
            sign(session, ruleset, players[name], seasons, renewal=renewal)
        if index < len(CONTRACTS) - 1:
            advance_season(session)


def build_demo(path: Path, *, overwrite: bool = False, history: bool = True) -> LeagueDB:
    """Create the demo league at `path` (one transaction for all of its content).

    With history=False only the teams, rosters and referees are built (no contracts or seasons played): tests
    that add their own history start from that.
    """
    from roster_app.services.common import position_label, post
    from roster_app.services.league import create_league
    from roster_app.services.players import new_player
    from roster_app.services.teams import COUNTERS, unit_price

    db = create_league(path, name=DEMO_NAME, overwrite=overwrite)
    ruleset = db.ruleset
    with db.write("build the demo league") as tx:  # i18n: keep (the demo is built before anything can be undone)
        from roster_app.store.models import Referee, Team

        session = tx.session
        for spec in TEAMS:
            team = Team(name=spec["name"], race=spec["race"], coach=spec["coach"])
            session.add(team)
            session.flush()
            start = ruleset.table("team_rules")["starting_treasury"]
            # The demo teams have played before Dugout: their earlier winnings paid for today's roster. A team
            # that comes to Dugout with gold opens with it (services/teams.py add_team): winnings name their game.
            earlier = max(_cost(ruleset, session, team, spec) + spec["treasury"] - start, 0)
            opening = phrase(sentences.STARTING_WITH_EARLIER if earlier else sentences.STARTING_TREASURY)
            post(session, team, start + earlier, kind="opening", reason=opening)
            for counter in ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders", "apothecary"):
                count = int(spec[counter])
                if count:
                    price = unit_price(session, ruleset, team, counter)
                    post(session, team, -count * price, kind="reroll" if counter == "rerolls" else "staff",
                         reason=phrase(sentences.BOUGHT, what=Count(count, COUNTERS[counter][0])))  # fmt: skip
                    setattr(team, counter, bool(count) if counter == "apothecary" else count)
            for position, name, spp, skills, injuries in spec["players"]:
                player = new_player(session, ruleset, team, position=position, name=name, origin="demo")
                post(session, team, -player.cost, kind="hire",
                     reason=phrase(sentences.HIRED, name=name, label=Term("position", position_label(team.race, position))),
                     player_id=player.id)  # fmt: skip
                check_skills(ruleset.position(team.race, position), skills, ruleset)
                player.spp, player.skills, player.injuries = spp, list(skills), list(injuries)
                player.rolls_taken = min(len(skills), star_player_rolls(spp, ruleset))
                if "Miss next game" in injuries:
                    player.status = "miss next game"  # i18n: key
                if "-1 AV" in injuries:
                    player.av -= 1
        session.flush()
        if history:
            _sign_contracts(session, ruleset)
        for name, race, matches, awards, casualties, skills in REFEREES:
            lineman = ruleset.race(race).basic_lineman
            spp = awards * 10 + casualties * 5
            session.add(Referee(name=name, race=race, ma=lineman.ma, st=lineman.st, ag=lineman.ag, av=lineman.av,
                                spp=spp, matches=matches, awards=awards, casualties=casualties, skills=skills,
                                rolls_taken=len(skills)))  # fmt: skip
        tx.undoable = False
    if history:
        from roster_app.demo.season import play_demo_season

        play_demo_season(db)
    return db


def ensure_demo() -> Path:
    """The demo league in the user's data folder, built on first use (or when the bundled demo changed)."""
    path = demo_path()
    marker = path.with_suffix(".version")
    current = marker.read_text().strip() if marker.exists() else ""
    if not path.exists() or current != str(DEMO_VERSION):
        build_demo(path, overwrite=True).close()
        from roster_app.safety.atomic import atomic_text

        with atomic_text(marker) as handle:
            handle.write(str(DEMO_VERSION))
    return path
