"""Teams from the tools commissioners use today (issue 38): OBBLM/NAFLM's team import XML, OBBLM's BOTOCS team
export and BattleScribe's .ros/.rosz rosters. reading.py reads a file hardened (sizes, defusedxml, a bounded
unzip) into the file's own names; obblm.py and battlescribe.py know the formats; plan.py maps the teams onto the
league's ruleset and makes the preview (guesses to confirm, what cannot come across). Nothing here writes:
services/foreign_teams.py brings the confirmed teams into the league."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from roster_app.exchange.foreign import battlescribe, obblm
from roster_app.exchange.foreign.plan import Guess, PlayerPlan, Preview, Refusal, TeamPlan, plan_import
from roster_app.exchange.foreign.reading import (
    ForeignFile,
    ForeignFileError,
    local,
    parse_xml,
    read_bytes,
    read_rosz,
)
from roster_app.i18n import N_, _
from roster_app.rules.ruleset import Ruleset

FORMATS = (
    N_("OBBLM/NAFLM team import XML (.xml: <teams><team>, races and positions by OBBLM's numbers)"),
    N_("OBBLM team export, BOTOCS XML (.xml: <team> with <race> and players by name)"),
    N_("BattleScribe roster (.ros, or .rosz: a zip holding one .ros), LRB 6 catalogues"),
)
SUFFIXES = (".xml", ".ros", ".rosz")

__all__ = ["FORMATS", "Guess", "PlayerPlan", "Preview", "Refusal", "TeamPlan", "plan_import", "read_team_file",
           "read_team_files", "team_files"]  # fmt: skip


def read_team_file(path: str | Path, ruleset: Ruleset) -> ForeignFile:
    """One file read in its own names, or ForeignFileError naming the file (and the row)."""
    path = Path(path)
    label = path.name
    data = read_bytes(path)
    if data[:4] == b"PK\x03\x04" or path.suffix.lower() == ".rosz":
        data = read_rosz(data, label)
    root = parse_xml(data, label)
    tag = local(root.tag)
    if tag == "roster":
        return battlescribe.read_roster(root, label, str(path))
    if tag == "teams":
        awards = (ruleset.tables.get("spp_awards") or {}).get("awards", {})
        return obblm.read_import(root, label, str(path), awards)
    if tag == "team":
        return obblm.read_botocs(root, label, str(path))
    raise ForeignFileError(
        _("{label}: Dugout does not know this file (its XML starts with <{tag}>); it reads {formats}.").format(
            label=label, tag=tag[:40], formats="; ".join(_(f) for f in FORMATS)
        )
    )


MAX_FILES = 200  # files in one import (a folder of exports)


def team_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files to read: each path given, a folder's team files (.xml, .ros, .rosz; not its subfolders) in
    name order; refused when there are more than an import takes."""
    out: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            out += sorted((p for p in path.iterdir() if p.suffix.lower() in SUFFIXES and p.is_file()),
                          key=lambda p: p.name.lower())  # fmt: skip
        else:
            out.append(path)
        if len(out) > MAX_FILES:
            raise ForeignFileError(
                _("An import takes at most {max_files} files; {name} brings more.").format(
                    max_files=MAX_FILES, name=path.name
                )
            )
    return out


def read_team_files(paths: Iterable[str | Path], ruleset: Ruleset) -> list[ForeignFile | Refusal]:
    """Each file read (a folder: its team files), or its refusal (the others are still read: the commissioner may
    import without it)."""
    out: list[ForeignFile | Refusal] = []
    for path in team_files(paths):
        try:
            out.append(read_team_file(path, ruleset))
        except ForeignFileError as exc:
            out.append(Refusal(Path(path).name, Path(path).name, str(exc).removeprefix(f"{Path(path).name}: ")))
    return out
