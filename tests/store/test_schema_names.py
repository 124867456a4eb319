"""roster_app/store/schema_names.py, the tables and columns opening a league checks before the ORM is imported,
is SQLModel.metadata exactly: a model changed without it fails here."""

from sqlmodel import SQLModel

from roster_app.store import models  # noqa: F401 - registers the tables
from roster_app.store.schema_names import TABLES


def test_the_schema_names_are_the_models_tables_and_columns():
    assert {t.name: tuple(c.name for c in t.columns) for t in SQLModel.metadata.sorted_tables} == TABLES
    assert list(TABLES) == [t.name for t in SQLModel.metadata.sorted_tables]
