"""Alembic environment: always given a connection by roster_app.store.migrations (one transaction)."""

from alembic import context
from sqlmodel import SQLModel

import roster_app.store.models  # noqa: F401 - registers the tables on SQLModel.metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only reached through the alembic command line
    raise SystemExit("Run migrations through roster_app.store.migrations, which passes the league's connection.")

context.configure(
    connection=connection,
    target_metadata=SQLModel.metadata,
    render_as_batch=True,  # SQLite cannot ALTER most things: batch mode copies the table
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
