"""Tables over the large league: all players (the transfer market), contracts, a team's ledger, the league table.

For each, against a floor measured in the same run and the same kind of view (ui.kit.tables.make_table, same
size, offscreen): a minimal QAbstractTableModel over a list of tuples holding the same display values.
- reset: set the rows (a different row set, so the model resets) and repaint, <= 1.5x the floor's reset;
- sort: sort by a column and repaint, the worst column, <= 2x the floor's in-model sort (itemgetter);
- filter: one keystroke of a word typed into the model's filter (every column), <= 1.5x the plain Python
  filter of the floor's tuples (`needle in str(value).lower()` on any column) plus the floor's reset;
- repaint: one repaint of the view, under 16 ms.

    python bench/tables.py [--reps N]
"""

from __future__ import annotations

import os
import statistics
import sys
from operator import itemgetter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget  # noqa: E402

from bench.common import clock, large_league_main, record, timed_ms  # noqa: E402

FRAME_MS = 16.0
VIEW_SIZE = (1100, 640)


class FloorModel(QAbstractTableModel):
    """The floor: a minimal table model over a list of tuples, sorting inside the model."""

    def __init__(self, headers: tuple[str, ...], rows: list[tuple[Any, ...]]):
        super().__init__()
        self.headers = headers
        self.rows = rows

    def rowCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: Any, role: int = 0) -> Any:
        if role == 0 and index.isValid():
            return self.rows[index.row()][index.column()]
        return None

    def headerData(self, section: int, orientation: Any, role: int = 0) -> Any:  # noqa: N802
        if role == 0 and orientation == Qt.Orientation.Horizontal:
            return self.headers[section]
        return None

    def reset(self, rows: list[tuple[Any, ...]]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def sort(self, column: int, order: Any = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        before = [(self.rows[i.row()], i.column()) for i in persistent]
        self.rows = sorted(self.rows, key=itemgetter(column), reverse=order == Qt.SortOrder.DescendingOrder)
        where = {id(r): i for i, r in enumerate(self.rows)}
        self.changePersistentIndexList(persistent, [self.index(where[id(r)], c) for r, c in before])
        self.layoutChanged.emit()


def plain_filter(rows: list[tuple[Any, ...]], needle: str) -> list[tuple[Any, ...]]:
    return [r for r in rows if any(needle in str(value).lower() for value in r)]


def shown(model: Any) -> tuple[QWidget, Any]:
    from ui.kit.tables import make_table

    holder = QWidget()
    holder.resize(*VIEW_SIZE)
    view = make_table(model, holder)
    layout = QVBoxLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(view)
    holder.show()
    QApplication.processEvents()
    return holder, view


def timed(fn: Any) -> float:
    return timed_ms(fn)


def bench_table(name: str, model: Any, rows: list[Any], words: list[str], reps: int) -> None:
    """Reset, sort, filter and repaint of `model` over `rows` against the floor over the same values."""
    values = [tuple(get(r) for get in model._getters) for r in rows]
    floor = FloorModel(model._headers, list(values))
    model.set_rows(rows)
    fholder, fview = shown(floor)
    holder, view = shown(model)
    other, fother = rows[1:], values[1:]  # a different row set, so each set is a real reset

    reset, freset = [], []
    for i in range(reps):
        which, fwhich = (other, fother) if i % 2 == 0 else (rows, values)
        freset.append(timed(lambda fw=fwhich: (floor.reset(list(fw)), fview.viewport().repaint())))  # noqa: B023
        reset.append(timed(lambda w=which: (model.set_rows(w), view.viewport().repaint())))  # noqa: B023
    record(f"{name}: model reset + repaint", "tuple model reset + repaint",
           freset, reset, 1.5,
           note=f"{len(rows):,} rows")  # fmt: skip

    worst: tuple[float, float, str, list[float], list[float]] = (0.0, 1.0, "", [], [])
    for column in range(len(model.COLUMNS)):
        times, ftimes = [], []
        for i in range(max(3, reps // 2)):
            order = Qt.SortOrder.AscendingOrder if i % 2 == 0 else Qt.SortOrder.DescendingOrder
            ftimes.append(timed(lambda o=order: (fview.sortByColumn(column, o), fview.viewport().repaint())))  # noqa: B023
            times.append(timed(lambda o=order: (view.sortByColumn(column, o), view.viewport().repaint())))  # noqa: B023
        measured, floor_ms = statistics.median(times), statistics.median(ftimes)
        if measured / floor_ms > worst[0] / worst[1]:
            worst = (measured, floor_ms, model.COLUMNS[column].header or model.COLUMNS[column].key, ftimes, times)
    record(f"{name}: sort (worst column)", "in-model sort of tuples", worst[3], worst[4], 2.0,
           note=f"column '{worst[2]}'")  # fmt: skip

    keys, fkeys, firsts = [], [], []
    for _ in range(max(3, reps // 2)):
        model.set_filter("")
        model.set_rows(rows)  # fresh: no text made yet for filtering
        for word in words:
            for n in range(1, len(word) + 1):
                typed = word[:n]
                fkeys.append(timed(lambda t=typed: floor.reset(plain_filter(values, t))))  # noqa: B023
                ms = timed(lambda t=typed: model.set_filter(t))  # noqa: B023
                keys.append(ms)
                if n == 1:
                    firsts.append(ms)
    model.set_filter("")
    floor.reset(list(values))
    record(f"{name}: filter, one keystroke", "Python filter of tuples + reset",
           fkeys, keys, 1.5,
           note=f"typing {' / '.join(repr(w) for w in words)}; first keystroke {statistics.median(firsts):.1f} ms")  # fmt: skip

    paints = [timed(view.viewport().repaint) for _ in range(reps)]
    record(f"{name}: one repaint", "a frame at 60 Hz", FRAME_MS, paints, 1.0,
           note=f"data() {data_us(model):.1f} us a call")  # fmt: skip
    holder.close()
    fholder.close()


def data_us(model: Any) -> float:
    """Microseconds per data() call over the roles a delegate asks while painting the first rows."""
    roles = [int(r.value) for r in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.FontRole,
             Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.CheckStateRole,
             Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.BackgroundRole)]  # fmt: skip
    indexes = [model.index(r, c) for r in range(min(30, model.rowCount())) for c in range(model.columnCount())]
    start = clock()
    for _ in range(5):
        for index in indexes:
            for role in roles:
                model.data(index, role)
    return (clock() - start) * 1e6 / (5 * len(indexes) * len(roles))


def measure(path: Path, reps: int) -> None:
    from roster_app.queries import contracts as contract_queries
    from roster_app.queries import rosters as queries
    from roster_app.queries import season as season_queries
    from roster_app.queries import transfers as transfer_queries
    from roster_app.safety.opening import open_league
    from ui.pages.contracts.contracts_model import ContractsModel
    from ui.pages.team.ledger_model import LedgerModel
    from ui.records.season_models import StandingsModel
    from ui.sequences.transfer.market_model import MarketModel

    db = open_league(path, read_only=True)
    try:
        team = queries.teams(db)[0]
        bench_table("all players (transfer market)", MarketModel(), transfer_queries.transfer_market(db, team.id),
                    ["player 1", "orc"], reps)  # fmt: skip
        bench_table("contracts", ContractsModel(), contract_queries.contracts(db), ["running", "team 3"], reps)
        bench_table("a team's ledger", LedgerModel(), queries.ledger(db, team.id), ["winnings", "-2,"], reps)
        bench_table("league table", StandingsModel(), season_queries.league_table(db), ["team 1"], reps)
    finally:
        db.close()


def main(argv: list[str] | None = None) -> int:
    return large_league_main(measure, argv, reps=9)


if __name__ == "__main__":
    sys.exit(main())
