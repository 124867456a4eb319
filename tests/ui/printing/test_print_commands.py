"""`dugout print`, `dugout export` and `dugout import` from the command line, without a window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.printing.pdf_text import pdf_pages
from ui.app.cli import main

ROOT = Path(__file__).resolve().parents[3]


def dugout(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "ui.app.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)  # fmt: skip


def test_print_writes_a_pdf_without_a_window(night_file, tmp_path):
    out = tmp_path / "orcs.pdf"
    result = dugout("print", str(night_file), "--team", "Orcland Raiders", "--team", "reikland reavers",
                    "--table", "-o", str(out))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "3 pages written" in result.stdout
    pages = pdf_pages(out)
    assert "League table" in pages[0]
    assert "Grak Skullsplitta" in pages[1] and "Johann Weissmann" in pages[2]
    assert "Page 3 of 3" in pages[2]


def test_print_with_nothing_chosen_prints_the_whole_league(qapp, night_file, tmp_path, capsys):
    out = tmp_path / "league.pdf"
    assert main(["print", str(night_file), "-o", str(out)]) == 0
    pages = pdf_pages(out)
    assert len(pages) == 8 and "League table" in pages[0] and "Contract sheet" in pages[5]


def test_print_all_with_referee_cards_and_a_match_sheet(qapp, night_file, tmp_path):
    out = tmp_path / "all.pdf"
    assert main(["print", str(night_file), "--all", "--referees", "--match-sheet", "--page-size", "Letter",
                 "-o", str(out)]) == 0  # fmt: skip
    pages = pdf_pages(out)
    assert len(pages) == 4 + 2 + 1 and "Referee’s match sheet" in pages[-1]


BAD_INPUT = [
    (["print", "{missing}", "-o", "{out}"], "There is no file at"),
    (["print", "{not_a_league}", "-o", "{out}"], "is not a Dugout league file"),
    (["print", "{league}", "--team", "Nobody", "-o", "{out}"], "no team called 'Nobody'"),
    (["print", "{league}", "-o", "{nowhere}"], "does not exist"),
    (["export", "{missing}", "-o", "{out}"], "There is no file at"),
    (["import", "{not_a_league}", "-o", "{out}"], "is not valid JSON"),
    (["import", "{missing}", "-o", "{out}"], "There is no file at"),
]


@pytest.mark.parametrize(("args", "message"), BAD_INPUT)
def test_bad_input_gets_a_plain_message_and_a_non_zero_exit(qapp, night_file, tmp_path, capsys, args, message):
    not_a_league = tmp_path / "notes.txt"
    not_a_league.write_text("not a league")
    values = {"missing": tmp_path / "missing.dugout", "not_a_league": not_a_league, "league": night_file,
              "out": tmp_path / "out.pdf", "nowhere": tmp_path / "nowhere" / "out.pdf"}  # fmt: skip
    assert main([a.format(**values) for a in args]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_wrong_command_line_gets_the_usage(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["print", "league.dugout", "--all", "--team", "Orcs", "-o", "x.pdf"])
    assert exit_.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_export_and_import_from_the_command_line(night_file, tmp_path, capsys):
    from roster_app.safety.opening import open_league
    from tests.helpers import snapshot

    exported, imported = tmp_path / "night.json", tmp_path / "copy.dugout"
    assert main(["export", str(night_file), "-o", str(exported)]) == 0
    assert main(["import", str(exported), "-o", str(imported)]) == 0
    original, copy = open_league(night_file, read_only=True), open_league(imported)
    try:
        assert snapshot(copy) == snapshot(original)
    finally:
        original.close(), copy.close()
    assert main(["export", str(night_file), "--csv", "ledger", "-o", str(tmp_path / "ledger.csv")]) == 0
    assert (tmp_path / "ledger.csv").read_text(encoding="utf-8-sig").startswith("Team,Date,Season,Kind")


def test_a_league_without_teams_has_no_rosters_to_print(qapp, tmp_path, capsys):
    from roster_app.services.league import create_league

    create_league(tmp_path / "empty.dugout", name="Empty").close()
    assert main(["print", str(tmp_path / "empty.dugout"), "--all", "-o", str(tmp_path / "out.pdf")]) == 1
    assert "nothing to print" in capsys.readouterr().err
    assert not (tmp_path / "out.pdf").exists()


def test_print_the_match_sheets_of_the_next_round(qapp, night_file, tmp_path, capsys):
    out = tmp_path / "sheets.pdf"
    assert main(["print", str(night_file), "--match-sheets", "-o", str(out)]) == 0
    pages = pdf_pages(out)
    assert len(pages) == 2  # round 3's one fixture: rosters, then the ref's turns and the events
    assert "round 3 · match sheet" in pages[0] and "Reikland Reavers v Karak Grudgebearers" in pages[0]
    assert "Johann Weissmann" in pages[0] and "9 squares (Mole Eyes 7, Eagle Eyes 11)" in pages[0]
    assert "the referee’s turns" in pages[1] and "Events" in pages[1] and "Page 2 of 2" in pages[1]


def test_match_sheets_of_a_round_already_played_are_refused_in_words(qapp, night_file, tmp_path, capsys):
    out = tmp_path / "sheets.pdf"
    assert main(["print", str(night_file), "--match-sheets", "--round", "1", "-o", str(out)]) == 1
    assert "Round 1 of season 1 has no fixture still to play" in capsys.readouterr().err
    assert not out.exists()


def test_export_the_history_as_json_and_csv(history_file, tmp_path, capsys):
    import json

    assert main(["export", str(history_file), "--history", "json", "-o", str(tmp_path / "h.json")]) == 0
    data = json.loads((tmp_path / "h.json").read_text(encoding="utf-8"))
    assert [s["champion"] for s in data["seasons"]] == ["Orcland Raiders", "Orcland Raiders", None]
    assert main(["export", str(history_file), "--history", "records", "-o", str(tmp_path / "r.csv")]) == 0
    assert (tmp_path / "r.csv").read_text(encoding="utf-8-sig").startswith("Record,Value,Holder")


def test_print_the_magazine_with_its_charts(tmp_path):
    from pypdf import PdfReader

    from roster_app.queries import season as sq
    from roster_app.services.league import create_league
    from roster_app.services.referees import create_referee
    from roster_app.services.season import generate_season
    from tests.history_helpers import SEASON_ONE, play
    from tests.season_helpers import build_teams

    path = tmp_path / "Round One.dugout"
    db = create_league(path, name="Round One")
    try:
        build_teams(db)
        create_referee(db, name="Hans Whistle", race="Human")
        generate_season(db)
        play(db, sq.fixtures(db)[0], SEASON_ONE[0], 1)
    finally:
        db.close()
    out = tmp_path / "magazine.pdf"
    result = dugout("print", str(path), "--magazine", "-o", str(out))  # a QApplication: the charts are widgets
    assert result.returncode == 0, result.stderr
    pages = pdf_pages(out)
    assert len(pages) == 3 and "The round in pictures" in pages[2]
    objects = PdfReader(str(out)).pages[2]["/Resources"]["/XObject"]
    images = [o.get_object() for o in objects.values() if o.get_object()["/Subtype"] == "/Image"]
    assert len(images) == 3  # the leading teams' rating, the SPP leaders, the round's ref
    assert all(image["/Width"] >= 2000 for image in images)  # drawn at 300 dpi, 680 CSS pixels wide


def test_print_the_magazine_of_an_earlier_round(qapp, history_file, tmp_path):
    out = tmp_path / "magazine.pdf"
    assert main(["print", str(history_file), "--magazine", "--round", "1", "-o", str(out)]) == 0
    front = pdf_pages(out)[0]
    # season 2 (season 3 has no game yet), round 1: Orcland 4-0 Athelorn, Reikland 1-1 Karak
    assert "season 2 · the league magazine" in front and "Orcland Raiders beat Athelorn Avengers 4-0" in front
    assert "1 Orcland Raiders 1 1 0 0 3" in front  # P W D L Pts after round 1, not the season's end
    assert "Orcland 1 of Orcland Raiders leads the way with 4 TD" in front  # 4 + 0 + 1 + 2 by the final
    assert main(["print", str(history_file), "--magazine", "--season", "1", "--round", "3", "-o", str(out)]) == 0
    front = pdf_pages(out)[0]
    assert "season 1 · the league magazine" in front and "1 Orcland Raiders 3 2 1 0 7" in front
    assert "Two Seasons · season 1 · magazine, round 3" in front  # the footer names the magazine's season


def test_print_table_gives_each_tournament_its_page(qapp, tmp_path, demo_league_file):
    """Issue 33: `dugout print LEAGUE --table` prints the league table, then each tournament's bracket page; the
    demo's whole-league printout has its cup's bracket."""
    league = demo_league_file
    out = tmp_path / "table.pdf"
    assert main(["print", str(league), "--table", "-o", str(out)]) == 0
    pages = pdf_pages(out)
    assert len(pages) == 2 and "League table" in pages[0]
    assert (
        "Spike! Magazine Cup" in pages[1] and "Semi-final (round 4)" in pages[1] and "Final (round 5)" in pages[1]
    )
    whole = tmp_path / "league.pdf"
    assert main(["print", str(league), "-o", str(whole)]) == 0
    assert any("Spike! Magazine Cup" in page and "Semi-final" in page for page in pdf_pages(whole))
