"""The sentences a ledger row is written with (roster_app/phrases keeps each row's sentence and parts, so each
reader sees it in their language). A sentence read back from a league file is shown only if it is one of these.

Parts: {price}, {gold}, {cost} are phrases.Gold; {label} a phrases.Term of a position; {seasons}, {rolls}, {what}
(a count) a phrases.Count; {owner} a phrases.Owner with {name} the bare name; {played} one of the PLAYED_* phrases.
"""

from __future__ import annotations

from roster_app.i18n import N_

STARTING_TREASURY = N_("Starting treasury")
STARTING_WITH_EARLIER = N_("Starting treasury, with the winnings of earlier seasons (before Dugout)")
BOUGHT = N_("Bought {what}")
BOUGHT_AT = N_("Bought {what} at {price}")
AN_APOTHECARY = N_("an apothecary")
HIRED = N_("Hired {name}, {label}")
SIGNED = N_("Signed {owner} contract: {seasons} at {rolls}")
RENEWED = N_("Renewed {owner} contract: {seasons} at {rolls}")
HIRED_FREEBOOTER = N_("Hired {name} ({what}) for {title}: {cost}, {paid}")
PAID_PETTY_CASH = N_("{gold} of petty cash")
PAID_BOTH = N_("{gold} of petty cash and {gold2} from the treasury")
PAID_TREASURY = N_("from the treasury")
# English puts "a" or "an" before the coach's type; a language with one form translates both alike
HIRED_A_RESERVE_COACH = N_("Hired a {coach} Reserve Coach")
HIRED_AN_RESERVE_COACH = N_("Hired an {coach} Reserve Coach")
RESERVE_UPKEEP = N_("Upkeep of the {coach} Reserve Coach")
DRAFTED = N_("Drafted {name}, {label}, from the reserves (half of {price})")
BOUGHT_FROM = N_("Bought {name} from {seller}")
SOLD_TO = N_("Sold {name} to {buyer}")
CORRECTION = N_("Commissioner's correction by {who}: {reason}")
REVERSAL = N_("{reason} (reverses: {reversed})")
IMPORTED_TREASURY = N_("Imported from {source}: the treasury there")
CHECK_LEAGUE_LEDGER = N_("Check League: the ledger did not add up to the treasury")
PLAYED_WIN = N_("v {opponent} (win {score_for}-{score_against})")
PLAYED_DRAW = N_("v {opponent} (draw {score_for}-{score_against})")
PLAYED_LOSS = N_("v {opponent} (loss {score_for}-{score_against})")
WINNINGS_FAME = N_("Winnings {played}, FAME {fame}")
WINNINGS_GATE = N_("Winnings {played}, gate {gate}")
SPIRALLING_EXPENSES = N_("Spiralling expenses {played}")
STAR_GATE_SHARE = N_("Star Players' share of the gate: {names} ({percent}% of the winnings) {played}")

SENTENCES = frozenset(
    value for name, value in dict(globals()).items() if name.isupper() and isinstance(value, str)
)
PLAYED = {"win": PLAYED_WIN, "draw": PLAYED_DRAW, "loss": PLAYED_LOSS}
