"""W0 with the ORM: a bare PySide6 QMainWindow to its first paint, then the ORM loaded after it as Dugout loads it
(ui/mainwindow/window.py `ORM_STEPS`, the mappers configured, the league's engine made), no Dugout window
(run as a child process by bench/startup.py, issue 40). The cheapest process that can paint a window and make an
edit through Dugout's models: what "ready for an edit" cannot go below while the edits go through this ORM.

Prints `timing first-paint ...` and `timing orm-ready <time.time()> <CPU>` like Dugout's DUGOUT_TIMING hook. The
collector is off, as in Dugout's start (ui/app/start.py `run_gui`).
"""

import gc
import importlib
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

ORM_STEPS = ("sqlalchemy", "sqlalchemy.orm", "sqlmodel", "roster_app.store.models")  # as ui/mainwindow/window.py


def stamp(what: str) -> None:
    print(f"timing {what} {time.time():.6f} {time.process_time():.6f}", flush=True)


def load_orm(league: str) -> None:
    for name in ORM_STEPS:
        importlib.import_module(name)
    importlib.import_module("sqlalchemy.orm").configure_mappers()
    from sqlalchemy import create_engine

    create_engine(f"sqlite:///{league}")  # made, not connected: as the league's engine at `orm_ready`
    stamp("orm-ready")
    QApplication.quit()


class FirstPaint(QObject):
    def __init__(self, league: str) -> None:
        super().__init__()
        self.league = league

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint:
            stamp("first-paint")
            watched.removeEventFilter(self)
            QTimer.singleShot(0, lambda: load_orm(self.league))
        return False


def main() -> int:
    gc.disable()
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.resize(1280, 800)
    watch = FirstPaint(sys.argv[1])
    window.installEventFilter(watch)
    window.show()
    app.exec()
    return 0


if __name__ == "__main__":
    sys.exit(main())
