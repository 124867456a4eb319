"""Extract the public Blood Bowl team lists into tests/rules/public_sources.json (committed).

The sources are read from git mirrors (never committed): FFB's LRB 4.0 rosters, OBBLM's LRB 5 game data and
its LRB 6 overrides, BattleScribe's LRB 6 data. Each fact in the output names its repo, path and commit, so
tests/rules/test_public_sources.py can compare every race, position and field of resources/rulesets/ with it.

    python tools/extract_rules_reference.py --ffb GITDIR --obblm GITDIR --bsdata GITDIR

A GITDIR is a bare or normal git directory of the repository (the commits below must be in it).
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

FFB = {"repo": "christerk/ffb", "commit": "93b5e462b", "rosters": "FantasyFootballServer/lrb4/rosters",
       "kickoff": "FantasyFootballCommon/src/com/balancedbytes/games/ffb/KickoffResult.java",
       "roster_class": "FantasyFootballCommon/src/com/balancedbytes/games/ffb/Roster.java"}  # fmt: skip
OBBLM = {"repo": "nicholasmr/obblm", "commit": "78026f4", "lrb5": "lib/game_data.php",
         "lrb6x": "lib/game_data_lrb6x.php", "lrb6": "lib/game_data_lrb6.php", "values": "lib/class_sqlcore.php"}  # fmt: skip
BSDATA = {"repo": "BSData/bloodbowl", "commit": "50e7047", "system": "BloodBowlLRB60.gst"}
# The match economy of LRB 6 (FFB's bb2016 post-game and pre-game steps) and LRB 5 (OBBLM's league manager).
FFB_ECONOMY = {"repo": "christerk/ffb", "commit": "ac2f6d302", "server": "ffb-server/src/main/java/com/fumbbl/ffb/server",
               "winnings": "step/bb2016/end/StepWinnings.java", "spectators": "step/bb2016/start/StepSpectators.java",
               "dice": "DiceRoller.java", "interpreter": "DiceInterpreter.java"}  # fmt: skip
OBBLM_ECONOMY = {"rules_xml": "modules/leegmgr/rules-LRB5-Experimental.xml", "tv": "lib/class_sqlcore.php",
                 "settings": "localsettings/settings_none.php", "defaults": "lib/settings_default.php"}  # fmt: skip
# Star Players and inducements: OBBLM's game data (above) and its inducements module; BattleScribe's team
# catalogues (a star in the catalogue of each team that may hire him); FFB's LRB 4.0 rosters name the stars each
# race may induce in the roster's own comment.
OBBLM_FREEBOOTERS = {"module": "modules/inducements/class_inducements.php"}
STAR_CATEGORY = "5374617220506c617965727323232344415441232323"
OUT = Path(__file__).resolve().parent.parent / "tests" / "rules" / "public_sources.json"
CATEGORY = {"G": "General", "A": "Agility", "S": "Strength", "P": "Passing", "M": "Physical", "E": "Extraordinary"}


def git_show(gitdir: str, commit: str, path: str) -> str:
    return subprocess.run(["git", "--git-dir", gitdir, "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout  # fmt: skip


def git_ls(gitdir: str, commit: str, path: str = "") -> list[str]:
    out = subprocess.run(["git", "--git-dir", gitdir, "ls-tree", "--name-only", commit, *([path] if path else [])],
                         check=True, capture_output=True, text=True).stdout  # fmt: skip
    return out.split()


def full_commit(gitdir: str, commit: str) -> str:
    return subprocess.run(["git", "--git-dir", gitdir, "rev-parse", commit], check=True, capture_output=True,
                          text=True).stdout.strip()  # fmt: skip


# -- FFB: LRB 4.0 -----------------------------------------------------------------------------------
def ffb(gitdir: str) -> dict[str, Any]:
    commit = FFB["commit"]
    races = []
    for path in sorted(git_ls(gitdir, commit, FFB["rosters"] + "/")):
        text = git_show(gitdir, commit, path)
        root = ET.fromstring(text)
        apo = root.findtext("apothecary")
        comment = re.search(r"<!--(.*?)-->", text, re.S)
        race = {"name": root.findtext("name"), "source": path, "reroll_cost": int(root.findtext("reroll_cost")),
                "max_rerolls": int(root.findtext("max_rerolls")),
                # Roster.java: a roster without <apothecary> may hire one (fApothecary = true)
                "apothecary": apo is None or apo.strip() == "true", "positions": [],
                # the roster's own comment: the LRB 4.0 list as its author typed it (0-N lines)
                "comment_lines": [ln.strip() for ln in (comment.group(1) if comment else "").splitlines()
                                  if re.match(r"\s*0-\d", ln)],
                # the roster's own comment: "Star Players available for Inducement:" and the names on the next line
                "stars": _ffb_stars(comment.group(1) if comment else "")}  # fmt: skip
        for pos in root.iter("position"):
            cats = pos.find("skillcategory-list")
            race["positions"].append({
                "name": pos.findtext("name"), "max": int(pos.findtext("quantity")), "cost": int(pos.findtext("cost")),
                "ma": int(pos.findtext("movement")), "st": int(pos.findtext("strength")),
                "ag": int(pos.findtext("agility")), "av": int(pos.findtext("armour")),
                "skills": [s.text.strip() for s in pos.iter("skill")],
                "normal": [c.text.strip() for c in cats.iter("normal")] if cats is not None else [],
                "double": [c.text.strip() for c in cats.iter("double")] if cats is not None else [],
            })  # fmt: skip
        races.append(race)
    kickoff_src = git_show(gitdir, commit, FFB["kickoff"])
    kickoff = [{"roll": int(n), "result": title} for n, title in
               re.findall(r'[A-Z_]+\((\d+), "[^"]*", "([^"]*)"', kickoff_src)]  # fmt: skip
    return {
        "source": {"repo": FFB["repo"], "commit": full_commit(gitdir, commit), "path": FFB["rosters"]},
        "kickoff_source": {"repo": FFB["repo"], "commit": full_commit(gitdir, commit), "path": FFB["kickoff"]},
        "races": races, "kickoff": kickoff,
    }  # fmt: skip


def _ffb_stars(comment: str) -> list[str]:
    found = re.search(r"Star Players available for Inducement:\s*\n(.*)", comment)
    if not found:
        return []
    return [
        n.strip().replace("\u2018", "'").replace("\u2019", "'") for n in found.group(1).split(",") if n.strip()
    ]


# -- OBBLM: PHP arrays read by a small interpreter (array literals, assignments, unset, define) -------
TOKEN = re.compile(
    r"""\s+|/\*.*?\*/|//[^\n]*|\#[^\n]*|(?P<str>'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*")|(?P<num>-?\d+)
    |(?P<var>\$\w+)|(?P<name>\w+)|(?P<op>=>|[=;,()\[\]{}])|(?P<other>\S)""",
    re.S | re.X,
)


def tokens(text: str) -> list[tuple[str, str]]:
    text = text.replace("<?php", "")
    out = []
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind is None:
            continue
        value = m.group(kind)
        if kind == "str":
            value = re.sub(r"\\(.)", r"\1", value[1:-1])
        out.append((kind, value))
    return out


class Php:
    def __init__(self) -> None:
        self.vars: dict[str, Any] = {}
        self.files_read: list[str] = []
        self.consts: dict[str, Any] = {}

    def run(self, text: str) -> None:
        self.t, self.i = tokens(text), 0
        while self.i < len(self.t):
            self.statement()

    def peek(self, offset: int = 0) -> tuple[str, str]:
        return self.t[self.i + offset] if self.i + offset < len(self.t) else ("eof", "")

    def take(self, value: str | None = None) -> tuple[str, str]:
        tok = self.t[self.i]
        if value is not None and tok[1] != value:
            raise SyntaxError(f"expected {value!r}, found {tok!r} at token {self.i}")
        self.i += 1
        return tok

    def skip_statement(self) -> None:
        depth = 0
        while True:
            _, v = self.take()
            if v in "({":
                depth += 1
            elif v in ")}":
                depth -= 1
                if depth == 0 and v == "}" and self.peek()[1] != ";":
                    return
            elif v == ";" and depth == 0:
                return

    def statement(self) -> None:
        kind, value = self.peek()
        if kind == "name" and value == "define":
            self.take(), self.take("(")
            key = self.take()[1]
            self.take(",")
            self.consts[key] = self.expr()
            self.take(")"), self.take(";")
        elif kind == "name" and value == "unset":
            self.take(), self.take("(")
            container, key = self.lvalue()
            del container[key]
            self.take(")"), self.take(";")
        elif kind == "var":
            targets = [self.lvalue()]
            self.take("=")
            while self.peek()[0] == "var" and self._is_assignment():
                targets.append(self.lvalue())
                self.take("=")
            value = self.expr()
            for container, key in targets:
                container[key] = copy.deepcopy(value)  # PHP copies arrays on assignment
            self.take(";")
        else:  # require, foreach loops and the like: not data
            self.skip_statement()

    def _is_assignment(self) -> bool:
        j, depth = self.i + 1, 0
        while j < len(self.t):
            v = self.t[j][1]
            if v == "[":
                depth += 1
            elif v == "]":
                depth -= 1
            elif depth == 0:
                return v == "="
            j += 1
        return False

    def lvalue(self) -> tuple[dict, Any]:
        name = self.take()[1].lstrip("$")
        container: Any = self.vars
        key: Any = name
        while self.peek()[1] == "[":
            self.take("[")
            sub = self.expr()
            self.take("]")
            container = container.setdefault(key, {})
            key = sub
        return container, key

    def expr(self) -> Any:
        kind, value = self.take()
        if kind == "str":
            return value
        if kind == "num":
            return int(value)
        if kind == "name" and value == "array":
            return self.array()
        if kind == "name" and value == "array_merge":
            self.take("(")
            out: list[Any] = []
            while True:
                out.extend(self.expr().values())
                if self.take()[1] == ")":
                    return {i: v for i, v in enumerate(out)}
        if kind == "name" and value in self.consts:
            return self.consts[value]
        if kind == "name" and value in ("true", "false"):
            return value == "true"
        if kind == "var":
            value_ = self.vars[value.lstrip("$")]
            while self.peek()[1] == "[":
                self.take("[")
                value_ = value_[self.expr()]
                self.take("]")
            return value_
        raise SyntaxError(f"unexpected {value!r} at token {self.i}")

    def array(self) -> dict[Any, Any]:
        self.take("(")
        out: dict[Any, Any] = {}
        index = 0
        while self.peek()[1] != ")":
            first = self.expr()
            if self.peek()[1] == "=>":
                self.take("=>")
                out[first] = self.expr()
            else:
                out[index] = first
                index += 1
            if self.peek()[1] == ",":
                self.take(",")
        self.take(")")
        return out


def obblm_ruleset(php: Php, label: str, source: dict[str, Any]) -> dict[str, Any]:
    skill_names: dict[int, str] = {}
    skill_cats: dict[str, str] = {}
    for group, skills in php.vars["skillarray"].items():
        for sid, name in skills.items():
            skill_names[int(sid)] = name
            skill_cats[name] = CATEGORY[group]
    race_ids = {v: k for k, v in php.consts.items() if k.startswith("T_RACE_")}
    no_apo = {race_ids[i] for i in php.vars["racesNoApothecary"].values()}
    races = []
    for name, race in php.vars["DEA"].items():
        const = race_ids[race["other"]["race_id"]]
        races.append({
            "name": name, "reroll_cost": race["other"]["rr_cost"], "apothecary": const not in no_apo,
            "positions": [{
                "name": pname, "max": p["qty"], "cost": p["cost"], "ma": p["ma"], "st": p["st"], "ag": p["ag"],
                "av": p["av"], "skills": [skill_names[int(s)] for s in p["def"].values()],
                "normal": [CATEGORY[c] for c in p["norm"].values()],
                "double": [CATEGORY[c] for c in p["doub"].values()],
            } for pname, p in race["players"].items()],
        })  # fmt: skip
    levels = [{"name": k, "min_spp": v["SPP"], "rolls": v["SPR"]} for k, v in php.vars["sparray"].items()]
    return {"label": label, "source": source, "races": races, "skills": skill_cats, "spp_levels": levels}


def obblm_freebooters(php: Php, gitdir: str, commit: str) -> dict[str, Any]:
    """Star Players (profile, skills, cost, the races they play for) and inducements (cost, limit, reduced cost
    and for whom) as OBBLM's game data holds them at this point of its reading (LRB 5, then with the LRB 6
    overrides); the mercenary rule and the Star Player limit from its inducements module."""
    skill_names = {int(sid): name for skills in php.vars["skillarray"].values() for sid, name in skills.items()}
    race_names = {race["other"]["race_id"]: name for name, race in php.vars["DEA"].items()}
    stars = [{"name": name, "ma": s["ma"], "st": s["st"], "ag": s["ag"], "av": s["av"], "cost": s["cost"],
              "skills": [skill_names[int(k)] for k in s["def"].values()],
              "races": sorted(race_names[int(r)] for r in s["races"].values() if int(r) in race_names)}
             for name, s in php.vars["stars"].items()]  # fmt: skip
    no_apo = sorted(race_names[int(r)] for r in php.vars["racesNoApothecary"].values())
    inducements = [{"name": name, "cost": i["cost"], "max": i["max"], "reduced_cost": i["reduced_cost"],
                    "reduced_for": sorted(race_names[int(r)] for r in i["reduced_cost_races"].values())}
                   for name, i in php.vars["inducements"].items()]  # fmt: skip
    module = git_show(gitdir, commit, OBBLM_FREEBOOTERS["module"])
    const = lambda name: int(re.search(rf"define\('{name}', (\d+)\)", module).group(1))  # noqa: E731
    return {"stars": stars, "inducements": inducements, "races_without_apothecary": no_apo,
            "max_stars": const("MAX_STARS"), "mercenary_premium": const("MERC_EXTRA_COST"),
            "mercenary_skill_cost": const("MERC_EXTRA_SKILL_COST"),
            # a mercenary is given Loner when he has it not (array_unshift ... 99)
            "mercenary_loner": "Adding Loner to default skills" in module,
            # Igor for the teams that may not have an apothecary, Wandering Apothecaries for the others
            "igor_only_without_apothecary":
                "unset($inducements[in_array($rid, $racesNoApothecary) ? 'Wandering Apothecaries' : 'Igor'])" in module,
            "source": {"repo": OBBLM["repo"], "commit": full_commit(gitdir, commit),
                       "files": [php.files_read[-1], OBBLM_FREEBOOTERS["module"]]}}  # fmt: skip


def obblm(gitdir: str) -> dict[str, Any]:
    commit = OBBLM["commit"]
    full = full_commit(gitdir, commit)
    php = Php()
    php.run(git_show(gitdir, commit, OBBLM["lrb5"]))
    lrb5 = obblm_ruleset(php, "LRB 5", {"repo": OBBLM["repo"], "commit": full, "path": OBBLM["lrb5"]})
    php.files_read = [OBBLM["lrb5"]]
    lrb5["freebooters"] = obblm_freebooters(php, gitdir, commit)
    for key in ("lrb6x", "lrb6"):  # lrb6.php requires lrb6x.php, which requires game_data.php (already read)
        php.run(git_show(gitdir, commit, OBBLM[key]))
    lrb6 = obblm_ruleset(php, "LRB 6", {"repo": OBBLM["repo"], "commit": full,
                                        "path": f"{OBBLM['lrb5']} + {OBBLM['lrb6x']} + {OBBLM['lrb6']}"})  # fmt: skip
    php.files_read = [f"{OBBLM['lrb5']} + {OBBLM['lrb6x']} + {OBBLM['lrb6']}"]
    lrb6["freebooters"] = obblm_freebooters(php, gitdir, commit)
    sql = git_show(gitdir, commit, OBBLM["values"])
    found = dict(
        re.findall(r"\+ \(?(ach_ma \+ ach_av|ach_ag|ach_st|cnt_skills_norm|cnt_skills_doub)\)?\s*\* (\d+)", sql)
    )
    values = {"skill": int(found["cnt_skills_norm"]), "double_skill": int(found["cnt_skills_doub"]),
              "ma": int(found["ach_ma + ach_av"]), "av": int(found["ach_ma + ach_av"]),
              "ag": int(found["ach_ag"]), "st": int(found["ach_st"])}  # fmt: skip
    values_source = {"repo": OBBLM["repo"], "commit": full, "path": OBBLM["values"]}
    for ruleset in (lrb5, lrb6):
        ruleset["advance_values"] = values
        ruleset["advance_values_source"] = values_source
    return {"lrb5": lrb5, "lrb6": lrb6}


# -- BattleScribe: LRB 6 --------------------------------------------------------------------------
NS = {"b": "http://www.battlescribe.net/schema/catalogueSchema"}
PLAYERS = "506c617965727323232344415441232323"


def bsdata(gitdir: str) -> dict[str, Any]:
    commit = BSDATA["commit"]
    races = []
    for path in sorted(p for p in git_ls(gitdir, commit) if p.endswith(".cat")):
        root = ET.fromstring(git_show(gitdir, commit, path))
        entries = root.find("b:entries", NS)
        positions, reroll, apothecary, stars = [], None, False, []
        for entry in entries.iter(f"{{{NS['b']}}}entry"):
            name = entry.get("name")
            if entry.get("categoryId") == PLAYERS:
                profile = entry.find("b:profiles/b:profile", NS)
                chars = {c.get("name"): c.get("value") for c in profile.iter(f"{{{NS['b']}}}characteristic")}
                skills = [s.strip() for s in chars["Skills"].split(",") if s.strip() and s.strip() != "None"]
                positions.append({"name": name, "max": int(entry.get("maxInRoster")),
                                  "cost": int(float(entry.get("points"))),
                                  **{k.lower(): int(chars[k]) for k in ("MA", "ST", "AG", "AV")}, "skills": skills})  # fmt: skip
            elif entry.get("categoryId") == STAR_CATEGORY:
                profile = entry.find("b:profiles/b:profile", NS)
                chars = {c.get("name"): c.get("value") for c in profile.iter(f"{{{NS['b']}}}characteristic")}
                stars.append({"name": name, "cost": int(float(entry.get("points"))),
                              **{k.lower(): int(chars[k]) for k in ("MA", "ST", "AG", "AV")},
                              "skills": [s.strip() for s in chars["Skills"].split(",") if s.strip()]})  # fmt: skip
            elif name == "Rerolls":
                reroll = int(float(entry.get("points")))
            elif name == "Apothecary":
                apothecary = True
        races.append({"name": root.get("name"), "source": path, "reroll_cost": reroll, "apothecary": apothecary,
                      "positions": positions, "stars": stars})  # fmt: skip
    return {"source": {"repo": BSDATA["repo"], "commit": full_commit(gitdir, commit), "path": "BB*.cat"},
            "races": races}  # fmt: skip


# -- the match economy: FFB's LRB 6 steps, OBBLM's LRB 5 league manager ---------------------------------------
def _method(java: str, name: str) -> str:
    """The body of one Java method (up to the next method at the same indentation)."""
    found = re.search(rf"\n(\s*)(?:public|private|protected)[^\n]*\b{name}\(.*?\n\1}}", java, re.S)
    if not found:
        raise SystemExit(f"{name} not found")
    return found.group(0)


def _dice(body: str) -> str:
    """rollDice(6) -> D6, rollDice(3, 6) -> 3D6."""
    count, sides = re.search(r"rollDice\((?:(\d+),\s*)?(\d+)\)", body).groups()
    return f"{count or ''}D{sides}"


def economy(ffb_dir: str, obblm_dir: str) -> dict[str, Any]:
    """LRB 6's winnings, FAME and fan factor rolls from FFB; LRB 5's spiralling expenses, team value and starting
    treasury from OBBLM. Each fact is read from the code by a pattern; a change of the code fails the pattern."""
    commit, server = FFB_ECONOMY["commit"], FFB_ECONOMY["server"]
    show = lambda path: git_show(ffb_dir, commit, f"{server}/{path}")  # noqa: E731
    winnings, spectators = show(FFB_ECONOMY["winnings"]), show(FFB_ECONOMY["spectators"])
    dice, interpreter = show(FFB_ECONOMY["dice"]), show(FFB_ECONOMY["interpreter"])
    roll = _method(winnings, "rollWinnings")
    fan_roll = _method(dice, "rollFanFactorPostMatch")
    fan_rule = _method(interpreter, "interpretFanFactorRoll")
    lrb6 = {
        "source": {"repo": FFB_ECONOMY["repo"], "commit": full_commit(ffb_dir, commit), "path": server,
                   "files": [FFB_ECONOMY[k] for k in ("winnings", "spectators", "dice", "interpreter")]},
        "winnings_dice": _dice(_method(dice, "rollWinnings")),
        "winnings_per_point": int(re.search(r"setWinnings\(winningsHome \* (\d+)\)", roll).group(1)),
        "winnings_fame": "getTeamResultHome().getFame()" in roll,
        # +1 when the home score difference is 0 or more: a win or a draw
        "winnings_bonus_when": re.search(r"if \(scoreDiffHome (>=|>) 0\) \{\s*winningsHome\+\+", roll).group(1),
        "winner_may_reroll": "DialogWinningsReRollParameter" in roll,
        "fan_factor_dice_winner": _dice(fan_roll.split("else")[0]),
        "fan_factor_dice_other": _dice(fan_roll.split("else")[1]),
        "fan_factor_gain_when": re.search(r"\(pScoreDiff (>=|>) 0\) && \(fanFactorTotal > pFanFactor\)", fan_rule).group(1),
        "fan_factor_lose_when": re.search(r"\(pScoreDiff (<=|<) 0\) && \(fanFactorTotal < pFanFactor\)", fan_rule).group(1),
        "spectators_dice": _dice(_method(dice, "rollSpectators")),
        "spectators_per_point": int(re.search(r"getFanFactor\(\)\) \* (\d+)\)", spectators).group(1)),
        "fame_double": int(re.search(r">= \(2 \* teamResultAway.getSpectators\(\)\)\) \{\s*teamResultHome.setFame\((\d)\)",
                                     spectators).group(1)),
        "fame_more": int(re.search(r"> teamResultAway.getSpectators\(\)\) \{\s*teamResultHome.setFame\((\d)\)",
                                   spectators).group(1)),
    }  # fmt: skip
    ocommit = OBBLM["commit"]
    xml = ET.fromstring(git_show(obblm_dir, ocommit, OBBLM_ECONOMY["rules_xml"]).lstrip("\ufeff"))
    spiral = xml.find("spirallingExpenses")
    tv = git_show(obblm_dir, ocommit, OBBLM_ECONOMY["tv"])
    tv_sum = re.search(r"SET tv = \(SELECT IFNULL\(SUM\(value\),0\).*?;", tv, re.S).group(0)
    settings = git_show(obblm_dir, ocommit, OBBLM_ECONOMY["settings"])
    lrb5 = {
        "source": {"repo": OBBLM["repo"], "commit": full_commit(obblm_dir, ocommit),
                   "files": [OBBLM_ECONOMY[k] for k in ("rules_xml", "tv", "settings", "defaults")]},
        "spiralling_from": int(spiral.findtext("start")), "spiralling_band": int(spiral.findtext("interval")),
        "spiralling_per_band": int(spiral.findtext("pace")),
        "tv_counts": [word for word in ("rerolls", "ff", "cheerleaders", "apothecary", "ass_coaches")
                      if re.search(rf"\+ {word}\s+\*", tv_sum)],
        # the treasury counts only above a bank threshold, a house rule that is 0 (off) by default
        "tv_treasury_only_with_bank_threshold": "IF(treasury > " in tv_sum and "bank_threshold" in tv_sum,
        "bank_threshold_default": int(re.search(r"\$rules\['bank_threshold'\]\s*=\s*(\d+)",
                                                git_show(obblm_dir, ocommit, OBBLM_ECONOMY["defaults"])).group(1)),
        "initial_treasury": int(re.search(r"\$rules\['initial_treasury'\]\s*=\s*(\d+)", settings).group(1)),
    }  # fmt: skip
    return {"lrb6": lrb6, "lrb5": lrb5}


def freebooters(ffb_dir: str, obblm_dir: str, bsdata_dir: str) -> dict[str, Any]:
    """Every Star Player and inducement by source: OBBLM's LRB 5 and LRB 6, BattleScribe's LRB 6 stars (each with
    the catalogues that list him), FFB's LRB 4.0 stars by race (names only: the rosters print no profiles)."""
    books = obblm(obblm_dir)
    bs = bsdata(bsdata_dir)
    bs_stars: dict[str, dict[str, Any]] = {}
    for race in bs["races"]:
        for star in race["stars"]:
            bs_stars.setdefault(star["name"], {**star, "teams": []})["teams"].append(race["name"])
    lrb4 = ffb(ffb_dir)
    return {
        "lrb5": books["lrb5"]["freebooters"], "lrb6": books["lrb6"]["freebooters"],
        "lrb6_bsdata": {"source": bs["source"], "stars": sorted(bs_stars.values(), key=lambda s: s["name"])},
        "lrb4": {"source": lrb4["source"], "stars": {r["name"]: r["stars"] for r in lrb4["races"] if r["stars"]}},
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ffb", required=True)
    parser.add_argument("--obblm", required=True)
    parser.add_argument("--bsdata", required=True)
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument(
        "--only", choices=["economy", "freebooters"], help="rewrite this part only, keeping the rest of --out"
    )
    args = parser.parse_args()
    if args.only == "economy":
        reference = json.loads(Path(args.out).read_text(encoding="utf-8"))
        reference["economy"] = economy(args.ffb, args.obblm)
        return _write(reference, args.out)
    if args.only == "freebooters":
        reference = json.loads(Path(args.out).read_text(encoding="utf-8"))
        reference["freebooters"] = freebooters(args.ffb, args.obblm, args.bsdata)
        return _write(reference, args.out)
    books = obblm(args.obblm)
    reference = {
        "note": "Extracted by tools/extract_rules_reference.py from the public sources named in each 'source'; "
                "game facts only (names, limits, costs, profiles, skills, skill access).",
        "lrb4": {"label": "LRB 4.0", **_without(ffb(args.ffb), "stars")},
        "lrb5": books["lrb5"],
        "lrb6": books["lrb6"],
        "lrb6_bsdata": {"label": "LRB 6 (BattleScribe)", **_without(bsdata(args.bsdata), "stars")},
        "economy": economy(args.ffb, args.obblm),
        "freebooters": freebooters(args.ffb, args.obblm, args.bsdata),
    }  # fmt: skip
    _write(reference, args.out)


def _without(source: dict[str, Any], key: str) -> dict[str, Any]:
    """A source's races without one key (the stars are kept under "freebooters", not with the team lists)."""
    return {**source, "races": [{k: v for k, v in race.items() if k != key} for race in source["races"]]}


def _write(reference: dict[str, Any], out: str) -> None:
    text = json.dumps(reference, indent=1, ensure_ascii=False)
    # one position (one level, one kick-off row) per line: a small file a person can read and diff
    text = re.sub(
        r"\{\n\s+\"(name|roll)\"(?:[^{}\[\]]|\[[^\[\]]*\])*?\n\s*\}",
        lambda m: json.dumps(json.loads(m.group(0)), ensure_ascii=False),
        text,
    )
    Path(out).write_text(text + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
