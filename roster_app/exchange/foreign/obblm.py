"""OBBLM's files: NAFLM's team import XML (TheNAF/naflm xml/import.xsd: races and positions by OBBLM's numbers,
achievements and injuries as counts, no skills) and OBBLM's BOTOCS team export (nicholasmr/obblm
modules/leegmgr/class_xml_botocs.php: names, the characteristics now, skills by name)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any
from xml.etree.ElementTree import Element

from roster_app.exchange.foreign import reading as r
from roster_app.i18n import _
from roster_app.paths import resources_dir
from roster_app.rules.ruleset import STATS

IMPORT_FORMAT = "OBBLM/NAFLM team import XML"  # i18n: keep (the format's name, kept with the file read)
BOTOCS_FORMAT = "OBBLM team export (BOTOCS XML)"  # i18n: keep (the format's name, kept with the file read)
# NAFLM's import: a player's achievements (counted into SPP by the league's SPP awards) and injuries
ACHIEVEMENTS = {"cp": "completion", "td": "touchdown", "intcpt": "interception", "bh": "casualty", "si": "casualty",
                "ki": "casualty", "mvp": "mvp"}  # fmt: skip
STAT_INJURIES = {"ma": "-1 MA", "st": "-1 ST", "ag": "-1 AG", "av": "-1 AV"}
STATUSES = {"none": "active", "mng": "miss next game", "dead": "dead"}  # i18n: key
# what NAFLM's import holds that a Dugout team does not keep (said in the preview)
LEFT_BEHIND = {"league_id": "OBBLM league", "division_id": "OBBLM division", "won": "games won", "lost": "games lost",
               "draw": "games drawn", "wt": "tournaments won", "gf": "touchdowns scored", "ga": "touchdowns conceded"}  # fmt: skip


@cache
def obblm_ids() -> dict[str, Any]:
    """resources/foreign/obblm_ids.json: OBBLM's race and position numbers with OBBLM's names for them."""
    return json.loads((resources_dir() / "foreign" / "obblm_ids.json").read_text(encoding="utf-8"))


def _text(element: Element, tag: str) -> str | None:
    child = element.find(tag)
    return None if child is None else (child.text or "")


def read_import(root: Element, label: str, path: str, awards: dict[str, int]) -> r.ForeignFile:
    """NAFLM's <teams><team>…</team></teams>; `awards`: the league's SPP per achievement."""
    ids = obblm_ids()
    teams = root.findall("team")
    r.check_counts(len(teams), label)
    out = r.ForeignFile(path, label, "OBBLM", IMPORT_FORMAT)
    for t_row, element in enumerate(teams, 1):
        where = r.team_where(label, t_row, r.tidy(_text(element, "name") or "")[:60])
        name = r.team_name(_text(element, "name"), where)
        race_id = str(r.whole(_text(element, "race_id"), where, "<race_id>"))
        if race_id not in ids["races"]:
            raise r.ForeignFileError(
                _(
                    "{where}: race id {race_id} is no race of any ruleset Dugout knows (OBBLM numbers its races 0-{max})."
                ).format(where=where, race_id=race_id, max=max(map(int, ids["races"])))
            )
        team = r.ForeignTeam(t_row, name, ids["races"][race_id], race_id=race_id)
        team.treasury = r.whole(_text(element, "treasury"), where, "<treasury>")
        team.apothecary = r.flag(_text(element, "apothecary"), where, "<apothecary>")
        team.rerolls = r.whole(_text(element, "rr"), where, "<rr>")
        team.fan_factor = r.whole(_text(element, "ff"), where, "<ff>")
        team.assistant_coaches = r.whole(_text(element, "ass_coaches"), where, "<ass_coaches>")
        team.cheerleaders = r.whole(_text(element, "cheerleaders"), where, "<cheerleaders>")
        coach_id = r.whole(_text(element, "coach_id"), where, "<coach_id>", default=0)
        team.notes.append(
            _("the file names OBBLM's coach number {coach_id}, not a name: the head coach is left empty").format(
                coach_id=coach_id
            )
        )
        behind = [f"{what} {value}" for tag, what in LEFT_BEHIND.items()
                  if (value := r.tidy(_text(element, tag) or "")[:20]) and value != "0"]  # fmt: skip
        if behind:
            team.notes.append(
                _("stays in OBBLM ({items}): the team starts with no games played here").format(
                    items=", ".join(behind)
                )
            )
        players = element.findall("players/player")
        r.check_players(len(players), where)
        for p_row, p in enumerate(players, 1):
            team.players.append(_import_player(p, p_row, label, t_row, name, ids, awards))
        out.teams.append(team)
    return out


def _import_player(
    p: Element, row: int, label: str, t_row: int, team: str, ids: dict[str, Any], awards: dict[str, int]
) -> r.ForeignPlayer:
    where = r.player_where(label, t_row, team, row, r.tidy(_text(p, "name") or "")[:60])
    name = r.player_name(_text(p, "name"), where)
    pos_id = str(r.whole(_text(p, "pos_id"), where, "<pos_id>"))
    if pos_id not in ids["positions"]:
        raise r.ForeignFileError(
            _("{where}: position id {pos_id} is no position of any ruleset Dugout knows.").format(
                where=where, pos_id=pos_id
            )
        )
    status = r.tidy(_text(p, "status") or "none").lower()
    if status not in STATUSES:
        raise r.ForeignFileError(
            _("{where}: <status> must be none, mng or dead, not '{status}'.").format(
                where=where, status=status[:40]
            )
        )
    player = r.ForeignPlayer(row, name, ids["positions"][pos_id][1], status=STATUSES[status])
    player.number = r.whole(_text(p, "nr"), where, "<nr>")
    player.spp = sum(r.whole(_text(p, tag), where, f"<{tag}>", default=0) * awards.get(kind, 0)
                     for tag, kind in ACHIEVEMENTS.items())  # fmt: skip
    for stat, injury in STAT_INJURIES.items():
        lost = r.whole(_text(p, stat), where, f"<{stat}>", default=0)
        r.check_items(lost, where, _("characteristic injuries"))
        player.deltas[stat] = -lost
        player.injuries += [injury] * lost
    niggles = r.whole(_text(p, "ni"), where, "<ni>", default=0)
    r.check_items(niggles, where, _("niggling injuries"))
    player.injuries += ["Niggling injury"] * niggles  # i18n: key
    return player


def read_botocs(root: Element, label: str, path: str) -> r.ForeignFile:
    """OBBLM's <team> export: one team, its players with the characteristics they have now."""
    where = r.team_where(label, 1, r.tidy(_text(root, "name") or "")[:60])
    name = r.team_name(_text(root, "name"), where)
    race = r.label_name(_text(root, "race"), where, "the race")
    team = r.ForeignTeam(1, name, race, coach=r.coach_name(_text(root, "coach"), where))
    team.rerolls = r.whole(_text(root, "rerolls"), where, "<rerolls>", default=0)
    team.fan_factor = r.whole(_text(root, "fanfactor"), where, "<fanfactor>", default=0)
    team.assistant_coaches = r.whole(_text(root, "assistants"), where, "<assistants>", default=0)
    team.cheerleaders = r.whole(_text(root, "cheerleaders"), where, "<cheerleaders>", default=0)
    team.apothecary = r.flag(_text(root, "apothecary"), where, "<apothecary>")
    team.treasury = r.whole(_text(root, "treasury"), where, "<treasury>", default=0)
    players = root.findall("players/player")
    r.check_players(len(players), where)
    for row, p in enumerate(players, 1):
        p_where = r.player_where(label, 1, name, row, r.tidy(_text(p, "name") or "")[:60])
        player = r.ForeignPlayer(row, r.player_name(_text(p, "name"), p_where),
                                 r.label_name(_text(p, "position"), p_where, "the position"))  # fmt: skip
        player.number = r.whole(p.get("number"), p_where, _("the number"), default=0)
        player.stats = {stat: r.whole(_text(p, stat), p_where, f"<{stat}>", low=1) for stat in STATS}
        skills = [s.text for s in p.findall("skills/skill")]
        r.check_items(len(skills), p_where, _("skills"))
        player.skills = [r.label_name(s, p_where, "a skill") for s in skills if r.tidy(s or "")]
        player.spp = r.whole(_text(p, "spp"), p_where, "<spp>", default=0)
        niggles = r.whole(_text(p, "nigglings"), p_where, "<nigglings>", default=0)
        r.check_items(niggles, p_where, _("niggling injuries"))
        player.injuries = ["Niggling injury"] * niggles  # i18n: key
        if r.flag(_text(p, "injured"), p_where, "<injured>"):
            player.status = "miss next game"  # i18n: key
        player.value = r.whole(_text(p, "value"), p_where, "<value>") if _text(p, "value") else None
        team.players.append(player)
    out = r.ForeignFile(path, label, "OBBLM", BOTOCS_FORMAT)
    out.teams.append(team)
    return out
