"""A ledger row's reason in the reader's language: kept in English and with its parts (roster_app/phrases), shown
translated; a row whose words cannot be trusted shows its English (issue 39)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select

from roster_app import i18n
from roster_app.phrases import Count, Gold, Number, Owner, Phrase, Term, loads, phrase, said
from roster_app.phrases import ledger as sentences
from roster_app.queries.rosters import ledger
from roster_app.services.players import hire_player
from roster_app.services.reversal import reverse_entries
from roster_app.services.teams import set_counter
from roster_app.store.models import LedgerEntry
from tests.helpers import add_orcs


def _rows(db, team):
    return [(r.kind, r.reason) for r in ledger(db, team)]


def _entries(db):
    with db.read() as session:
        return session.scalars(select(LedgerEntry).order_by(LedgerEntry.id)).all()


def test_every_ledger_sentence_is_translated_in_every_language():
    for code in ("fr", "de", "es", "it"):
        with i18n.language(code):
            untranslated = [m for m in sentences.SENTENCES if i18n._(m) == m]
        assert untranslated == [], code


def test_a_hire_keeps_its_english_and_reads_in_the_readers_language(db):
    team = add_orcs(db)
    hire_player(db, team_id=team, position="Troll", name="Big Grunt")
    entry = _entries(db)[-1]
    assert (
        entry.reason == "Hired Big Grunt, Orc Troll"
    )  # the English, as before: exports and older Dugouts read it
    assert loads(entry.words) == phrase(sentences.HIRED, name="Big Grunt", label=Term("position", "Orc Troll"))
    assert _rows(db, team)[-1] == ("hire", "Hired Big Grunt, Orc Troll")
    i18n.set_language("fr")
    shown = _rows(db, team)[-1][1]
    assert "Big Grunt" in shown and "Hired" not in shown
    assert i18n.term("position", "Orc Troll") in shown  # the position by its French game word
    i18n.set_language("de")
    assert "110.000" not in shown and "Big Grunt" in _rows(db, team)[-1][1]


def test_gold_and_counts_inside_a_row_follow_the_language(db):
    team = add_orcs(db)
    set_counter(db, team_id=team, counter="rerolls", value=2)  # a new team buys at the race's price
    assert _entries(db)[-1].reason == "Bought 2 re-rolls at 60,000 gp"
    i18n.set_language("fr")
    shown = _rows(db, team)[-1][1].replace("\u202f", " ").replace("\xa0", " ")
    assert "60 000 po" in shown and "Bought" not in shown
    assert i18n.ngettext("{n} re-roll", "{n} re-rolls", 2).format(n=2) in _rows(db, team)[-1][1]


def test_a_reversal_names_the_row_it_reverses_in_the_readers_language(db):
    team = add_orcs(db)
    hire_player(db, team_id=team, position="Troll", name="Big Grunt")
    hire = _entries(db)[-1]
    reverse_entries(db, entry_ids=[hire.id], reason="Hired by mistake")
    reversal = _entries(db)[-1]
    assert reversal.reason == "Hired by mistake (reverses: Hired Big Grunt, Orc Troll)"
    i18n.set_language("fr")
    shown = _rows(db, team)[-1][1]
    assert shown.startswith("Hired by mistake")  # the commissioner's own words stay as typed
    assert "Hired Big Grunt" not in shown and "Big Grunt" in shown


def _nested(depth: int) -> dict:
    inner: object = "x"
    for _ in range(depth):
        inner = {"m": sentences.REVERSAL, "a": {"reason": "r", "reversed": inner}}
    return inner


def test_a_row_three_sentences_deep_is_shown():
    assert said(json.dumps(_nested(3)), "kept") == "r (reverses: r (reverses: r (reverses: x)))"


@pytest.mark.parametrize(
    "words",
    [
        None,
        "",
        "not json",
        "[]",
        '{"m": "Hired {name}, {label}"}',  # no parts
        '{"m": "Hired {name}, {label}", "a": {"name": "X"}}',  # a part missing
        '{"m": "{name.__class__.__mro__}", "a": {"name": "X"}}',  # not a sentence of the ledger
        '{"m": "Starting treasury", "a": {"x": {"gp": "lots"}}}',
        '{"m": "Starting treasury", "a": {"x": {"gp": true}}}',
        '{"m": "Starting treasury", "a": {"x": {"term": ["position"]}}}',
        '{"m": "Starting treasury", "a": {"x": [1, 2]}}',
        json.dumps(_nested(4)),  # deeper than any row Dugout writes (a reversal of a freebooter's hire: 3)
        "[" * 5000 + "]" * 5000,
    ],
)
def test_words_that_cannot_be_trusted_show_the_rows_english(words):
    i18n.set_language("fr")
    assert said(words, "Hired Big Grunt, Orc Troll") == "Hired Big Grunt, Orc Troll"


@given(st.text(max_size=300))
def test_any_text_in_the_words_column_shows_a_sentence_and_never_fails(words):
    assert isinstance(said(words, "kept"), str)


@given(
    st.recursive(
        st.one_of(st.integers(), st.text(max_size=20), st.none(), st.booleans()),
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.dictionaries(
                st.sampled_from(["m", "a", "gp", "term", "count", "owner", "number", "name"]), inner, max_size=3
            ),
        ),
        max_leaves=12,
    )
)
def test_any_json_in_the_words_column_shows_a_sentence_and_never_fails(value):
    for code in ("en", "fr"):
        with i18n.language(code):
            assert isinstance(said(json.dumps(value), "kept"), str)


def test_a_phrase_goes_through_its_json_unchanged():
    played = phrase(sentences.PLAYED_WIN, opponent="Reikland Reavers", score_for=2, score_against=1)
    parts = [
        phrase(sentences.WINNINGS_GATE, played=played, gate=Number(72_000)),
        phrase(sentences.SIGNED, owner=Owner("Grak"), name="Grak", seasons=Count(3, "season"),
               rolls=Count(2, "star player roll")),
        phrase(sentences.BOUGHT_AT, what=Count(2, "re-roll"), price=Gold(60_000)),
    ]  # fmt: skip
    for said_ in parts:
        assert loads(said_.dumps()) == said_
    assert parts[0].english() == "Winnings v Reikland Reavers (win 2-1), gate 72,000"
    assert parts[1].english() == "Signed Grak's contract: 3 seasons at 2 star player rolls"
    assert parts[2].english() == "Bought 2 re-rolls at 60,000 gp"
    with i18n.language("fr"):
        assert "60 000 po" in parts[2].shown().replace("\u202f", " ").replace("\xa0", " ")


def test_a_part_that_is_not_text_a_number_or_a_phrase_part_is_refused_when_written():
    with pytest.raises(TypeError):
        Phrase(sentences.HIRED, {"name": object(), "label": "x"}).dumps()
