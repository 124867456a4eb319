"""Pure rules functions (no database, no Qt), reading a Ruleset: the league's copy or the bundled default.

The public entry points used by the app and by scripts:

    >>> from roster_app.rules import star_player_rolls, contract_cost
    >>> star_player_rolls(126)
    5
    >>> contract_cost(126, 2)
    10000
"""

from importlib import import_module
from typing import Any

# name -> the module that defines it; imported when first asked for (PEP 562), so importing one rules
# module does not import them all (the first screen imports only what it shows).
_HOMES = {
    "contract_cost": "contracts", "contract_cost_for_rolls": "contracts", "tally_marks": "contracts",
    "Position": "ruleset", "Race": "ruleset", "Ruleset": "ruleset", "default_ruleset": "ruleset",
    "load_bundled": "ruleset", "level_name": "spp", "match_spp": "spp", "spp_level": "spp",
    "star_player_rolls": "spp", "RatedPlayer": "team", "TeamSheet": "team", "team_rating": "team",
    "team_value": "team", "winnings_rating": "team",
}  # fmt: skip
__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(f"roster_app.rules.{_HOMES[name]}"), name)
    raise AttributeError(f"module 'roster_app.rules' has no attribute {name!r}")
