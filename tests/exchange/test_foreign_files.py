"""Reading other tools' team files and the import's preview (issue 38): OBBLM/NAFLM's import XML, OBBLM's BOTOCS
export, BattleScribe's .ros/.rosz; the mappings guessed and what cannot come across; bad files refused in words."""

from __future__ import annotations

from xml.sax.saxutils import escape

import pytest

from roster_app.exchange.foreign import plan_import, read_team_file, read_team_files
from roster_app.exchange.foreign.reading import MAX_FILE_BYTES, ForeignFileError
from roster_app.rules.ruleset import load_bundled
from tests.exchange.foreign_samples import (
    BILLION_LAUGHS,
    BOTOCS,
    EXTERNAL_ENTITY,
    NAFLM,
    ROSTER,
    naflm_file,
    naflm_player,
    naflm_team,
    rosz,
)

LRB6 = load_bundled("lrb6")
LRB4 = load_bundled("lrb4")


def _preview(*paths, ruleset=LRB6, **options):
    return plan_import(read_team_files(paths, ruleset), ruleset, **options)


def _team(preview, name):
    return next(t for t in preview.teams if t.name == name)


def _player(team, name):
    return next(p for p in team.players if p.name == name)


def test_naflm_import_by_obblms_numbers_with_spp_from_achievements_and_injuries_from_counts():
    preview = _preview(NAFLM)
    orcs = _team(preview, "Orcland Raiders")
    assert (orcs.race, orcs.coach, orcs.treasury, orcs.rerolls, orcs.fan_factor) == ("Orc", "", 45_000, 3, 5)
    assert (orcs.assistant_coaches, orcs.cheerleaders, orcs.apothecary) == (1, 2, True)
    grak = _player(orcs, "Grak")  # 4 TD x3 + 3 casualties x2 + 1 MVP x5 (the league's SPP awards)
    assert (grak.position, grak.number, grak.spp, grak.av, grak.injuries) == (
        "Blitzer", 3, 23, 8, ("-1 AV", "Niggling injury"))  # fmt: skip
    assert _player(orcs, "Urzog").status == "miss next game"
    assert "Snaga" not in {p.name for p in orcs.players}
    assert any("Snaga" in note and "dead" in note for note in orcs.notes)
    assert any("Lugbúrz" in loss and "at most 1 Troll" in loss for loss in orcs.losses)  # over the limit
    assert any(
        "stays in OBBLM (OBBLM league 1, games won 4, games lost 2" in note for note in orcs.notes
    )  # the stranger's statistics, said to stay behind
    humans = _team(preview, "Altdorf Aldermen")
    assert [(p.name, p.number) for p in humans.players] == [("Hans", 1), ("Otto", 2)]
    assert any("number 1 is taken; given 2" in note for note in humans.notes)
    assert _player(humans, "Otto").ma == 5 and _player(humans, "Hans").spp == 15
    assert preview.guesses == [] and preview.refused == []


def test_botocs_export_skills_by_name_mapped_starting_skills_dropped_guesses_listed():
    preview = _preview(BOTOCS)
    team = _team(preview, "Skavenblight Scramblers")
    assert (team.coach, team.treasury, team.apothecary) == ("Mara Ratsbane", 70_000, True)
    skritt = _player(team, "Skritt")
    assert skritt.skills == ("Sure Feet", "Side Step") and skritt.ma == 10  # Dodge is the Gutter Runner's own
    assert skritt.rolls_taken == 2 and skritt.value == 130_000
    hrrk = _player(team, "Hrrk")
    assert hrrk.skills == ("Claw/Claws",)  # "Claws": the export's own spelling (resources/foreign/names.json)
    queek = _player(team, "Queek")
    assert queek.status == "miss next game" and queek.injuries == ("Niggling injury", "-1 AV")
    guesses = {g.key: g for g in preview.guesses}
    assert guesses[("skill", "", "Side step")].proposal == "Side Step"
    assert guesses[("skill", "", "Stiff Arm")].proposal is None  # no such LRB 6 skill: left out unless mapped
    assert len(preview.unconfirmed) == 2
    mapped = _preview(
        BOTOCS, choices={("skill", "", "Stiff Arm"): "Fend", ("skill", "", "Side step"): "Side Step"}
    )
    assert _player(_team(mapped, team.name), "Queek").skills == ("Fend",) and mapped.unconfirmed == []


def test_battlescribe_roster_by_catalogue_and_entry_ids_with_a_strangers_fields():
    preview = _preview(ROSTER)
    team = _team(preview, "Da Krumpin' Krew")
    assert (team.race, team.rerolls, team.fan_factor, team.treasury, team.apothecary) == (
        "Orc",
        2,
        3,
        40_000,
        True,
    )
    gorkil = _player(team, "Gorkil")
    assert (gorkil.position, gorkil.spp, gorkil.skills, gorkil.ma, gorkil.value, gorkil.rolls_taken) == (
        "Blitzer",
        31,
        ("Tackle", "Dodge"),
        7,
        160_000,
        3,
    )  # fmt: skip (Dodge on a double: its "Double" mark)
    muzgash = _player(team, "Muzgash")
    assert muzgash.injuries == ("Niggling injury", "-1 AV") and muzgash.av == 8
    assert [p.name for p in team.players] == ["Gorkil", "Muzgash", "Lineman 3", "Lineman 4", "Big Ugg"]
    assert any("Star Player Ripper" in note for note in team.notes)
    assert preview.guesses == []


def test_rosz_reads_the_one_roster_inside(tmp_path):
    path = rosz(tmp_path / "krew.rosz", {"krew.ros": ROSTER.read_bytes()})
    assert [t.name for t in _preview(path).teams] == ["Da Krumpin' Krew"]


def test_an_lrb4_league_guesses_the_positions_it_names_otherwise():
    preview = _preview(NAFLM, ROSTER, ruleset=LRB4)
    guesses = {g.key: g.proposal for g in preview.guesses}
    assert guesses[("position", "Orc", "Blitzer")] == "Orc Blitzer"
    assert guesses[("position", "Orc", "Lineman")] == "Orc Lineman"
    assert set(next(g for g in preview.guesses if g.key == ("position", "Orc", "Blitzer")).files) == {
        NAFLM.name, ROSTER.name}  # fmt: skip
    skaven = _preview(BOTOCS, ruleset=LRB4)
    assert {g.key: g.proposal for g in skaven.guesses}[("position", "Skaven", "Rat Ogre")] is None
    assert any(
        "Hrrk" in loss and "no position for 'Rat Ogre'" in loss
        for loss in _team(skaven, "Skavenblight Scramblers").losses
    )


def test_a_race_the_league_lacks_is_a_guess_and_refuses_the_team_until_chosen(tmp_path):
    path = naflm_file(tmp_path / "pact.xml", naflm_team("Pact", "21", naflm_player("Ulf", pos_id="210")))
    preview = _preview(path, ruleset=LRB4)
    assert [g.key for g in preview.guesses] == [("race", "", "Chaos Pact")]
    assert "no race 'Chaos Pact'" in str(preview.refused[0]) and "team 1 ('Pact')" in str(preview.refused[0])
    chosen = _preview(path, ruleset=LRB4, choices={("race", "", "Chaos Pact"): "Chaos"})
    assert chosen.teams[0].race == "Chaos" and chosen.refused == []


def test_a_name_the_league_has_is_refused_and_names_with_markup_or_formulas_are_kept_as_typed(tmp_path):
    path = naflm_file(tmp_path / "odd.xml", naflm_team(escape("<b>Bold</b> Boyz"), players=naflm_player("=HYPERLINK(\"x\")")),
                      naflm_team("Taken"))  # fmt: skip
    preview = _preview(path, taken=["taken"])
    assert preview.teams[0].name == "<b>Bold</b> Boyz" and preview.teams[0].players[0].name == '=HYPERLINK("x")'
    assert "already has a team called 'Taken'" in str(preview.refused[0])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("<teams><team><name>Broken</name></teams>", "naflm.xml: the XML is broken at line 1"),
        (BILLION_LAUGHS, "declares a document type or entities"),
        (EXTERNAL_ENTITY, "declares a document type or entities"),
        ("<league/>", "Dugout does not know this file (its XML starts with <league>)"),
        ("<teams/>", "the file holds no team"),
        ("<teams>" + naflm_team(rr="two") + "</teams>", "team 1 ('Team'): <rr> must be a whole number, not 'two'"),
        ("<teams>" + naflm_team(apothecary="maybe") + "</teams>", "<apothecary> must be true or false"),
        ("<teams>" + naflm_team(treasury="-5") + "</teams>", "<treasury> must be from 0"),
        ("<teams>" + naflm_team(race_id="99") + "</teams>", "team 1 ('Team'): race id 99 is no race of any ruleset"),
        ("<teams>" + naflm_team(players=naflm_player(pos_id="9999")) + "</teams>",
         "team 1 ('Team'), player 1 ('Grak'): position id 9999 is no position"),
        ("<teams>" + naflm_team(players=naflm_player(status="sold")) + "</teams>", "<status> must be none, mng or dead"),
        ("<teams>" + naflm_team("x" * 61) + "</teams>", "the team's name is 61 characters long; a league keeps at most 60"),
        ("<teams>" + naflm_team(players=naflm_player(" \u202e ")) + "</teams>", "player 1: the player's name is empty"),
        ("<teams>" + naflm_team(players=naflm_player() * 10_000) + "</teams>",
         "team 1 ('Team'): the team has 10000 players; a team file holds at most 64"),
        ("<teams>" + naflm_team() * 101 + "</teams>", "the file holds 101 teams; an import takes at most 100"),
    ],
)  # fmt: skip
def test_bad_files_are_refused_in_words_naming_the_file_and_the_row(tmp_path, text, words):
    path = tmp_path / "naflm.xml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ForeignFileError) as caught:
        read_team_file(path, LRB6)
    assert words in str(caught.value) and str(caught.value).startswith("naflm.xml")


def test_a_file_too_large_is_refused_before_it_is_parsed(tmp_path):
    path = tmp_path / "huge.xml"
    path.write_bytes(b"<teams>" + b" " * MAX_FILE_BYTES + b"</teams>")
    with pytest.raises(ForeignFileError, match="larger than 4,000,000 bytes"):
        read_team_file(path, LRB6)


@pytest.mark.parametrize(
    ("members", "words"),
    [
        ({"../../evil.ros": b"<roster/>"}, "names a file outside itself ('../../evil.ros')"),
        ({"/etc/evil.ros": b"<roster/>"}, "names a file outside itself"),
        ({f"r{i}.txt": b"x" for i in range(9)}, "the archive holds 9 files"),
        ({"a.ros": b"<roster/>", "b.ros": b"<roster/>"}, "holds 2 rosters (.ros); a .rosz holds one"),
        ({"bomb.ros": b"<" + b"\0" * 200_000_000}, "unpacks to more than 4,000,000 bytes"),
    ],
)
def test_bad_rosz_archives_are_refused(tmp_path, members, words):
    path = rosz(tmp_path / "team.rosz", members)
    assert path.stat().st_size < 1_000_000  # the bomb is small on disk
    with pytest.raises(ForeignFileError) as caught:
        read_team_file(path, LRB6)
    assert words in str(caught.value) and str(caught.value).startswith("team.rosz")


def test_a_rosz_that_is_no_zip_is_refused(tmp_path):
    path = tmp_path / "team.rosz"
    path.write_bytes(b"not a zip")
    with pytest.raises(ForeignFileError, match="not a BattleScribe .rosz"):
        read_team_file(path, LRB6)


def test_several_files_one_refused_the_others_read(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<teams>", encoding="utf-8")
    preview = _preview(NAFLM, bad, ROSTER)
    assert [r.file for r in preview.refused] == ["bad.xml"] and len(preview.teams) == 3
    assert "bad.xml: the XML is broken" in preview.text()


STRANGER = """<?xml version="1.0" encoding="UTF-8"?>
<roster id="x" name="Gutrot Grinders" gameSystemId="another-system" gameSystemName="Blood Bowl 2020"
        xmlns="http://www.battlescribe.net/schema/rosterSchema">
  <forces>
    <force id="f" name="Team" entryId="e" catalogueId="not-an-lrb6-catalogue" catalogueName="Orcs">
      <selections>
        <selection id="s1" name="Blitzer" entryId="unknown-1" number="1" type="model" customName="Zagduk">
          <selections>
            <selection id="s2" name="Block" entryId="unknown-2" number="1" type="upgrade"/>
            <selection id="s3" name="Mighty Blow" entryId="unknown-3" number="1" type="upgrade"/>
          </selections>
          <categories><category id="c" name="Players" entryId="p" primary="true"/></categories>
        </selection>
        <selection id="s4" name="Sideline Staff" entryId="unknown-4" number="1" type="upgrade"/>
      </selections>
    </force>
  </forces>
</roster>
"""


def test_a_roster_of_another_catalogue_is_read_by_its_names(tmp_path):
    path = tmp_path / "grinders.ros"
    path.write_text(STRANGER, encoding="utf-8")
    team = _team(_preview(path), "Gutrot Grinders")
    assert team.race == "Orc"  # "Orcs": resources/foreign/names.json
    zagduk = _player(team, "Zagduk")
    assert (zagduk.position, zagduk.skills) == ("Blitzer", ("Mighty Blow",))  # Block: the Orc Blitzer's own
    assert any("'Orcs' is not one of BattleScribe's LRB 6 team lists" in note for note in team.notes)
    assert any("'Sideline Staff' is nothing a Dugout team keeps" in note for note in team.notes)


def test_a_folder_of_exports(tmp_path):
    folder = tmp_path / "exports"
    folder.mkdir()
    for sample in (NAFLM, BOTOCS, ROSTER):
        (folder / sample.name).write_bytes(sample.read_bytes())
    (folder / "notes.txt").write_text("not a team file", encoding="utf-8")
    (folder / "sub").mkdir()
    preview = _preview(folder)
    assert sorted({t.file for t in preview.teams}) == ["botocs_team.xml", "naflm_import.xml", "orc_roster.ros"]


def _botocs(path, race, players, **team):
    fields = {"name": "Odd Ones", "race": race, "coach": "Ann", "rerolls": "0", "fanfactor": "0", "assistants": "0",
              "cheerleaders": "0", "apothecary": "false", "treasury": "0", **team}  # fmt: skip
    body = "".join(f"<{k}>{v}</{k}>" for k, v in fields.items())
    path.write_text(f"<team>{body}<players>{''.join(players)}</players></team>", encoding="utf-8")
    return path


def _botocs_player(number, name, position, ma, st, ag, av, skills=(), nigglings=0):
    skills = "".join(f"<skill>{s}</skill>" for s in skills)
    return (f'<player number="{number}"><name>{name}</name><position>{position}</position><ma>{ma}</ma><st>{st}</st>'
            f"<ag>{ag}</ag><av>{av}</av><skills>{skills}</skills><spp>0</spp><nigglings>{nigglings}</nigglings>"
            "<injured>false</injured><value>40000</value></player>")  # fmt: skip


def test_what_cannot_come_across_is_said_plainly(tmp_path):
    players = [_botocs_player(1, "Bony", "Skeleton", 9, 3, 2, 7, ["Regeneration", "Thick Skull", "Claw/Claws"])]
    players += [_botocs_player(n, f"Zed {n}", "Zombie", 4, 3, 2, 8) for n in range(2, 19)]
    path = _botocs(tmp_path / "undead.xml", "Undead", players, rerolls="9", apothecary="true", cheerleaders="12")
    team = _team(_preview(path), "Odd Ones")
    losses = "\n".join(team.losses)
    assert "player 1 (Bony): a Skeleton may not take Physical skills such as Claw/Claws" in losses
    assert "player 1 (Bony): MA 9 is more than 2 from a Skeleton's 5; kept as 7" in losses
    assert "9 re-rolls: an Undead team may have at most 8; 1 more do not come across" in losses
    assert "12 cheerleaders: an Undead team may have at most 10" in losses
    assert "the apothecary: Undead teams may not hire an apothecary" in losses
    assert "player 17 (Zed 17): a team has at most 16 players" in losses
    assert len(team.players) == 16 and not team.apothecary and team.rerolls == 8
    bony = _player(team, "Bony")
    assert bony.skills == () and bony.ma == 7  # Regeneration and Thick Skull are the Skeleton's own


def test_an_injury_the_league_does_not_keep(tmp_path):
    roster = (
        ROSTER.read_text(encoding="utf-8")
        .replace('name="Niggle"', 'name="Smashed Hip"')
        .replace("5bd7dadb-c139-2877-5872-5fef7d1d1e83::979eda9d-32dc-52a8-c21b-655c6c7690f6", "unknown-id")
    )
    path = tmp_path / "hip.ros"
    path.write_text(roster, encoding="utf-8")
    team = _team(_preview(path), "Da Krumpin' Krew")
    assert any("player 2 (Muzgash)" in loss and "'Smashed Hip' is none of those the league keeps" in loss
               for loss in team.losses)  # fmt: skip
