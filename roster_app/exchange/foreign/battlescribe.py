"""BattleScribe rosters: a .ros (XML in the roster namespace, BSData/schemas src/xml/schema/v2_03/Catalogue.xsd, the
Roster type) or a .rosz (a zip holding one .ros). The team list comes from the force's catalogue id and each player's
position from his selection's entry id (BSData/bloodbowl's LRB 6 catalogues, resources/foreign/battlescribe_ids.json);
a roster of a catalogue Dugout does not know is read by its names. Skills, injuries, characteristic advances and
SPP ("XP") are selections inside the player's."""

from __future__ import annotations

import json
from functools import cache
from typing import Any
from xml.etree.ElementTree import Element

from roster_app.exchange.foreign import reading as r
from roster_app.i18n import _

NS = "{http://www.battlescribe.net/schema/rosterSchema}"
FORMAT = "BattleScribe roster"  # i18n: keep (the format's name, kept with the file read)
STAT_OF = {"MA": "ma", "Str": "st", "ST": "st", "Ag": "ag", "AG": "ag", "AV": "av"}
TEAM_FIELDS = ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders")


@cache
def battlescribe_ids() -> dict[str, Any]:
    from roster_app.paths import resources_dir

    return json.loads((resources_dir() / "foreign" / "battlescribe_ids.json").read_text(encoding="utf-8"))


def _selections(element: Element) -> list[Element]:
    return element.findall(f"{NS}selections/{NS}selection")


def _kind(selection: Element, entries: dict[str, str]) -> str:
    """What a selection is ('position:Blitzer', 'skill:Block', 'team:rerolls' ...), by its entry id; a link's id
    is 'link::entry', so each part is looked up, the last first. '' when the catalogue does not say."""
    for part in reversed((selection.get("entryId") or "").split("::")):
        if part in entries:
            return entries[part]
    categories = {c.get("name") for c in selection.findall(f"{NS}categories/{NS}category")}
    if "Players" in categories:
        return f"position:{selection.get('name') or ''}"
    if "Star Players" in categories:
        return f"star:{selection.get('name') or ''}"
    return ""


def _cost(selection: Element, where: str) -> int:
    """The selection's cost with everything inside it (BattleScribe's points are gold pieces here)."""
    own = sum(r.whole(c.get("value"), where, _("a cost"), default=0)
              for c in selection.findall(f"{NS}costs/{NS}cost"))  # fmt: skip
    return own + sum(_cost(child, where) for child in _selections(selection))


def read_roster(root: Element, label: str, path: str) -> r.ForeignFile:
    if root.tag != f"{NS}roster":
        raise r.ForeignFileError(
            _("{label}: the file is not a BattleScribe roster (its root is <{local}>).").format(
                label=label, local=r.local(root.tag)
            )
        )
    catalogues = battlescribe_ids()["catalogues"]
    forces = root.findall(f"{NS}forces/{NS}force")
    r.check_counts(len(forces), label)
    out = r.ForeignFile(path, label, "BattleScribe", FORMAT)
    for row, force in enumerate(forces, 1):
        where = r.team_where(label, row, r.tidy(root.get("name") or "")[:60])
        name = r.team_name(root.get("name") if len(forces) == 1 else force.get("name"), where)
        catalogue = catalogues.get(force.get("catalogueId") or "")
        if catalogue is None:
            race = r.label_name(
                (force.get("catalogueName") or "").removesuffix(" Team"), where, _("the team list")
            )
            entries: dict[str, str] = {}
        else:
            race, entries = catalogue["race"], catalogue["entries"]
        team = r.ForeignTeam(row, name, race, race_id=force.get("catalogueId") or "")
        if catalogue is None:
            team.notes.append(_("the catalogue '{tidy}' is not one of BattleScribe's LRB 6 team lists: its race and positions are " "read by name").format(tidy=r.tidy(force.get('catalogueName') or '')[:60]))  # fmt: skip
        for selection in _selections(force):
            _read_force_selection(selection, team, entries, label, row)
        r.check_players(len(team.players), where)
        out.teams.append(team)
    return out


def _read_force_selection(
    selection: Element, team: r.ForeignTeam, entries: dict[str, str], label: str, row: int
) -> None:
    kind = _kind(selection, entries)
    what, _unused, detail = kind.partition(":")
    where = r.team_where(label, row, team.name)
    number = r.whole(selection.get("number"), where, _("the number of '{tidy}'").format(tidy=r.tidy(selection.get('name') or '')[:40]),
                     default=1)  # fmt: skip
    if what == "position":
        r.check_players(len(team.players) + number, where)
        for _unused in range(number):
            team.players.append(_player(selection, detail, len(team.players) + 1, team, entries, label, row))
    elif what == "star":
        team.notes.append(
            _("the Star Player {tidy} is hired for one match and does not come across").format(
                tidy=r.tidy(detail)[:60]
            )
        )
    elif what == "team":
        if detail == "gold":
            team.treasury += _cost(selection, where)
        elif detail == "apothecary":
            team.apothecary = number > 0
        elif detail in TEAM_FIELDS:
            setattr(team, detail, getattr(team, detail) + number)
    else:  # a container ("Misc") or a stranger's selection: what is inside it may be known
        children = _selections(selection)
        for child in children:
            _read_force_selection(child, team, entries, label, row)
        if not children and selection.get("name"):
            team.notes.append(
                _("'{name}' is nothing a Dugout team keeps").format(name=r.tidy(selection.get("name"))[:60])
            )


def _player(
    selection: Element,
    position: str,
    row: int,
    team: r.ForeignTeam,
    entries: dict[str, str],
    label: str,
    t_row: int,
) -> r.ForeignPlayer:
    custom = selection.get("customName")
    where = r.player_where(label, t_row, team.name, row, r.tidy(custom or "")[:60])
    position = r.label_name(position, where, "the position")
    name = r.player_name(custom or f"{position} {row}", where)
    player = r.ForeignPlayer(row, name, position)
    if not custom:
        player.notes.append(_("the roster gives no name: named after the position"))
    number = max(1, r.whole(selection.get("number"), where, _("the number of models"), default=1))
    player.value = _cost(selection, where) // number
    _read_advances(selection, player, entries, where)
    r.check_items(len(player.skills) + len(player.injuries), where, _("skills and injuries"))
    return player


def _read_advances(
    selection: Element, player: r.ForeignPlayer, entries: dict[str, str], where: str, within: str = "skill"
) -> None:
    """What was chosen inside a player's selection; a selection the catalogue does not know is read by its name:
    an injury inside an "Injury" selection, a skill anywhere else (the preview maps or refuses it)."""
    for child in _selections(selection):
        what, _unused, detail = _kind(child, entries).partition(":")
        number = r.whole(child.get("number"), where, _("the number of '{tidy}'").format(tidy=r.tidy(child.get('name') or '')[:40]),
                         default=1)  # fmt: skip
        r.check_items(number, where, _("of one advance or injury"))
        if what == "team" and detail == "spp":
            player.spp += number
        elif what == "skill":
            player.skills += [r.label_name(detail, where, "a skill")] * number
        elif what == "injury":
            player.injuries += [r.label_name(detail, where, "an injury")] * number
            if detail in STAT_OF:
                player.deltas[STAT_OF[detail]] = player.deltas.get(STAT_OF[detail], 0) - number
        elif what == "advance" and detail in STAT_OF:
            player.deltas[STAT_OF[detail]] = player.deltas.get(STAT_OF[detail], 0) + number
        elif what in ("double", "container") and not _selections(child):
            continue  # a skill's "Double" mark, or an advance left unchosen
        elif _selections(child):  # "General Skill", "Injury", "Stat": what was chosen is inside
            inside = "injury" if (child.get("name") or "").strip() in ("Injury", "Injuries") else within
            _read_advances(child, player, entries, where, inside)
        elif (child.get("name") or "").strip() and what != "advance":
            name = r.label_name(child.get("name"), where, f"an {within}" if within == "injury" else "a skill")
            (player.injuries if within == "injury" else player.skills).extend([name] * number)
