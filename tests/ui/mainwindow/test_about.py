"""Help > About names the version, the rulesets and the real folders: data, settings, logs, backups."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from roster_app.about import about_facts, bundled_rulesets
from roster_app.paths import data_dir, log_dir


def test_bundled_rulesets_are_listed_with_their_versions():
    rulesets = {r.key: r for r in bundled_rulesets()}
    assert {"lrb4", "lrb5", "lrb6"} <= set(rulesets)
    assert rulesets["lrb4"].name == "LRB 4.0 (Dugout)" and rulesets["lrb4"].version >= 1


def test_the_facts_name_the_platform_folders_and_no_league(isolated_user_dirs):
    facts = about_facts()
    assert facts.data_dir == data_dir() and facts.log_dir == log_dir()
    assert facts.data_dir.is_relative_to(isolated_user_dirs) and facts.log_dir.is_relative_to(isolated_user_dirs)
    assert facts.league is None


def test_the_facts_of_an_open_league_point_at_its_backups_folder(file_db, league_file):
    import shutil

    shutil.rmtree(league_file.parent / "test backups")  # the backup made when the league was opened
    league = about_facts(file_db).league
    assert league.name == "Test League"
    assert league.path == league_file
    assert league.backups == league_file.parent / "test backups"
    assert not league.backups.exists()  # showing About creates nothing
    assert league.edited_tables == ()


def test_house_rules_are_named(file_db):
    from sqlalchemy import update

    from roster_app.store.models import RulesetTable

    with file_db.write() as tx:
        tx.session.execute(update(RulesetTable).where(RulesetTable.key == "contracts").values(is_default=False))
    assert about_facts(file_db).league.edited_tables == ("contracts",)


def test_the_about_box_names_every_folder(qtbot, open_window, league_file, settings):
    open_window.about()
    dialog = open_window.about_dialog
    qtbot.waitUntil(dialog.isVisible)
    text = dialog.plain_text()
    assert "Dugout 0.1.0" in text
    assert "LRB 4.0 (Dugout) — version 1" in text and "LRB 5 (Dugout) — version 1" in text
    assert "LRB 6 (Dugout) — version 2" in text
    assert str(data_dir()) in text
    assert str(log_dir()) in text
    assert settings.fileName() in text
    assert str(league_file) in text
    assert str(league_file.parent / "test backups") in text
    assert "as published (no house rules)" in text
    dialog.copy_button.click()
    assert QApplication.clipboard().text() == text
    dialog.close()


def test_the_about_box_without_a_league_explains_where_backups_go(qtbot, window):
    window.about()
    qtbot.waitUntil(window.about_dialog.isVisible)
    text = window.about_dialog.plain_text()
    assert "beside each league file" in text and "<league> backups" in text
    window.about_dialog.close()
