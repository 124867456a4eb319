"""The core area's catalogue (resources/locale/<lang>/core.po): a refusal from the core reaches the commissioner in
French, and English comes back after it. (Every marked string translated with its placeholders, in every area and
language: tests/i18n/test_catalogues.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from roster_app import i18n
from roster_app.errors import RuleViolation
from roster_app.services.teams import add_team

ROOT = Path(__file__).resolve().parent.parent


def catalogue(language: str):
    with open(ROOT / "resources" / "locale" / language / "core.po", "rb") as po:
        return read_po(po, locale=language)


@pytest.fixture
def french(tmp_path, monkeypatch):
    """The core catalogue compiled on its own (tools/catalogue.py merges every area into dugout.mo) and chosen."""
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / f"{i18n.DOMAIN}.mo", "wb") as mo:
        write_mo(mo, catalogue("fr"))
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.translations.cache_clear()
    try:
        assert i18n.set_language("fr") == "fr"
        yield
    finally:
        i18n.set_language("en")
        i18n.translations.cache_clear()


def test_a_core_refusal_comes_out_in_french(db, french):
    with pytest.raises(RuleViolation) as refused:
        add_team(db, name="  ", race="Orc")
    assert str(refused.value) == "Une équipe a besoin d'un nom."
    add_team(db, name="Orcland Raiders", race="Orc")
    with pytest.raises(RuleViolation) as refused:
        add_team(db, name="orcland raiders", race="Orc")
    assert str(refused.value) == "Il y a déjà une équipe nommée 'Orcland Raiders' dans cette ligue."


def test_english_stays_english_after_french(db, french):
    i18n.set_language("en")
    with pytest.raises(RuleViolation, match=r"^A team needs a name\.$"):
        add_team(db, name="", race="Orc")


def test_a_games_title_reads_in_the_commissioners_language(db):
    """A fixture's title names its round and stage in the language ('journée', 'demi-finale'), the teams as typed."""
    from roster_app.queries.postmatch import match_title
    from roster_app.queries.referees import fixture_title
    from roster_app.rules.competitions import stage_words
    from roster_app.store.models import Match
    from tests.helpers import new_fixture

    match_id = new_fixture(db)
    with db.read() as session:
        match = session.get(Match, match_id)
        english = fixture_title(session, match)
        i18n.set_language("fr")
        french = fixture_title(session, match)
        match.status, match.home_score, match.away_score, match.stage = "played", 2, 1, "semi-final"
        played = match_title(session, match)
    assert english == f"friendly, round {match.round}: Orc Team 1 v Orc Team 2"
    assert french == f"amical, journée {match.round} : Orc Team 1 contre Orc Team 2", french
    assert "(demi-finale, saison 1)" in played and "2-1" in played
    assert [stage_words(s) for s in ("quarter-final", "round 12", "Swiss round 3", "third round", "Someday")] == [
        "quart de finale", "journée 12", "Ronde suisse 3", "troisième tour", "Someday"]  # fmt: skip


def test_an_advance_reads_in_the_commissioners_language():
    """A star player roll's advance: the skill by its game word, a characteristic by its short name."""
    from roster_app.rules.postmatch import Advance

    block, speed = Advance("skill", "Block", "General"), Advance("ma")
    assert (block.label, speed.label) == ("Block (General)", "+1 MA")
    i18n.set_language("fr")
    assert (block.label, speed.label) == ("Blocage (General)", "+1 M")
