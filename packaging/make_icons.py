"""Render Dugout's PNG (and Windows .ico) icons from resources/icons/dugout.svg.

    .venv/bin/python packaging/make_icons.py

The PNGs are committed (resources/icons/png/dugout-<size>.png) so the app and the bundle need no SVG
renderer at start-up; tests/test_packaging_files.py checks they exist for every size. Re-run after
editing the SVG.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "resources" / "icons" / "dugout.svg"
PNG_DIR = ROOT / "resources" / "icons" / "png"
ICO = ROOT / "packaging" / "windows" / "dugout.ico"
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def ico_with_pngs(pngs: list[bytes], sizes: tuple[int, ...]) -> bytes:
    """A Windows .ico holding one PNG per size (Windows Vista and later read PNG entries)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, data = b"", b""
    for size, png in zip(sizes, pngs, strict=True):
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def png_path(size: int) -> Path:
    return PNG_DIR / f"dugout-{size}.png"


def render(size: int):  # noqa: ANN201 - a QImage; PySide6 stays out of this module's import
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"{SVG} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    PNG_DIR.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        if not render(size).save(str(png_path(size)), "PNG"):
            raise SystemExit(f"could not write {png_path(size)}")
        print(png_path(size).relative_to(ROOT))
    ICO.parent.mkdir(parents=True, exist_ok=True)
    ICO.write_bytes(ico_with_pngs([png_path(s).read_bytes() for s in ICO_SIZES], ICO_SIZES))
    print(ICO.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
