"""Transfers: the Tribunal Table's price for a player (the league's `tribunal` table)."""

from __future__ import annotations

from roster_app.rules.ruleset import Ruleset


def tribunal_fixed(position_cost: int, rolls: int, ruleset: Ruleset) -> int:
    """The tribunal's fixed part: the position's cost plus a sum per star player roll.

    For a player under contract it is only a guide; his team may ask any price not below his original cost.
    """
    return position_cost + ruleset.table("tribunal")["per_roll"] * rolls


def tribunal_price(position_cost: int, rolls: int, die: int, ruleset: Ruleset) -> int:
    """A free agent's price: the fixed part plus the dice result (`die`, the total rolled) times the sum per pip."""
    return tribunal_fixed(position_cost, rolls, ruleset) + die * ruleset.table("tribunal")["per_pip"]
