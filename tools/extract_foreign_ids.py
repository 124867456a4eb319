"""Extract the ids other league tools write in their team files into resources/foreign/ (committed).

OBBLM and NAFLM name a team's race and each player's position by number (`race_id`, `pos_id` in NAFLM's
xml/import.xsd); the numbers are OBBLM's game data (lib/game_data*.php, read with the small PHP reader of
tools/extract_rules_reference.py). BattleScribe names a roster's team list by its catalogue id and each
selection by its catalogue entry id (BSData/bloodbowl's LRB 6 catalogues BB*.cat).

    python tools/extract_foreign_ids.py --obblm GITDIR --bsdata GITDIR

Each output file names its repo, path and commit; roster_app/exchange/foreign/ reads them.
"""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from extract_rules_reference import BSDATA, OBBLM, Php, full_commit, git_ls, git_show  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "resources" / "foreign"
NS = "{http://www.battlescribe.net/schema/catalogueSchema}"
PLAYERS = "506c617965727323232344415441232323"
STARS = "5374617220506c617965727323232344415441232323"
# BattleScribe's LRB 6 race and position names where OBBLM's (and so Dugout's) differ
# (the same list as tests/rules/test_public_sources.py's BS_RACE_NAMES and BS_POSITION_NAMES)
BS_RACE_NAMES = {"Dark Elves": "Dark Elf", "Elves": "Elf", "High Elves": "High Elf", "Wood Elves": "Wood Elf"}
BS_POSITION_NAMES = {("Necromantic", "Werewolf"): "Necromantic Werewolf", ("Norse", "Werewolf"): "Norse Werewolf"}
# the catalogues' shared entry groups and what a selection of one of their entries means on a player
BS_GROUPS = {"Injuries": "injury", "Stat Advances": "advance", "Advances and Injuries": "container",
             "Stats": "container"}  # fmt: skip
BS_SKILL_GROUPS = ("General", "Agility", "Strength", "Passing", "Physical", "Mutation", "Extraordinary")
BS_MISC = {"Cheerleaders": "cheerleaders", "Assistant Coaches": "assistant_coaches", "Apothecary": "apothecary",
           "Gold": "gold", "Rerolls": "rerolls", "Fan Factor": "fan_factor", "XP": "spp"}  # fmt: skip


def obblm_ids(gitdir: str) -> dict[str, Any]:
    commit = OBBLM["commit"]
    php = Php()
    for key in ("lrb5", "lrb6x", "lrb6"):  # LRB 6 adds races and positions to LRB 5's; ids never change meaning
        php.run(git_show(gitdir, commit, OBBLM[key]))
    races: dict[str, str] = {}
    positions: dict[str, list[str]] = {}
    for name, race in php.vars["DEA"].items():
        races[str(race["other"]["race_id"])] = name
        for pname, pos in race["players"].items():
            positions[str(pos["pos_id"])] = [name, pname]
    where = (
        f"{OBBLM['repo']} {OBBLM['lrb5']} + {OBBLM['lrb6x']} + {OBBLM['lrb6']} at {full_commit(gitdir, commit)}"
    )
    return {
        "table": "obblm_ids",
        "note": "OBBLM's race and position numbers (race_id, pos_id of NAFLM's team import XML) and the names "
        "OBBLM gives them; a team file's race and positions are mapped onto the league's ruleset by these names.",
        "source": {"from": "OBBLM", "where": where},
        "races": dict(sorted(races.items(), key=lambda kv: int(kv[0]))),
        "positions": dict(sorted(positions.items(), key=lambda kv: int(kv[0]))),
    }


def _groups(root: ET.Element) -> dict[str, str]:
    """Entry id -> what it is, for the entries of the catalogue's shared groups (skills, injuries, advances)."""
    out: dict[str, str] = {}
    for group in root.iter(f"{NS}entryGroup"):
        name = (group.get("name") or "").strip()
        kind = BS_GROUPS.get(name) or ("skill" if name in BS_SKILL_GROUPS else None)
        if kind is None:
            continue
        for entry in group.findall(f"{NS}entries/{NS}entry"):
            if entry.get("name").strip() not in BS_MISC:  # the XP entry is the player's SPP
                out[entry.get("id")] = f"{kind}:{entry.get('name').strip()}"
    return out


def bsdata_ids(gitdir: str) -> dict[str, Any]:
    commit = BSDATA["commit"]
    catalogues: dict[str, Any] = {}
    for path in sorted(p for p in git_ls(gitdir, commit) if p.endswith(".cat")):
        root = ET.fromstring(git_show(gitdir, commit, path))
        bs_name = root.get("name")
        race = BS_RACE_NAMES.get(bs_name, bs_name.removesuffix(" Team"))
        entries: dict[str, str] = {}
        for entry in root.iter(f"{NS}entry"):
            name = entry.get("name").strip()
            if entry.get("categoryId") == PLAYERS:
                entries[entry.get("id")] = f"position:{BS_POSITION_NAMES.get((race, name), name)}"
            elif entry.get("categoryId") == STARS:
                entries[entry.get("id")] = f"star:{name}"
            elif name in BS_MISC:
                entries[entry.get("id")] = f"team:{BS_MISC[name]}"
            elif name == "Double":  # a skill taken on a double (its value is the league's to work out)
                entries[entry.get("id")] = "double:Double"
        entries.update(_groups(root))
        catalogues[root.get("id")] = {"name": bs_name, "file": path, "race": race, "entries": entries}
    system = ET.fromstring(git_show(gitdir, commit, BSDATA["system"]))
    return {
        "table": "battlescribe_ids",
        "note": "BattleScribe's LRB 6 catalogues: each catalogue id with the race it lists (OBBLM's name for it) "
        "and its entry ids (positions, Star Players, team purchases, skills, injuries, characteristic advances).",
        "source": {
            "from": "BattleScribe",
            "where": f"{BSDATA['repo']} {BSDATA['system']} and BB*.cat at {full_commit(gitdir, commit)}",
        },  # fmt: skip
        "game_system": {"id": system.get("id"), "name": system.get("name")},
        "catalogues": catalogues,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--obblm", required=True)
    parser.add_argument("--bsdata", required=True)
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, data in (
        ("obblm_ids.json", obblm_ids(args.obblm)),
        ("battlescribe_ids.json", bsdata_ids(args.bsdata)),
    ):
        (out / name).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {out / name}")


if __name__ == "__main__":
    main()
