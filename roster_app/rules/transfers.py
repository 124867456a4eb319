"""Transfers (reserve-teams article, ten steps): who may be approached, the Player Reaction roll, the price.

Pure functions over a Ruleset: the tables are `team_rules` (min_players_to_sell, max_players),
`player_reaction` (results and modifiers), `tribunal` (fixed and rolled parts) and `ally_penalties`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from roster_app.i18n import N_, _, term
from roster_app.rules.dice import Roll
from roster_app.rules.dicetables import lookup
from roster_app.rules.roster import gp, position_label
from roster_app.rules.ruleset import Position, Ruleset, default_ruleset
from roster_app.words import count, possessive

# The steps as the article numbers them; the wizard shows these words.
STEPS = (
    N_("Decide which player you wish to buy"),
    N_("Tell the head coach of that player's team you are making an approach"),
    N_("If the player is under contract, his head coach may refuse to sell him"),
    N_("Set a price: the Tribunal Table for a free agent, any price the head coach asks for one under contract"),
    N_("Last chance to pull out"),
    N_("Deduct the price from the buyer's treasury"),
    N_("Add the price to the treasury of the player's old team"),
    N_("Write the player on the buyer's roster"),
    N_("Remove the player from the roster of his old team"),
    N_("Pay for a contract for the new player and mark it on the roster"),
)


def _ruleset(ruleset: Ruleset | None) -> Ruleset:
    return ruleset or default_ruleset()


@dataclass(frozen=True)
class Candidate:
    """What the rules need to know to say whether a player may be approached by a buying team."""

    name: str
    team: str
    position: Position | None
    on_roster: bool
    seller_players: int
    buyer: str
    buyer_players: int
    buyer_position_count: int  # players of his race and position the buyer already has
    same_team: bool = False
    last_approach: datetime | None = None  # the latest earlier approach for him (any buyer)
    last_match: datetime | None = None  # when his team last played
    waiting: str | None = None  # a post-match sequence of the buyer or the seller has not reached transfers yet
    position_name: str = ""  # the position as the roster names it (a Star Player's name, typed onto a roster)


def star_player_of(ruleset: Ruleset | None, position: str) -> str | None:
    """The Star Player of the league's table (star_players) a roster's `position` names, as the table spells him,
    or None: a roster brought from paper may list a star as a player, his name as the position. A player merely
    named after a star is not one (the demo's Jordell Freshbreeze is a Wood Elf)."""
    table = _ruleset(ruleset).tables.get("star_players") or {}
    wanted = " ".join((position or "").split()).casefold()
    return next(
        (s["name"] for s in table.get("stars", ()) if " ".join(s["name"].split()).casefold() == wanted), None
    )


def approached_since_last_match(last_approach: datetime | None, last_match: datetime | None) -> bool:
    """One approach per player after each match his team plays (a refusal also waits for the next match)."""
    if last_approach is None:
        return False
    return last_match is None or last_approach > last_match


def approach_problem(c: Candidate, ruleset: Ruleset | None = None) -> str | None:
    """Why `c` cannot be approached by the buyer now, in plain words, or None."""
    rules = _ruleset(ruleset).table("team_rules")
    if c.same_team:
        return _("{name} already plays for {buyer}.").format(name=c.name, buyer=c.buyer)
    if not c.on_roster:
        return _("{name} is not on {owner} roster any more.").format(
            name=c.name, owner=possessive(c.team), owner_name=c.team
        )
    flags = c.position.flags if c.position else frozenset()
    if "star_player" in flags:
        return _("{name} is a Star Player: Star Players can never be transferred.").format(name=c.name)
    star = star_player_of(ruleset, c.position_name) if c.position_name else None
    if star is not None:
        why = _(
            "Star Players will not sign contracts and can never be transferred; a team hires one for a single match "
            "in Hire Freebooters."
        )
        if " ".join(c.name.split()).casefold() == star.casefold():
            said = _("{star} is a Star Player (the league's Star Players table): {why}")
        else:
            said = _("{name} is the Star Player {star} (the league's Star Players table): {why}")
        return said.format(name=c.name, star=term("star", star), why=why)
    for flag, what in (("daemon", "a Daemon"), ("squig", "a Squig")):
        if flag in flags:
            return _("{name} is {what}: Daemons and Squigs may never be transferred.").format(
                name=c.name, what=what
            )
    if c.waiting:
        return c.waiting
    if c.seller_players < rules["min_players_to_sell"]:
        return _(
            "{team} has only {seller_players} players: no one may buy from a team of {value} or fewer."
        ).format(team=c.team, seller_players=c.seller_players, value=rules["min_players_to_sell"] - 1)
    if approached_since_last_match(c.last_approach, c.last_match):
        return _(
            "{name} was already approached since {owner} last match; he may be approached again after the team's "
            "next match."
        ).format(name=c.name, owner=possessive(c.team), owner_name=c.team)
    if c.buyer_players >= rules["max_players"]:
        return _("{buyer} already has {buyer_players} players, the most a team may have.").format(
            buyer=c.buyer, buyer_players=c.buyer_players
        )
    if c.position is not None and c.buyer_position_count >= c.position.max:
        return _("{buyer} already has {count}, the most a team may have.").format(
            buyer=c.buyer, count=count(c.buyer_position_count, position_label(c.position.race, c.position.name))
        )
    return None


# -- step 4: the Player Reaction roll -------------------------------------------------------------


@dataclass(frozen=True)
class Modifier:
    key: str
    value: int
    text: str


# The conditions a Player Reaction modifier may name (its `key`), in words for the Rules window.
REACTION_CONDITIONS = {
    "buyer_rating_higher": N_("The buyer's team rating is higher"),
    "buyer_fan_factor_higher": N_("The buyer's fan factor is higher"),
    "under_contract": N_("The player is under contract"),
}


def reaction_modifiers(
    *,
    buyer_rating: int,
    seller_rating: int,
    buyer_fan_factor: int,
    seller_fan_factor: int,
    under_contract: bool,
    ruleset: Ruleset | None = None,
) -> tuple[Modifier, ...]:
    """The modifiers of the league's Player Reaction table that apply to this deal (unknown keys never do)."""
    applies = {
        "buyer_rating_higher": buyer_rating > seller_rating,
        "buyer_fan_factor_higher": buyer_fan_factor > seller_fan_factor,
        "under_contract": under_contract,
    }
    table = _ruleset(ruleset).table("player_reaction")
    return tuple(
        Modifier(m["key"], m["value"], term("table", m["text"]) if m.get("text") else m["key"].replace("_", " "))
        for m in table["modifiers"]
        if applies.get(m["key"], False)
    )


def reaction_dice(ruleset: Ruleset | None = None) -> str:
    return _ruleset(ruleset).table("player_reaction")["dice"]


def reaction(total: int, ruleset: Ruleset | None = None) -> Mapping[str, Any]:
    """The Player Reaction row for a modified total: result is refuses / listens / keen."""
    return lookup(_ruleset(ruleset).table("player_reaction")["rows"], total)


def listen_extra(result: str, ruleset: Ruleset | None = None) -> int:
    """Gold added to the price when the player only listens."""
    return _ruleset(ruleset).table("player_reaction")["listen_price_extra"] if result == "listens" else 0


# -- step 4: the price ----------------------------------------------------------------------------


def tribunal_fixed(position_cost: int, rolls: int, ruleset: Ruleset | None = None) -> int:
    """The Tribunal Table's fixed part: the position's cost plus so much per star player roll."""
    return position_cost + rolls * _ruleset(ruleset).table("tribunal")["per_roll"]


def tribunal_dice(ruleset: Ruleset | None = None) -> str:
    return _ruleset(ruleset).table("tribunal")["dice"]


def tribunal_price(
    position_cost: int,
    rolls: int,
    tribunal_roll: Roll | int,
    *,
    result: str = "keen",
    ruleset: Ruleset | None = None,
) -> int:
    """A free agent's price: the fixed part + the rolled part (+ the extra when he only listens).

    `tribunal_roll` is the Roll of the Tribunal Table's dice, or its total.
    """
    pips = tribunal_roll if isinstance(tribunal_roll, int) else tribunal_roll.total
    per_pip = _ruleset(ruleset).table("tribunal")["per_pip"]
    return tribunal_fixed(position_cost, rolls, ruleset) + pips * per_pip + listen_extra(result, ruleset)


def price_floor(original_cost: int, *, result: str = "keen", ruleset: Ruleset | None = None) -> int:
    """The least a selling coach may ask for a player under contract: his original price (+ the listen extra)."""
    return original_cost + listen_extra(result, ruleset)


def price_problem(price: int, floor: int) -> str | None:
    if not isinstance(price, int) or isinstance(price, bool):
        return _("A price is a whole number of gold pieces.")
    if price < floor:
        return _("The price may not be below {gold} (the player's original price).").format(gold=gp(floor))
    return None


# -- allies ----------------------------------------------------------------------------------------


def is_ally(player_race: str, buyer_race: str) -> bool:
    return player_race != buyer_race


def ally_penalties(ruleset: Ruleset | None = None) -> str:
    """The penalties an ally of another race brings, in words (from the league's ally table)."""
    table = _ruleset(ruleset).table("ally_penalties")
    fan, reroll = table["fan_factor_per_ally"], table["reroll_cost_per_ally"]
    if fan and reroll:
        said = _("{fan} Fan Factor while he plays for the team and +{gold} on the cost of each team re-roll")
    elif fan:
        said = _("{fan} Fan Factor while he plays for the team")
    elif reroll:
        said = _("+{gold} on the cost of each team re-roll")
    else:
        said = _("no penalty in this league")
    return said.format(fan=f"{fan:+d}", gold=gp(reroll))
