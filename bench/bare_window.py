"""The W0 floor: a bare PySide6 QMainWindow to its first paint (run as a child process by bench/startup.py).

Prints `timing first-paint <time.time()>` like Dugout's DUGOUT_TIMING hook, and its peak memory on exit.
"""

import resource
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow


class FirstPaint(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint:
            print(f"timing first-paint {time.time():.6f} {time.process_time():.6f}", flush=True)
            watched.removeEventFilter(self)
            QTimer.singleShot(0, QApplication.quit)
        return False


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.resize(1280, 800)
    watch = FirstPaint()
    window.installEventFilter(watch)
    window.show()
    app.exec()
    print(f"maxrss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
