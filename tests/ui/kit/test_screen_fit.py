"""Issue 35, item 9: windows sized to the screen (never taller than its available area; a share of a large one),
the main window checked on a 1366x768 and a 1920x1080 screen in a process of its own (the offscreen platform's
screen comes from a config file)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize

from ui.kit.screen_fit import clamped, fitted_size

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(("available", "wanted", "size"), [
    ((1366, 728), (1280, 800), (1280, 728)), ((1366, 728), (1000, 860), (1161, 728)),
    ((1920, 1040), (1280, 800), (1632, 884)), ((800, 600), (1280, 800), (800, 600))])  # fmt: skip
def test_a_window_takes_its_room_on_the_screen_and_never_more(available, wanted, size):
    assert fitted_size(QSize(*available), QSize(*wanted)) == QSize(*size)


def test_a_remembered_frame_is_pulled_onto_a_smaller_screen():
    assert clamped(QRect(600, 300, 1600, 900), QRect(0, 0, 1366, 728)) == QRect(0, 0, 1366, 728)
    assert clamped(QRect(-50, 10, 800, 600), QRect(0, 0, 1920, 1040)) == QRect(0, 10, 800, 600)


SCRIPT = """
import sys, tempfile
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from ui.mainwindow.window import MainWindow
settings = QSettings(tempfile.mktemp(suffix=".ini"), QSettings.Format.IniFormat)
window = MainWindow(settings)
window.show()
app.processEvents()
frame, area = window.frameGeometry(), window.screen().availableGeometry()
print(frame.width(), frame.height(), area.width(), area.height())
window.grab().save(sys.argv[1])
"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1920, 1080)])
def test_the_main_window_fits_a_laptop_and_fills_a_large_screen(tmp_path, width, height):
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "s", "x": 0, "y": 0, "width": width, "height": height,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))  # fmt: skip
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / f"main-{width}.png")], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=True).stdout.split()  # fmt: skip
    frame_w, frame_h, area_w, area_h = map(int, out[-4:])
    assert (area_w, area_h) == (width, height)
    assert frame_h <= area_h and frame_w <= area_w
    assert frame_w >= 0.8 * area_w if width >= 1920 else frame_w >= 1280
