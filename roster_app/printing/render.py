"""Printed documents as HTML: the templates in resources/templates filled with the data of printing.data.

Every value is escaped unless it is already `Html` (built here from escaped parts). A template file holds
its page first, then named blocks, each introduced by a line `<!--@ name -->` (a table row, a card ...).
Text written [[Like this $var]] in a template is translated (i18n._) when the block is filled, before the $vars
are substituted: the printout speaks the language of the block it is filled in (i18n.language).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache
from string import Template
from typing import Any

from roster_app.i18n import N_, _, current_language, ngettext, pgettext, term, translations
from roster_app.paths import resources_dir
from roster_app.printing import data
from roster_app.queries.charts import Chart
from roster_app.rules.allies import fan_factor_text, surcharge_text
from roster_app.rules.competitions import stage_words
from roster_app.rules.contracts import tally_marks
from roster_app.rules.postmatch import TIE_BREAKER_LABELS
from roster_app.words import count

BLOCK = re.compile(r"^<!--@\s*(\w+)\s*-->\s*$", re.MULTILINE)
TRANSLATED = re.compile(r"\[\[(.+?)\]\]", re.DOTALL)  # [[text to translate]] in a template
CONTEXT = "::"  # [[context::text]]: the text in a context of its own (a narrow column's short form)
CARDS_PER_PAGE = 9  # three by three, painted as the screen draws them (ui/printing/referee_cards.py)


class Html(str):
    """Text that is already HTML (escaped): `fill` inserts it as is."""


@dataclass(frozen=True)
class ChartImage:
    """A chart a page shows: its HTML holds <img src="chart:KEY" width=.. height=..>, and ui/printing/layout.py draws
    the chart into that image (Qt Charts; this side stays Qt-free). Sizes in CSS pixels, 96 to the inch."""

    chart: Chart
    width: int
    height: int

    @property
    def address(self) -> str:
        return f"chart:{self.chart.key}"


@dataclass(frozen=True)
class Section:
    """One part of a print job that starts on a new page (a team's roster, the league table ...)."""

    title: str
    html: Html
    charts: tuple[ChartImage, ...] = ()  # the images its HTML names
    cards: tuple[data.RefereeCard, ...] = ()  # referee cards painted below the html, as on screen


@cache
def stylesheet() -> str:
    return (resources_dir() / "templates" / "print.css").read_text(encoding="utf-8")


CSS_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
SIMPLE_SELECTOR = re.compile(r"^[A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$")
CLASS_ATTRIBUTE = re.compile(r"""class\s*=\s*["']([^"']*)["']""")
TAG = re.compile(r"<([A-Za-z][A-Za-z0-9]*)")


def rules_used(css: str, page: str) -> str:
    """`css` without the rules no element of the HTML `page` can match (a selector naming a tag or a class the
    page does not hold): the page looks the same, and Qt tests fewer rules against each of its ~5,000 elements."""
    classes = {c for m in CLASS_ATTRIBUTE.finditer(page) for c in m.group(1).split()}
    tags = {t.lower() for t in TAG.findall(page)}
    return _rules_for(css, frozenset(classes), frozenset(tags))


@cache
def _rules_for(css: str, classes: frozenset[str], tags: frozenset[str]) -> str:
    tags = tags | {"html", "body"}  # the document's own elements, never written in a page

    def may_match(selector: str) -> bool:
        for part in selector.split():
            if not SIMPLE_SELECTOR.match(part):
                return True  # a combinator, an id, a pseudo-class ...: kept
            tag, *names = part.split(".")
            if (tag and tag.lower() not in tags) or not classes.issuperset(names):
                return False
        return True

    kept = []
    for selectors, body in CSS_RULE.findall(CSS_COMMENT.sub("", css)):
        matching = [s.strip() for s in selectors.split(",") if may_match(s.strip())]
        if matching:
            kept.append(f"{', '.join(matching)} {{{body}}}")
    return "\n".join(kept)


def template_messages(text: str) -> list[str | tuple[str, str]]:
    """The texts a template marks [[for translation]], in order (the catalogue's msgids); one written
    [[context::text]] comes as (context, text) (a msgctxt)."""
    return [tuple(m.split(CONTEXT, 1)) if CONTEXT in m else m for m in TRANSLATED.findall(text)]


def _translated(mark: re.Match[str]) -> str:
    text = mark.group(1)
    if CONTEXT in text:
        context, text = text.split(CONTEXT, 1)
        return pgettext(context, text)
    return _(text)


class Block(Template):
    """A template block ($name placeholders, as string.Template) made into a format string once: filling a
    row of a 64-roster print job ~3x faster than Template.substitute. A block holding [[text]] is made once per
    language (and catalogue), its texts translated first."""

    def __init__(self, template: str):
        super().__init__(template)
        self._translated = TRANSLATED.search(template) is not None
        self._formats: dict[tuple[str, int], str] = {}
        self._plain = "" if self._translated else self._format(template)

    def _format(self, template: str) -> str:
        parts, end = [], 0
        for match in self.pattern.finditer(template):  # literal text with its braces doubled, then the field
            parts += [template[end : match.start()].replace("{", "{{").replace("}", "}}"), _as_format(match)]
            end = match.end()
        return "".join([*parts, template[end:].replace("{", "{{").replace("}", "}}")])

    @property
    def formatted(self) -> str:
        if not self._translated:
            return self._plain
        code = current_language()
        key = (code, id(translations(code)))
        found = self._formats.get(key)
        if found is None:
            found = self._formats[key] = self._format(TRANSLATED.sub(_translated, self.template))
        return found

    def substitute(self, mapping: Any = None, /, **values: Any) -> str:  # type: ignore[override]
        return self.formatted.format_map({**(mapping or {}), **values})


def _as_format(match: re.Match[str]) -> str:
    if match.group("escaped") is not None:
        return "$"  # $$ is a dollar sign
    name = match.group("named") or match.group("braced")
    if name is None:
        raise ValueError(f"Invalid placeholder in a print template: {match.group(0)!r}")
    return "{" + name + "}"


@cache
def blocks(name: str) -> dict[str, Block]:
    """The blocks of `resources/templates/<name>.html`: "page" first, then every `<!--@ block -->`."""
    text = (resources_dir() / "templates" / f"{name}.html").read_text(encoding="utf-8")
    parts = BLOCK.split(text)
    found = {"page": parts[0]} | dict(zip(parts[1::2], parts[2::2], strict=True))
    return {key: Block(value.strip()) for key, value in found.items()}


def fill(template: Template, **values: object) -> Html:
    """Substitute every placeholder (a missing one is a bug: KeyError); plain values are escaped."""
    return Html(template.substitute({k: v if isinstance(v, Html) else _escape(v) for k, v in values.items()}))


def _escape(value: object) -> str:
    text = value if isinstance(value, str) else str(value)
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        return html.escape(text)
    return text  # most values (numbers, names) need no escaping: skip five replaces


def join(parts: list[Html]) -> Html:
    return Html("\n".join(parts))


def number(value: int) -> str:
    """A whole number with the print language's thousands separators (1,000 in English, 1 000 in French)."""
    code = current_language()
    if code == "en":
        return f"{value:,}"
    from babel.numbers import format_decimal  # only a printout in another language pays for Babel's locale data

    return format_decimal(value, locale=code)


def gold(amount: int) -> str:
    """Gold pieces with thousands separators; a minus sign for money going out."""
    return number(amount).replace("-", "\u2212")


def shade(index: int) -> Html:
    return Html(' class="shade"' if index % 2 else "")


def stripe(index: int) -> Html:
    """`shade` for a row of a ruled table (print.css), whose stripes are painted with its lines."""
    return Html(' class="stripe"' if index % 2 else "")


def _date(value: object) -> str:
    """A date as the print language writes it (ISO in English, as before; Babel's medium format otherwise)."""
    if not hasattr(value, "strftime"):
        return str(value)
    code = current_language()
    if code == "en":
        return value.strftime("%Y-%m-%d")
    from babel.dates import format_date  # only a printout in another language pays for Babel's locale data

    return format_date(value, format="medium", locale=code)


# -- roster --------------------------------------------------------------------------------------------
def _skills(player: data.queries.PlayerRow) -> Html:
    starting = [html.escape(term("skill", s)) for s in player.starting_skills]
    gained = [f'<span class="gained">{html.escape(term("skill", s))}</span>' for s in player.skills]
    marks = []
    if player.ally:
        ally = _("ally ({race})").format(race=term("race", player.race))
        marks.append(f'<span class="flag">{html.escape(ally)}</span>')
    if player.rolls_due:
        due = ngettext("{n} roll due", "{n} rolls due", player.rolls_due).format(n=player.rolls_due)
        marks.append(f'<span class="star">\u2605 {html.escape(due)}</span>')
    return Html(", ".join(starting + gained) + ("<br/>" + " ".join(marks) if marks else ""))


def _injuries(player: data.queries.PlayerRow) -> Html:
    parts = [html.escape(term("injury", i)) for i in player.injuries]
    if player.status != "active" and player.status.casefold() not in (i.casefold() for i in player.injuries):
        parts.append(f'<span class="flag">{html.escape(status_words(player.status))}</span>')
    return Html(", ".join(parts))


# A player's status and a contract's state are stored keys; the printout shows them in its language.
STATUS_WORDS = {"miss next game": N_("miss next game"), "retired": N_("retired"), "dead": N_("dead"),
                "transferred": N_("transferred"), "running": N_("running"), "final season": N_("final season"),
                "expired": N_("expired"), "cancelled": N_("cancelled"), "died": N_("died"), "ended": N_("ended"),
                "reversed": N_("reversed")}  # fmt: skip
# What a team is worth as the bundled editions name it (economy.worth_name), translated where printed; and the
# same within a sentence ("... · team rating 159 · ...").
WORTH_NAMES = (N_("Team rating"), N_("Team value"))
WORTH_IN_SENTENCE = {"Team rating": N_("team rating"), "Team value": N_("team value")}


def shown(text: str) -> str:
    """A text the league or the queries hold (a table's title, a kind's label marked N_ where it is written) in the
    print language; one the catalogue does not hold stays as it is, and "" stays "" (not the catalogue's header)."""
    return _(text) if text else text


def status_words(key: str) -> str:
    return _(STATUS_WORDS[key]) if key in STATUS_WORDS else key


def worth_words(name: str) -> str:
    return _(name) if name in WORTH_NAMES else name


def _contract(player: data.queries.PlayerRow) -> str:
    if player.contract_seasons is None:
        return _("free")
    return tally_marks(player.contract_served, player.contract_seasons)


def _player_row(index: int, line: data.RosterLine) -> Html:
    p, t = line.player, line.totals
    return fill(
        blocks("roster")["player"], stripe=stripe(index), number=p.number, name=p.name,
        position=term("position", p.position),
        ma=p.ma, st=p.st, ag=p.ag, av=p.av, skills=_skills(p), injuries=_injuries(p),
        completions=t.completions or "", touchdowns=t.touchdowns or "", interceptions=t.interceptions or "",
        casualties=t.casualties or "", mvps=t.mvps or "", spp=p.spp, player_value=gold(p.value),
        contract=_contract(p),
    )  # fmt: skip


def _record(record: data.Standing | None) -> tuple[str, str]:
    """(won/drawn/lost, position and points) of the team this season."""
    if record is None or not record.played:
        return _("no match played"), "\u2014"
    return (
        _("W{won} D{drawn} L{lost}").format(won=record.won, drawn=record.drawn, lost=record.lost),
        ngettext("{position}, {n} point", "{position}, {n} points", record.points).format(
            position=_ordinal(record.position), n=record.points
        ),
    )


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 11th, 21st ... in the print language (1er, 2e in French; 1., 2. in German)."""
    if n == 1:
        return _("1st")
    if 10 <= n % 100 <= 20:
        return _("{n}th").format(n=n)
    ordinal = {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}.get(n % 10, N_("{n}th"))
    return _(ordinal).format(n=n)


def _allies(team: data.queries.TeamHeader, ruleset_fan_factor: str) -> Html:
    """The Team table's line about allies and what they cost (nothing without allies)."""
    if not team.allies:
        return Html("")
    p = team.penalties
    what = [_("fan factor {value}").format(value=ruleset_fan_factor)]
    if p.reroll_surcharge:
        what.append(_("re-rolls {price} gp each ({surcharge})").format(price=gold(team.reroll_price),
                                                                      surcharge=surcharge_text(p)))  # fmt: skip
    allies = "; ".join(term("race", ally) for ally in team.allies)
    return fill(blocks("roster")["allies"], count=len(team.allies), allies=allies,
                penalties=", ".join(what))  # fmt: skip


def _worth_rows(team: data.queries.TeamHeader) -> dict[str, Any]:
    """The roster's worth rows as the edition names them: a team rating beside its gold value and the rating on
    the Match Winnings Table, or a team value beside the spiralling expenses it brings."""
    if not team.worth_is_value:
        return dict(worth_label=worth_words(team.worth_name), worth=team.worth_figure or team.rating,
                    second_label=_("Team value (players, staff, re-rolls, fan factor)"), second=gold(team.value),
                    money_label=_("Rating on the Match Winnings Table"), money=team.winnings_rating)  # fmt: skip
    return dict(worth_label=_("{worth} (players, staff, re-rolls, fan factor)").format(worth=worth_words(team.worth_name)),
                worth=gold(team.worth),
                second_label=_("Team rating (3rd-edition reckoning, for comparison)"), second=team.rating,
                money_label=_("Spiralling expenses after a match"), money=gold(team.expenses))  # fmt: skip


def roster_section(sheet: data.RosterSheet, heading: data.Heading) -> Section:
    """The classic roster: one numbered line per player, blank lines up to the roster limit, staff, figures."""
    t = blocks("roster")
    rows = [_player_row(i, line) for i, line in enumerate(sheet.lines)]
    rows += [fill(t["blank"], stripe=stripe(i)) for i in range(len(rows), sheet.max_players)]
    staff = [fill(t["staff"], label=shown(s.label), count=s.count, unit_cost=gold(s.unit_cost), total=gold(s.total))
             for s in sheet.staff]  # fmt: skip
    team = sheet.team
    fan_factor = fan_factor_text(team.fan_factor, team.fan_factor_in_play, team.penalties.allies)
    record, standing = _record(sheet.record)
    legend = _("\u2605 star player rolls earned and not yet taken.") if any(
        line.player.rolls_due for line in sheet.lines) else ""  # fmt: skip
    body = fill(
        t["page"], league=heading.league, season=heading.season, team=team.name, race=term("race", team.race),
        coach=team.coach or "\u2014", record=record, standing=standing, players=join(rows), legend=legend,
        value=gold(team.value), treasury=gold(team.treasury), fan_factor=fan_factor,
        allies=_allies(team, fan_factor), player_count=len(sheet.lines), max_players=sheet.max_players,
        staff=join(staff), players_value=gold(sheet.players_value), **_worth_rows(team),
        hired=fill(t["hired"], hired=sheet.hired) if sheet.hired else Html(""),
    )  # fmt: skip
    return Section(_("{team} \u2014 roster").format(team=team.name), body)


# -- league table --------------------------------------------------------------------------------------
def _empty(text: str) -> Html:
    """A paragraph saying a part of the page has nothing to show ("" for nothing)."""
    return Html(f'<p class="empty">{_escape(text)}</p>' if text else "")


# rules/postmatch.STAGES, stored keys shown in the print language


def _signed(value: int) -> str:
    return f"+{gold(value)}" if value > 0 else gold(value)


# rules.postmatch.TIE_BREAKER_LABELS, marked for the printout's catalogue (shown through _()).
TIE_BREAKER_WORDS = (N_("touchdown difference"), N_("casualty difference"), N_("touchdowns scored"),
                     N_("casualties caused"), N_("head-to-head"), N_("a roll-off"))  # fmt: skip


def _tie_breakers(keys: list[str]) -> str:
    words = [_(TIE_BREAKER_LABELS[key]) if key in TIE_BREAKER_LABELS else key.replace("_", " ")
             for key in keys if key != "points"]  # fmt: skip
    if not words:
        return _("nothing more: they share the position")
    return _(", then ").join(words)


def _matches(title: str, matches: list[data.MatchLine]) -> Html:
    """Results (or the matches still to play) of the season, by round; nothing when there are none."""
    if not matches:
        return Html("")
    t = blocks("league_table")
    rows = [
        fill(t["result"], shade=shade(i), round=m.round, stage=stage_words(m.stage), home=m.home, away=m.away,
             score=f"{m.home_score} \u2013 {m.away_score}" if m.played else _("v"),
             casualties=f"{m.home_casualties} \u2013 {m.away_casualties}" if m.played else "")
        for i, m in enumerate(matches)
    ]  # fmt: skip
    return fill(t["results"], title=title, rows=join(rows))


def league_table_section(
    standings: list[data.Standing],
    points: dict,
    heading: data.Heading,
    matches: list[data.MatchLine] = (),
    worth: tuple[str, str, bool] = ("TR", "Team rating", False),  # i18n: key
) -> Section:
    """The league table; `worth` is the edition's (short name, name, a team value in gold) for its worth column."""
    t = blocks("league_table")
    rows = [
        fill(
            t["row"], shade=shade(i), position=s.position, team=s.team, coach=s.coach, race=term("race", s.race),
            played=s.played, won=s.won, drawn=s.drawn, lost=s.lost, td_for=s.touchdowns_for,
            td_against=s.touchdowns_against, td_difference=_signed(s.touchdown_difference),
            cas_for=s.casualties_for, cas_against=s.casualties_against,
            cas_difference=_signed(s.casualty_difference), points=s.points, worth=s.worth,
        )
        for i, s in enumerate(standings)
    ]  # fmt: skip
    played = any(s.played for s in standings)
    empty = _empty("" if played else _("No league match has been played this season yet."))
    body = fill(
        t["page"], league=heading.league, season=heading.season, win=points["win"], draw=points["draw"],
        loss=points["loss"], rows=join(rows), tie_breakers=_tie_breakers(points["tie_breakers"]), empty=empty,
        results=_matches(_("Results"), [m for m in matches if m.played]),
        fixtures=_matches(_("Still to play"), [m for m in matches if not m.played]),
        worth_head=worth[0], worth_note=_worth_note(worth),
    )  # fmt: skip
    return Section(_("league table"), body)


def _worth_note(worth: tuple[str, str, bool]) -> Html:
    """What the worth column holds, as the league's edition names it (issue 31)."""
    short, name, is_value = worth
    name = name[:1].lower() + name[1:]
    text = (_("{short}: {name} now, in thousands of gold pieces (the treasury not counted).") if is_value
            else _("{short}: {name} now."))  # fmt: skip
    return Html(f'<p class="note">{_escape(text.format(short=short, name=name))}</p>')


# -- ledger ------------------------------------------------------------------------------------------
CORRECTION_KIND = "correction"  # services/corrections.LEDGER_KIND (printing does not import services)


# The ledger's kinds (safety/explained.LEDGER_KINDS, stored keys) in the print language; another prints as it is.
LEDGER_KINDS = {"opening": N_("opening"), "transfer": N_("transfer"), "correction": N_("correction"),
                "reversal": N_("reversal"), "winnings": N_("winnings"), "gate": N_("gate"),
                "expenses": N_("expenses"), "freebooters": N_("freebooters"), "star gate share": N_("star gate share"),
                "hire": N_("hire"), "contract": N_("contract"), "staff": N_("staff"), "reroll": N_("reroll"),
                "reserve": N_("reserve"), "upkeep": N_("upkeep")}  # fmt: skip


def _ledger_kind(kind: str) -> Html:
    """A correction stands out on the page; other kinds print as they are."""
    words = _(LEDGER_KINDS[kind]) if kind in LEDGER_KINDS else kind
    if kind == CORRECTION_KIND:
        return Html(f'<span class="flag">{_escape(words)}</span>')
    return Html(_escape(words))


def _corrections(statement: data.LedgerStatement) -> Html:
    if not statement.corrections:
        return Html("")
    t = blocks("ledger")
    rows = [
        fill(t["correction_row"], shade=shade(i), date=_date(c.created_at), entry_season=c.season,
             kind=shown(c.kind_label), subject=c.subject, change=c.change, reason=c.reason, made_by=c.made_by)
        for i, c in enumerate(statement.corrections)
    ]  # fmt: skip
    return fill(t["corrections"], rows=join(rows))


def ledger_section(statement: data.LedgerStatement, heading: data.Heading) -> Section:
    t = blocks("ledger")
    rows = [
        fill(t["row"], shade=shade(i), date=_date(r.created_at), entry_season=r.season, kind=_ledger_kind(r.kind),
             reason=r.reason, amount=_signed(r.amount), balance=gold(r.balance))
        for i, r in enumerate(statement.rows)
    ]  # fmt: skip
    empty = _empty("" if rows else _("No gold has moved yet."))
    body = fill(t["page"], league=heading.league, season=heading.season, team=statement.team.name,
                treasury=gold(statement.team.treasury), rows=join(rows), empty=empty,
                corrections=_corrections(statement))  # fmt: skip
    return Section(_("{team} \u2014 ledger").format(team=statement.team.name), body)


# -- contracts ---------------------------------------------------------------------------------------
def _first_of_team(rows: list, index: int) -> str:
    """The team's name on the first line of its group only, so the groups stand out."""
    return rows[index].team if index == 0 or rows[index - 1].team != rows[index].team else ""


def _contract_row(rows: list[data.ContractLine], index: int) -> Html:
    c = rows[index]
    return fill(
        blocks("contracts")["contract"], shade=shade(index), team=_first_of_team(rows, index), number=c.number, name=c.name,
        position=term("position", c.position), spp=c.spp, rolls=c.rolls, signed=c.signed_season,
        until=c.last_season, tally=c.tally, cost=gold(c.cost),
        state=_("{state} (renewal)").format(state=status_words(c.state)) if c.renewal else status_words(c.state),
    )  # fmt: skip


def _free_agent_row(rows: list[data.FreeAgentLine], index: int) -> Html:
    f = rows[index]
    costs = join([Html(f'<td class="gold">{gold(cost)}</td>') for cost in f.costs])
    return fill(blocks("contracts")["free_agent"], shade=shade(index), team=_first_of_team(rows, index), number=f.number, name=f.name,
                position=term("position", f.position), spp=f.spp, rolls=f.rolls, costs=costs)  # fmt: skip


def contracts_section(sheet: data.ContractSheet, heading: data.Heading) -> Section:
    width = max(4, 37 // max(1, len(sheet.lengths)))
    headers = join([
        Html(f'<th class="gold" width="{width}%">{_escape(count(n, "season"))}</th>') for n in sheet.lengths
    ])  # fmt: skip
    body = fill(
        blocks("contracts")["page"], league=heading.league, season=heading.season,
        per_roll=gold(sheet.cost_per_roll_per_season), length_headers=headers,
        contracts=join([_contract_row(list(sheet.contracts), i) for i in range(len(sheet.contracts))]),
        free_agents=join([_free_agent_row(list(sheet.free_agents), i) for i in range(len(sheet.free_agents))]),
        no_contracts=_empty("" if sheet.contracts else _("No player is under contract.")),
        no_free_agents=_empty("" if sheet.free_agents else _("No free agent has a star player roll yet.")),
    )  # fmt: skip
    return Section(_("contract sheet"), body)


# -- referee cards -----------------------------------------------------------------------------------
def referee_card_sections(cards: list[data.RefereeCard], heading: data.Heading) -> list[Section]:
    """CARDS_PER_PAGE cards to a page, each page its own section (a fresh sheet to cut). The page's html is its
    heading; the cards are the screen's cards, which ui/printing/layout.py paints below it."""
    t = blocks("referee_cards")
    pages = [cards[i : i + CARDS_PER_PAGE] for i in range(0, len(cards), CARDS_PER_PAGE)] or [[]]
    sections = []
    for number, page in enumerate(pages, start=1):
        empty = _empty("" if cards else _("The league has no referee who can be chosen."))
        title = _("referee cards ({number} of {pages})") if len(pages) > 1 else _("referee cards")
        body = fill(t["page"], league=heading.league, season=heading.season, empty=empty)
        sections.append(Section(title.format(number=number, pages=len(pages)), body, cards=tuple(page)))
    return sections


# -- referee's match sheet -----------------------------------------------------------------------------
def _half(title: str, turns: range) -> Html:
    cells = {
        "numbers": "".join(f'<td class="turn">{n}</td>' for n in turns),
        "boxes": '<td class="box">\u2610</td>' * len(turns),
        "casualties": '<td class="write">&#160;<br/>&#160;</td>' * len(turns),
        "actions": '<td class="num small">M B F H</td>' * len(turns),
        "notes": '<td class="write">&#160;<br/>&#160;<br/>&#160;<br/>&#160;<br/>&#160;</td>' * len(turns),
    }
    return fill(blocks("match_sheet")["half"], half=title, **{k: Html(v) for k, v in cells.items()})


def match_sheet_section(rules: data.RefereeRules, heading: data.Heading) -> Section:
    """A blank sheet for the referee's turns (one box per turn, two halves) and the end-of-match checks."""
    half = (rules.turns + 1) // 2
    halves = join(
        [_half(_("First half"), range(1, half + 1)), _half(_("Second half"), range(half + 1, rules.turns + 1))]
    )
    body = fill(
        blocks("match_sheet")["page"], league=heading.league, season=heading.season, halves=halves,
        range_text=_rules_range(rules),
        send_off=rules.send_off_target, turns=rules.turns, sacked_at_most=rules.sacked_at_most,
        riot_sacked=rules.riot_sacked_percent, award_at_least=rules.award_at_least,
        riot_award=rules.riot_award_percent, award_spp=rules.award_spp, casualty_spp=rules.casualty_spp,
    )  # fmt: skip
    return Section(_("referee's match sheet"), body)


# -- pre-filled match sheets (one a fixture) ------------------------------------------------------------------
EVENT_LINES = 26  # blank lines for the game's events (the second page)


def _sheet_skills(player: data.SheetPlayerLine) -> Html:
    starting = [html.escape(term("skill", s)) for s in player.starting_skills]
    gained = [f'<span class="gained">{html.escape(term("skill", s))}</span>' for s in player.skills]
    missing = html.escape(_("misses this match"))
    misses = [f'<span class="flag">{missing}</span>'] if player.misses else []
    return Html(", ".join(starting + gained + misses))


def _side(label: str, side: data.SheetSide) -> Html:
    t = blocks("fixture_sheet")
    rows = [
        fill(t["player"], shade=shade(i), number=p.number, name=p.name, position=term("position", p.position),
             skills=_sheet_skills(p))
        for i, p in enumerate(side.players)
    ] or [fill(t["no_players"])]  # fmt: skip
    rows += [fill(t["freebooter"], name=name, what=what, skills=", ".join(term("skill", s) for s in skills))
             for name, what, skills in side.freebooters]  # fmt: skip
    handicaps = Html("")
    if side.handicaps:
        listed = f"<b>{html.escape(', '.join(term('table', h) for h in side.handicaps))}</b>"
        handicaps = Html(" &#183; " + _escape(_("handicaps: {list}")).replace("{list}", listed))
    if side.inducements:
        listed = f"<b>{html.escape(', '.join(side.inducements))}</b>"
        handicaps = Html(f"{handicaps} &#183; " + _escape(_("inducements: {list}")).replace("{list}", listed))
    return fill(t["side"], label=label, team=side.name, race=term("race", side.race), coach=side.coach or "\u2014",
                worth_name=_(WORTH_IN_SENTENCE[side.worth_name]) if side.worth_name in WORTH_IN_SENTENCE
                else side.worth_name.lower(), worth=side.worth,
                rerolls=ngettext("{n} re-roll", "{n} re-rolls", side.rerolls).format(n=side.rerolls),
                apothecary=_("apothecary") if side.apothecary else _("no apothecary"), fan_factor=side.fan_factor,
                handicaps=handicaps, players=join(rows))  # fmt: skip


def _tally(title: str, turns: range) -> Html:
    cells = {
        "numbers": "".join(f'<td class="turn">{n}</td>' for n in turns),
        "boxes": '<td class="box">\u2610</td>' * len(turns),
        "actions": '<td class="num small">M B F H</td>' * len(turns),
    }
    return fill(blocks("fixture_sheet")["tally"], half=title, **{k: Html(v) for k, v in cells.items()})


def _squares(n: int) -> str:
    return ngettext("{n} square", "{n} squares", n).format(n=n)


def _rules_range(rules: data.RefereeRules) -> str:
    """The range of a referee of the league's rules, and the skills that change it ("4 squares (Eagle Eye 6)")."""
    skills = ", ".join(f"{term('skill', name)} {squares}" for name, squares in rules.range_skills)
    return _squares(rules.range_squares) + (f" ({skills})" if skills else "")


def _range_text(sheet: data.FixtureSheet, rules: data.RefereeRules) -> str:
    if sheet.referee_range is not None:
        return _squares(sheet.referee_range)
    return _rules_range(rules)


def fixture_sheet_section(sheet: data.FixtureSheet, rules: data.RefereeRules, heading: data.Heading) -> Section:
    """One fixture's pre-filled sheet: both rosters with event boxes, the ref and his range, his 16-turn tally."""
    t = blocks("fixture_sheet")
    half = (rules.turns + 1) // 2
    tally = join(
        [_tally(_("First half"), range(1, half + 1)), _tally(_("Second half"), range(half + 1, rules.turns + 1))]
    )
    where = (_("round {round}").format(round=sheet.round) if sheet.stage == "league"
             else _("{stage}, round {round}").format(stage=stage_words(sheet.stage), round=sheet.round))  # fmt: skip
    referee = sheet.referee or _("\u2014 not chosen yet: ____________________")
    if sheet.referee:
        referee = f"{sheet.referee} ({term('race', sheet.referee_race)})"
        if sheet.referee_skills:
            referee += f": {', '.join(term('skill', s) for s in sheet.referee_skills)}"
    body = fill(
        t["page"], league=heading.league, season=heading.season, where=where, home=sheet.home.name,
        away=sheet.away.name, referee=referee, range_text=_range_text(sheet, rules),
        range_short=sheet.referee_range if sheet.referee_range is not None else rules.range_squares,
        sides=join([_side(_("Home"), sheet.home), _side(_("Away"), sheet.away)]), tally=tally, turns=rules.turns,
        sacked_at_most=rules.sacked_at_most, riot_sacked=rules.riot_sacked_percent,
        award_at_least=rules.award_at_least, riot_award=rules.riot_award_percent,
        send_off=rules.send_off_target, casualty_spp=rules.casualty_spp,
        event_lines=join([fill(t["event"])] * EVENT_LINES),
    )  # fmt: skip
    return Section(_("match sheet: {home} v {away}").format(home=sheet.home.name, away=sheet.away.name), body)


# -- a tournament's bracket or standing (issue 33) ---------------------------------------------------------
def _entrant(name: str, seed: int | None, won: bool, score: str) -> Html:
    t = blocks("competition")
    if not name:
        return fill(t["team"], style="muted", seed="", name=_("to be decided"), score="")
    return fill(
        t["team"], style="gained" if won else "", seed=f"({seed}) " if seed else "", name=name, score=score
    )


def _tie_cell(tie: Any, seeds: dict[int, int], span: int) -> Html:
    t = blocks("competition")
    played = tie.played
    home = _entrant(tie.home, seeds.get(tie.home_id), tie.winner_id == tie.home_id and tie.home_id is not None,
                    str(tie.home_score) if played else "")  # fmt: skip
    if tie.bye and not tie.away and not tie.match_id:
        bye = _escape(_("bye"))
        away = Html(f'<span class="muted">{bye}</span>')
    else:
        away = _entrant(tie.away, seeds.get(tie.away_id), tie.winner_id == tie.away_id and tie.away_id is not None,
                        str(tie.away_score) if played else "")  # fmt: skip
    notes = [n for n in (tie.decided, tie.note if tie.note != "bye" else "") if n]
    detail = Html("".join(f'<br><span class="muted">{_escape(n)}</span>' for n in notes))
    return fill(t["tie"], span=span, home=home, away=away, detail=detail)


def competition_section(bracket: Any, heading: data.Heading) -> Section:
    """A tournament on its own page: a knock-out's bracket (a column a round, each game beside the two it comes
    from), or a Swiss open's standing and games."""
    t = blocks("competition")
    c = bracket.competition
    third = Html("")
    if c.format == "swiss":
        rows = [fill(t["standing_row"], shade=shade(i), position=r.position, team=r.name,
                     out=f" ({r.out})" if r.out else "", played=r.played, won=r.won, drawn=r.drawn, lost=r.lost,
                     byes=r.byes, td=_signed(r.td_for - r.td_against), cas=_signed(r.cas_for - r.cas_against),
                     points=r.points)
                for i, r in enumerate(bracket.standing)]  # fmt: skip
        games = [fill(t["game"], shade=shade(i), round=tie.round_name, home=tie.home,
                      score=_("bye") if tie.bye else (tie.score if tie.played else _("v")), away=tie.away or "")
                 for i, tie in enumerate(tie for r in bracket.rounds for tie in r)]  # fmt: skip
        body = Html(fill(t["standing"], rows=join(rows)) + fill(t["rounds"], rows=join(games)))
    elif not bracket.rounds:
        body = _empty(_("Not drawn yet."))
    else:
        main = [[tie for tie in r if tie.round_name != "third-place game"] for r in bracket.rounds]
        heads = [fill(t["head"], round=shown(name).capitalize(), season_round=ties[0].season_round)
                 for name, ties in zip(bracket.round_names, main, strict=False)]  # fmt: skip
        lines = []
        for index in range(len(main[0])):
            cells = []
            for number, ties in enumerate(main):
                span = 2**number
                if index % span == 0:
                    cells.append(_tie_cell(ties[index // span], bracket.seeds, span))
            lines.append(fill(t["row"], cells=join(cells)))
        body = fill(t["bracket"], heads=join(heads), rows=join(lines))
        extra = [tie for tie in bracket.rounds[-1] if tie.round_name == "third-place game"]
        if extra:
            tie = extra[0]
            third = fill(t["third"], home=tie.home or _("to be decided"), away=tie.away or _("to be decided"),
                         score=tie.score if tie.played else _("v"))  # fmt: skip
    note = _("Seeds in brackets; the team in bold went through.") if c.format != "swiss" else _(
        "A bye counts as a win; teams level on points are separated by the league's tie-breakers.")  # fmt: skip
    entrants = count(c.entrants, "team")
    body = fill(t["page"], league=heading.league, season=c.season, name=c.name, format=shown(c.format_words).capitalize(),
                entrants=entrants, status=c.status_words, body=body, third=third, note=note)  # fmt: skip
    title = _("{name} \u2014 standing") if c.format == "swiss" else _("{name} \u2014 bracket")
    return Section(title.format(name=c.name), body)


# -- the referee's sheet of a game played (issue 34) -----------------------------------------------------------
def _played_half(title: str, sheet: data.referees.SheetView, turns: range) -> Html:
    def box(turn: int) -> str:
        if turn not in sheet.available:
            return '<td class="num muted">\u2014</td>'
        mark = {True: "\u2611", False: "\u2612", None: "\u2610"}[sheet.in_range[turn - 1]]
        return f'<td class="box">{mark}</td>'

    cells = {
        "numbers": "".join(f'<td class="turn">{n}</td>' for n in turns),
        "boxes": "".join(box(n) for n in turns),
        "actions": "".join(f'<td class="num small">{html.escape(sheet.actions[n - 1] or "")}</td>' for n in turns),
    }
    return fill(blocks("played_sheet")["half"], half=title, **{k: Html(v) for k, v in cells.items()})


def played_sheet_section(played: data.PlayedSheet, heading: data.Heading) -> Section:
    """The referee's sheet of a game played: his turns in range and his actions, the verdict, the calls he made
    (send-offs, warnings, fouls spotted or missed) and what he did himself, from the match pad."""
    t = blocks("played_sheet")  # fill translates their [[marked]] texts
    sheet = played.sheet
    half = (sheet.turns + 1) // 2
    halves = join([_played_half(_("First half"), sheet, range(1, half + 1)),
                   _played_half(_("Second half"), sheet, range(half + 1, sheet.turns + 1))])  # fmt: skip
    sent_off, warnings, spotted, missed = played.counts
    counts = _("Sent off {sent_off} \u00b7 warnings {warnings} \u00b7 fouls spotted {spotted} \u00b7 fouls missed "
               "{missed}").format(sent_off=sent_off, warnings=warnings, spotted=spotted, missed=missed)  # fmt: skip
    calls = (
        fill(t["calls"], rows=join([
            fill(t["call"], shade=shade(i), turn=c.turn if c.turn is not None else "", call=c.call, player=c.player,
                 why=c.why, by=c.by)
            for i, c in enumerate(played.calls)]))
        if played.calls
        else fill(t["none"], text=_("No call was recorded on the match pad for this game."))
    )  # fmt: skip
    ref_log = (
        fill(t["log"], rows=join([fill(t["log_line"], shade=shade(i), line=line)
                                  for i, line in enumerate(played.ref_log)]))
        if played.ref_log
        else fill(t["none"], text=_("The referee blocked, fouled or blew his whistle at nobody, and nobody laid a "
                                    "hand on him."))
    )  # fmt: skip
    verdict = sheet.verdict
    where = (_("round {round}").format(round=played.round) if played.stage == "league"
             else played.stage)  # fmt: skip
    body = fill(
        t["page"], league=heading.league, season=played.season, title=played.title, where=where,
        referee=f"{sheet.referee_name} ({played.race})" if played.race else sheet.referee_name,
        range=_("{n} squares").format(n=sheet.range), skills=", ".join(sheet.skills) or "\u2014",
        equipment=", ".join(sheet.equipment) or "\u2014", halves=halves,
        turns_note=_("\u2611 within range, \u2612 out of range, \u2610 not recorded, \u2014 a turn he did not "
                     "referee. A turn counts as the squares on the pad say (the tick only for a turn without "
                     "squares)."),
        in_range=_("{n} of {turns}").format(n=verdict.in_range, turns=verdict.turns_played),
        verdict=verdict.result, casualties=sheet.casualties, spp=verdict.spp, state=sheet.state,
        counts=counts, calls=calls, ref_log=ref_log,
    )  # fmt: skip
    return Section(_("referee's sheet, {title}").format(title=played.title), body)
