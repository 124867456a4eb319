"""Pure rules functions (no database, no Qt), reading a Ruleset: the league's copy or the bundled default.

The public entry points used by the app and by scripts:

    >>> from roster_app.rules import star_player_rolls, contract_cost
    >>> star_player_rolls(126)
    5
    >>> contract_cost(126, 2)
    10000
"""

from roster_app.rules.contracts import contract_cost, contract_cost_for_rolls, tally_marks
from roster_app.rules.ruleset import Position, Race, Ruleset, default_ruleset, load_bundled
from roster_app.rules.spp import level_name, match_spp, spp_level, star_player_rolls
from roster_app.rules.team import RatedPlayer, TeamSheet, team_rating, team_value, winnings_rating

__all__ = [
    "Position", "Race", "RatedPlayer", "Ruleset", "TeamSheet", "contract_cost", "contract_cost_for_rolls",
    "default_ruleset", "level_name", "load_bundled", "match_spp", "spp_level", "star_player_rolls",
    "tally_marks", "team_rating", "team_value", "winnings_rating",
]  # fmt: skip
