"""Hire Freebooters (issue 32): Star Players, mercenaries and inducements bought for one match.

Pure functions over the league's tables star_players, inducements (with the mercenary rule), petty_cash and
economy, and the seed's star_gate_share: what a team may hire, what it costs, where the money comes from
(the petty cash its edition gives, then the treasury), and every refusal in words. Freebooters belong to the
match, never to a roster (seed 001: Star Players "will not sign contracts ... but they can never be
transferred either").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.phrases import Phrase, phrase
from roster_app.phrases import ledger as sentences
from roster_app.rules.economy import economy
from roster_app.rules.ruleset import Position, Race, Ruleset
from roster_app.words import count, gp

STAR_KIND, MERCENARY_KIND, INDUCEMENT_KIND = "star", "mercenary", "inducement"
LEDGER_KIND = "freebooters"  # LedgerEntry.kind of a freebooter's fee paid from the treasury
GATE_SHARE_KIND = (
    "star gate share"  # i18n: key; LedgerEntry.kind of the stars' share of the gate (post-match winnings)
)


@dataclass(frozen=True)
class Star:
    name: str
    ma: int
    st: int
    ag: int
    av: int
    cost: int
    skills: tuple[str, ...]
    races: tuple[str, ...]

    @property
    def profile(self) -> str:
        return _("MA {ma} ST {st} AG {ag} AV {av}").format(ma=self.ma, st=self.st, ag=self.ag, av=self.av)


@dataclass(frozen=True)
class Inducement:
    name: str
    cost: int
    max: int
    effect: str  # bribe, wizard, apothecary, igor, chef, babes, training, other
    team: str  # any, apothecary (a team that may hire one), no_apothecary
    reduced_cost: int | None = None
    reduced_for: tuple[str, ...] = ()

    def price(self, race: str) -> int:
        return self.reduced_cost if self.reduced_cost is not None and race in self.reduced_for else self.cost

    def refusal(self, race: Race) -> str | None:
        """Why a team of this race may not buy it (None: it may)."""
        if self.team == "apothecary" and not race.apothecary:
            return _("{name}: {name2} teams may not use an apothecary.").format(name=self.name, name2=race.name)
        if self.team == "no_apothecary" and race.apothecary:
            return _("{name} only works for teams that may not hire an apothecary, and {name2} teams may.").format(
                name=self.name, name2=race.name
            )
        return None


@dataclass(frozen=True)
class MercenaryRule:
    premium: int
    extra_skill_cost: int
    loner: bool
    extra_skills: int


def stars(ruleset: Ruleset) -> dict[str, Star]:
    return {s["name"]: Star(s["name"], s["ma"], s["st"], s["ag"], s["av"], s["cost"], tuple(s["skills"]),
                            tuple(s["races"])) for s in ruleset.table("star_players")["stars"]}  # fmt: skip


def max_stars(ruleset: Ruleset) -> int:
    return ruleset.table("star_players")["max_per_team"]


def stars_for(ruleset: Ruleset, race: str) -> list[Star]:
    """The Star Players a team of this race may hire, cheapest first."""
    return sorted((s for s in stars(ruleset).values() if race in s.races), key=lambda s: (s.cost, s.name))


def inducements(ruleset: Ruleset) -> dict[str, Inducement]:
    return {i["name"]: Inducement(i["name"], i["cost"], i["max"], i["effect"], i["team"], i.get("reduced_cost"),
                                  tuple(i.get("reduced_for", ()))) for i in ruleset.table("inducements")["items"]}  # fmt: skip


def inducements_for(ruleset: Ruleset, race: Race) -> list[Inducement]:
    """The inducements a team of this race may buy (Igor or Wandering Apothecaries, as it may hire one)."""
    return [i for i in inducements(ruleset).values() if i.refusal(race) is None and i.max > 0]


def mercenary_rule(ruleset: Ruleset) -> MercenaryRule:
    m = ruleset.table("inducements")["mercenary"]
    return MercenaryRule(m["premium"], m["extra_skill_cost"], m["loner"], m["extra_skills"])


def mercenary_cost(ruleset: Ruleset, position: Position, extra_skill: str | None = None) -> int:
    rule = mercenary_rule(ruleset)
    return position.cost + rule.premium + (rule.extra_skill_cost if extra_skill else 0)


def mercenary_skills(ruleset: Ruleset, position: Position, extra_skill: str | None = None) -> tuple[str, ...]:
    skills = list(position.skills)
    if mercenary_rule(ruleset).loner and "Loner" not in skills:
        skills.insert(0, "Loner")
    if extra_skill:
        skills.append(extra_skill)
    return tuple(skills)


def mercenary_skill_choices(ruleset: Ruleset, position: Position) -> list[str]:
    """The skills a mercenary of this position may be given: those of the categories it takes normally."""
    cats = ruleset.skill_categories
    return sorted(s for s, c in cats.items() if c in position.normal and s not in position.skills)


# -- an order and its bill ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MercenaryOrder:
    position: str
    name: str
    extra_skill: str | None = None


@dataclass(frozen=True)
class Order:
    """What one team buys in Hire Freebooters (JSON-friendly through `as_data`/`from_data`)."""

    stars: tuple[str, ...] = ()
    mercenaries: tuple[MercenaryOrder, ...] = ()
    inducements: Mapping[str, int] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not (self.stars or self.mercenaries or any(self.inducements.values()))

    def as_data(self) -> dict[str, Any]:
        return {"stars": list(self.stars), "mercenaries": [vars(m) for m in self.mercenaries],
                "inducements": {k: v for k, v in self.inducements.items() if v}}  # fmt: skip

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Order:
        return cls(tuple(data.get("stars", ())), tuple(MercenaryOrder(**m) for m in data.get("mercenaries", ())),
                   dict(data.get("inducements", {})))  # fmt: skip


@dataclass(frozen=True)
class Line:
    kind: str  # star, mercenary, inducement
    name: str  # the star's or mercenary's name, the inducement's
    what: str  # "Star Player", "Mercenary Blitzer (Loner, Block, +Tackle)", "Bribes x 2"
    cost: int
    count: int = 1
    position: str = ""
    skills: tuple[str, ...] = ()
    profile: tuple[int, int, int, int] | None = None  # MA ST AG AV of a star or mercenary


@dataclass(frozen=True)
class Bill:
    lines: tuple[Line, ...]
    petty_cash: int  # what the edition gives for this game (the value gap)
    treasury: int  # the team's treasury before
    may_add_treasury: bool

    @property
    def total(self) -> int:
        return sum(line.cost for line in self.lines)

    @property
    def from_petty_cash(self) -> int:
        return min(self.total, self.petty_cash)

    @property
    def from_treasury(self) -> int:
        return self.total - self.from_petty_cash

    @property
    def money(self) -> int:
        return self.petty_cash + (self.treasury if self.may_add_treasury else 0)

    @property
    def left(self) -> int:
        return self.money - self.total

    def split(self) -> list[tuple[Line, int, int]]:
        """Each line with the gold it takes from petty cash and from the treasury (petty cash first)."""
        out, cash = [], self.petty_cash
        for line in self.lines:
            from_cash = min(cash, line.cost)
            cash -= from_cash
            out.append((line, from_cash, line.cost - from_cash))
        return out

    @property
    def where(self) -> str:
        """The money there is, in words: "200,000 gp of petty cash and 50,000 gp in the treasury"."""
        if self.petty_cash and self.may_add_treasury:
            where = _("{cash} of petty cash and {gold} in the treasury")
        elif self.petty_cash:
            where = _("{cash} of petty cash")
        elif self.may_add_treasury:
            where = _("no petty cash and {gold} in the treasury")
        else:
            where = _("no petty cash")
        return where.format(cash=gp(self.petty_cash), gold=gp(self.treasury))

    def words(self) -> str:
        return _("{total} of {money} ({where})").format(
            total=gp(self.total), money=gp(self.money), where=self.where
        )


def money_for(ruleset: Ruleset, petty_cash: int) -> tuple[int, bool]:
    """The petty cash a team has for this game and whether the treasury may add to it: an edition with
    inducements gives the value gap as petty cash and (its Petty Cash table) lets the treasury add; an edition
    with handicaps gives none, and freebooters are paid from the treasury."""
    if economy(ruleset).pre_match != "inducements":
        return 0, True
    return petty_cash, bool(ruleset.table("petty_cash")["treasury_may_add"])


def bill(
    ruleset: Ruleset,
    race: Race,
    order: Order,
    *,
    petty_cash: int,
    treasury: int,
    team: str,
    other_side: Mapping[str, str] | None = None,
) -> Bill:
    """What the order costs, line by line; a RuleViolation in words for anything the rules refuse.

    `other_side` maps each star the opponent has hired for this game to the opponent's name."""
    other_side = other_side or {}
    known, lines = stars(ruleset), []
    if len(order.stars) > max_stars(ruleset):
        raise RuleViolation(_("{team} may hire at most {count} for one game, not {n} (League > Rules… > Star Players).").format(team=team, count=count(max_stars(ruleset), 'Star Player'), n=len(order.stars)))  # fmt: skip
    for name in order.stars:
        star = known.get(name)
        if star is None:
            raise RuleViolation(
                _("There is no Star Player called '{name}' in the league's Star Players table.").format(name=name)
            )
        if order.stars.count(name) > 1:
            raise RuleViolation(
                _("{name} is one Star Player: {team} cannot hire him twice.").format(name=name, team=team)
            )
        if race.name not in star.races:
            raise RuleViolation(_("{name} does not play for {name2} teams (he plays for {items}).").format(name=name, name2=race.name, items=', '.join(star.races)))  # fmt: skip
        if name in other_side:
            raise RuleViolation(_("{name} plays for {other_side} in this game: a Star Player is never on both sides of one game.").format(name=name, other_side=other_side[name]))  # fmt: skip
        lines.append(Line(STAR_KIND, name, "Star Player", star.cost, skills=star.skills,
                          profile=(star.ma, star.st, star.ag, star.av)))  # fmt: skip
    rule = mercenary_rule(ruleset)
    for merc in order.mercenaries:
        position = race.position(merc.position)
        if position.is_star_player:
            raise RuleViolation(
                _("{name} is a Star Player: hire him as a star, not as a mercenary.").format(name=position.name)
            )
        if not merc.name.strip():
            raise RuleViolation(
                _("The mercenary {name} needs a name (he plays under it in the report).").format(
                    name=position.name
                )
            )
        if merc.extra_skill:
            if rule.extra_skills < 1:
                raise RuleViolation(
                    _("The league's mercenary rule gives no extra skill (League > Rules… > Inducements).")
                )
            if merc.extra_skill not in mercenary_skill_choices(ruleset, position):
                raise RuleViolation(_("A mercenary {name} may be given a skill of his normal categories ({items}), not {extra_skill}.").format(name=position.name, items=', '.join(position.normal), extra_skill=merc.extra_skill))  # fmt: skip
        skills = mercenary_skills(ruleset, position, merc.extra_skill)
        lines.append(Line(MERCENARY_KIND, merc.name.strip(), f"Mercenary {position.name} ({', '.join(skills)})",
                          mercenary_cost(ruleset, position, merc.extra_skill), position=position.name,
                          skills=skills, profile=(position.ma, position.st, position.ag, position.av)))  # fmt: skip
    offered = inducements(ruleset)
    for name, number in order.inducements.items():
        if not number:
            continue
        item = offered.get(name)
        if item is None:
            raise RuleViolation(
                _("There is no inducement called '{name}' in the league's Inducements table.").format(name=name)
            )
        if number < 0:
            raise RuleViolation(
                _("{name}: a team buys none or more, not {number}.").format(name=name, number=number)
            )
        if number > item.max:
            raise RuleViolation(
                _("{name}: at most {max} a game, not {number}.").format(name=name, max=item.max, number=number)
            )
        refusal = item.refusal(race)
        if refusal:
            raise RuleViolation(refusal)
        price = item.price(race.name)
        lines.append(Line(INDUCEMENT_KIND, name, f"{name} x {number}" if number > 1 else name, price * number,
                          count=number))  # fmt: skip
    cash, may_add = money_for(ruleset, petty_cash)
    out = Bill(tuple(lines), cash, treasury, may_add)
    if out.total > out.money:
        raise RuleViolation(
            _("{team} cannot pay {gold} for freebooters: they have {where}.").format(
                team=team, gold=gp(out.total), where=out.where
            )
        )
    return out


def gate_share(ruleset: Ruleset, winnings: int, stars_hired: int) -> int:
    """The seed's rule: each Star Player a team hired takes his share of its winnings from the match (the
    league's star_gate_share table; never more than its 'most' share, never below nothing)."""
    if stars_hired <= 0 or winnings <= 0:
        return 0
    table = ruleset.table("star_gate_share")
    percent = min(table["percent_per_star"] * stars_hired, table["most_percent"])
    return winnings * percent // 100


def gate_share_phrase(ruleset: Ruleset, names: tuple[str, ...], played: Phrase) -> Phrase:
    """The ledger's words for the Star Players' share of the gate of the game `played`."""
    table = ruleset.table("star_gate_share")
    percent = min(table["percent_per_star"] * len(names), table["most_percent"])
    return phrase(sentences.STAR_GATE_SHARE, names=", ".join(names), percent=percent, played=played)
