"""Team files of other tools for the import tests (issue 38): the samples in tests/fixtures/foreign/ (built from the
published schemas and samples, each file says from which) and hostile ones made here."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

SAMPLES = Path(__file__).resolve().parent.parent / "fixtures" / "foreign"
NAFLM = SAMPLES / "naflm_import.xml"
BOTOCS = SAMPLES / "botocs_team.xml"
ROSTER = SAMPLES / "orc_roster.ros"


def naflm_team(name: str = "Team", race_id: str = "12", players: str = "", **fields: str) -> str:
    """One <team> of NAFLM's import XML (xml/import.xsd), with `fields` replacing its values."""
    values = {"name": name, "coach_id": "1", "race_id": race_id, "league_id": "0", "division_id": "0",
              "treasury": "0", "apothecary": "0", "rr": "0", "ff": "0", "ass_coaches": "0", "cheerleaders": "0",
              "won": "0", "lost": "0", "draw": "0", "wt": "0", "gf": "0", "ga": "0", **fields}  # fmt: skip
    body = "".join(f"<{k}>{v}</{k}>" for k, v in values.items())
    return f"<team>{body}<players>{players}</players></team>"


def naflm_player(
    name: str = "Grak", nr: str = "1", pos_id: str = "120", status: str = "none", **fields: str
) -> str:
    values = {"name": name, "nr": nr, "pos_id": pos_id, "status": status, "cp": "0", "td": "0", "intcpt": "0",
              "bh": "0", "ki": "0", "si": "0", "mvp": "0", "ma": "0", "st": "0", "ag": "0", "av": "0", "ni": "0",
              **fields}  # fmt: skip
    return "<player>" + "".join(f"<{k}>{v}</{k}>" for k, v in values.items()) + "</player>"


def naflm_file(path: Path, *teams: str, prolog: str = "") -> Path:
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>{prolog}<teams>{"".join(teams)}</teams>', encoding="utf-8"
    )
    return path


def rosz(path: Path, members: dict[str, bytes]) -> Path:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    path.write_bytes(buffer.getvalue())
    return path


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE teams [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<teams><team><name>&lol9;</name></team></teams>
"""

EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE teams [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<teams><team><name>&secret;</name></team></teams>
"""
