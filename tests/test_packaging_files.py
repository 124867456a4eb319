"""The packaging files: the PyInstaller spec names real paths and trims what it should; the Linux desktop
entry, AppStream metadata and MIME type are valid and agree with the app; icons, fonts, install.sh, the
`make dist` target and CI. (The bundle itself is built and smoke-tested by `make dist`, not here.)"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import types
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "packaging" / "linux"
APP_ID = "org.dugout.Dugout"
MIME = "application/x-dugout-league"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def project_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


# -- the spec ------------------------------------------------------------------------------------------
class Recorder:
    """Stands in for PyInstaller's Analysis/PYZ/EXE/COLLECT/BUNDLE and keeps what it was given."""

    calls: dict[str, tuple] = {}

    def __init__(self, kind: str):
        self.kind = kind

    def __call__(self, *args, **kwargs):
        Recorder.calls[self.kind] = (args, kwargs)
        result = types.SimpleNamespace(args=args, kwargs=kwargs, binaries=[], datas=[], pure=[], scripts=[])
        if self.kind == "Analysis":
            result.datas = list(kwargs["datas"])
        return result


@pytest.fixture
def spec(tmp_path, monkeypatch):
    """Run packaging/dugout.spec with PyInstaller's build steps recorded instead of run."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package, filter=lambda _n: True: [package]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    (tmp_path / "dugout").mkdir()
    namespace = {"SPECPATH": str(ROOT / "packaging"), "DISTPATH": str(tmp_path), "__name__": "spec"}
    namespace |= {kind: Recorder(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    Recorder.calls = {}
    path = ROOT / "packaging" / "dugout.spec"
    exec(compile(path.read_text(), str(path), "exec"), namespace)
    return namespace


def test_the_spec_names_files_that_exist(spec):
    args, kwargs = Recorder.calls["Analysis"]
    assert Path(args[0][0]) == ROOT / "packaging" / "dugout_main.py"
    sources = [Path(source) for source, _ in kwargs["datas"]]
    missing = [str(p) for p in sources if not p.is_file()]
    assert missing == []
    targets = {target.replace("\\", "/") for _, target in kwargs["datas"]}
    assert {"resources/rulesets/lrb4", "resources/icons/png", "resources/fonts"} <= targets
    assert {"roster_app/store/migrations", "roster_app/store/migrations/versions"} <= targets
    assert not any("__pycache__" in str(p) for p in sources)
    assert spec["ICON_ICO"].is_file() and spec["ICON_PNG"].is_file()
    assert "sqlalchemy.dialects.postgresql" in kwargs["hiddenimports"]
    assert {"roster_app", "ui", "PySide6.QtNetwork", "PySide6.QtCharts"} <= set(kwargs["hiddenimports"])
    # Qt Charts needs Qt's OpenGL libraries, not PySide6's OpenGL modules
    assert {"PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets"} <= set(kwargs["excludes"])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux files ship in Linux bundles")
def test_the_spec_ships_the_linux_files_and_install_script(spec, tmp_path):
    _, kwargs = Recorder.calls["Analysis"]
    linux = {Path(source).name for source, target in kwargs["datas"] if target == "linux"}
    assert linux == {f"{APP_ID}.desktop", f"{APP_ID}.metainfo.xml", f"{APP_ID}.mime.xml"}
    assert (tmp_path / "dugout" / "install.sh").is_file()


def test_the_spec_version_and_id_match_the_app(spec):
    from ui.kit.icons import APP_ID as ui_app_id

    assert spec["VERSION"] == project_version()
    assert spec["APP_ID"] == ui_app_id == APP_ID


@pytest.mark.parametrize(
    ("dest", "kept"),
    [
        ("PySide6/Qt/translations/qtbase_de.qm", True),  # Qt's buttons and dialogs in German (issue 39)
        ("PySide6/Qt/translations/qtbase_fr.qm", True),
        ("PySide6/Qt/translations/qtbase_ja.qm", False),  # a language Dugout does not speak
        ("PySide6/Qt/translations/designer_de.qm", False),
        ("resources/locale/fr/LC_MESSAGES/dugout.mo", True),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
        ("PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so", True),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqwayland.so", True),
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6/Qt/plugins/platforms/libqminimal.so", True),
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
        ("PySide6/Qt/plugins/platforms/libqvnc.so", False),
        ("PySide6/Qt/plugins/platforms/libqlinuxfb.so", False),
        ("PySide6/plugins/platforms/qwindows.dll", True),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),
        ("PySide6/Qt/plugins/egldeviceintegrations/libqeglfs-kms-integration.so", False),
        ("PySide6/Qt/plugins/imageformats/libqpdf.so", False),
        ("PySide6/Qt/plugins/imageformats/libqico.so", True),
        ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
        ("PySide6/Qt/lib/libQt6Pdf.so.6", False),
        ("PySide6/Qt/lib/libQt6Network.so.6", True),
        ("PySide6/Qt/lib/libQt6Widgets.so.6", True),
        ("PySide6/Qt/lib/libQt6Charts.so.6", True),  # the charts (ui/charts)
        ("PySide6/Qt/lib/libQt6OpenGL.so.6", True),  # libQt6Charts links these two
        ("PySide6/Qt/lib/libQt6OpenGLWidgets.so.6", True),
        ("PySide6/Qt/lib/libQt6ChartsQml.so.6", False),
        ("PySide6/Qt6Charts.dll", True),
        ("PySide6/Qt6OpenGLWidgets.dll", True),
        ("resources/rulesets/lrb4/races.json", True),
    ],
)
def test_the_spec_trims_qt(spec, dest, kept):
    assert spec["keep"]((dest, "/src/" + dest, "BINARY")) is kept


def test_make_dist_pins_pyinstaller_and_ci_builds_after_the_tests():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^dist:", makefile, re.M)
    assert re.search(r"pyinstaller==\d+\.\d+\.\d+", makefile)
    assert "packaging/dugout.spec" in makefile and "packaging/smoke_test.sh" in makefile
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert ci.index("make test") < ci.index("make dist")
    smoke = (ROOT / "packaging" / "smoke_test.sh").read_text()
    assert "env -i PATH=/usr/bin:/bin" in smoke and "--screenshot" in smoke and "run print" in smoke


# -- Linux desktop integration -------------------------------------------------------------------------
def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string((LINUX / f"{APP_ID}.desktop").read_text(encoding="utf-8"))
    return parser["Desktop Entry"]


def test_the_desktop_entry_has_the_right_keys():
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Dugout"
    assert entry["Exec"] == "dugout %f"  # install.sh makes the path absolute
    assert entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"
    assert MIME in entry["MimeType"].split(";")
    for key in ("Categories", "MimeType", "Keywords"):
        assert entry[key].endswith(";"), f"{key} is a list and must end with ';'"
    assert "Game" in entry["Categories"].split(";")


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_desktop_file_validate_accepts_the_entry():
    result = subprocess.run(["desktop-file-validate", str(LINUX / f"{APP_ID}.desktop")], capture_output=True,
                            text=True)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_appstream_metadata_is_valid_and_agrees():
    from roster_app import __version__

    root = ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("name") == "Dugout"
    assert root.findtext("metadata_license") == "CC0-1.0"
    assert root.findtext("project_license") == "MIT"
    assert root.find("description/p") is not None
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    assert root.findtext("provides/binary") == "dugout"
    assert root.findtext("provides/mediatype") == MIME
    assert root.find("content_rating") is not None
    releases = [r.get("version") for r in root.findall("releases/release")]
    assert releases[0] == __version__ == project_version()


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream not installed")
def test_appstreamcli_accepts_the_metadata():
    result = subprocess.run(["appstreamcli", "validate", "--no-net", str(LINUX / f"{APP_ID}.metainfo.xml")],
                            capture_output=True, text=True)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_mime_type_matches_league_files_by_name_and_content():
    from roster_app.store.db import APPLICATION_ID

    root = ET.parse(LINUX / f"{APP_ID}.mime.xml").getroot()
    assert root.tag == f"{MIME_NS}mime-info"
    mime = root.find(f"{MIME_NS}mime-type")
    assert mime.get("type") == MIME
    assert mime.find(f"{MIME_NS}glob").get("pattern") == "*.dugout"
    assert mime.find(f"{MIME_NS}sub-class-of").get("type") == "application/vnd.sqlite3"
    assert mime.find(f"{MIME_NS}icon").get("name") == APP_ID
    outer = mime.find(f"{MIME_NS}magic/{MIME_NS}match")
    assert outer.get("offset") == "0" and outer.get("value") == "SQLite format 3\\000"
    inner = outer.find(f"{MIME_NS}match")
    assert (inner.get("type"), inner.get("offset")) == ("big32", "68")
    assert int(inner.get("value"), 16) == APPLICATION_ID


def test_a_real_league_file_carries_the_magic_the_mime_type_looks_for(league_file):
    header = league_file.read_bytes()[:100]
    root = ET.parse(LINUX / f"{APP_ID}.mime.xml").getroot()
    inner = root.find(f"{MIME_NS}mime-type/{MIME_NS}magic/{MIME_NS}match/{MIME_NS}match")
    assert header.startswith(b"SQLite format 3\x00")
    assert struct.unpack(">I", header[68:72])[0] == int(inner.get("value"), 16)


@pytest.mark.skipif(shutil.which("sh") is None or sys.platform == "win32", reason="needs a POSIX shell")
def test_install_sh_installs_and_uninstalls_the_desktop_integration(tmp_path):
    bundle = tmp_path / "dugout"
    (bundle / "_internal" / "linux").mkdir(parents=True)
    for path in LINUX.glob(f"{APP_ID}.*"):
        shutil.copy(path, bundle / "_internal" / "linux")
    shutil.copytree(ROOT / "resources" / "icons", bundle / "_internal" / "resources" / "icons")
    (bundle / "dugout").write_text("#!/bin/sh\necho dugout\n")
    (bundle / "dugout").chmod(0o755)
    prefix = tmp_path / "prefix"
    env = dict(os.environ, PREFIX=str(prefix), PATH="/usr/bin:/bin")
    script = str(LINUX / "install.sh")
    result = subprocess.run(["sh", script, str(bundle)], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    app = prefix / "lib" / "dugout"
    assert (app / "dugout").is_file()
    assert (prefix / "bin" / "dugout").resolve() == (app / "dugout").resolve()
    desktop = (prefix / "share" / "applications" / f"{APP_ID}.desktop").read_text()
    assert f"Exec={app}/dugout %f" in desktop
    assert (prefix / "share" / "mime" / "packages" / f"{APP_ID}.xml").is_file()
    assert (prefix / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (prefix / "share" / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png").is_file()
    assert (prefix / "share" / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    mimetype_icon = (
        prefix / "share" / "icons" / "hicolor" / "32x32" / "mimetypes" / "application-x-dugout-league.png"
    )
    assert mimetype_icon.is_file()

    result = subprocess.run(["sh", script, "--uninstall"], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert not app.exists() and not (prefix / "bin" / "dugout").exists()
    assert not (prefix / "share" / "applications" / f"{APP_ID}.desktop").exists()


def test_install_sh_refuses_a_folder_without_the_app(tmp_path):
    if shutil.which("sh") is None or sys.platform == "win32":
        pytest.skip("needs a POSIX shell")
    env = dict(os.environ, PREFIX=str(tmp_path / "prefix"))
    result = subprocess.run(["sh", str(LINUX / "install.sh"), str(tmp_path)], env=env, capture_output=True,
                            text=True, timeout=60)  # fmt: skip
    assert result.returncode != 0
    assert "no Dugout bundle" in result.stderr
    assert not (tmp_path / "prefix").exists()


# -- icons and fonts -----------------------------------------------------------------------------------
def test_the_svg_icon_and_every_png_size_exist(qapp):
    from PySide6.QtGui import QImage

    from ui.kit.icons import ICON_SIZES

    assert ET.parse(ROOT / "resources" / "icons" / "dugout.svg").getroot().tag.endswith("svg")
    for size in ICON_SIZES:
        image = QImage(str(ROOT / "resources" / "icons" / "png" / f"dugout-{size}.png"))
        assert (image.width(), image.height()) == (size, size)
        assert image.hasAlphaChannel()


def test_the_png_icons_are_rendered_from_the_svg(qapp):
    """make_icons.py draws the same picture: re-rendering the 64 px icon matches the committed PNG."""
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import make_icons
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    from PySide6.QtGui import QImage

    fresh = make_icons.render(64).convertToFormat(QImage.Format.Format_ARGB32)
    committed = QImage(str(make_icons.png_path(64))).convertToFormat(QImage.Format.Format_ARGB32)
    differing = sum(fresh.pixel(x, y) != committed.pixel(x, y) for x in range(64) for y in range(64))
    assert differing < 64 * 64 // 20, "the PNGs are stale: run packaging/make_icons.py"


def test_the_windows_icon_holds_every_size():
    data = (ROOT / "packaging" / "windows" / "dugout.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = {data[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= sizes


def test_the_window_uses_the_app_icon(qapp):
    from ui.kit.icons import app_icon

    icon = app_icon()
    assert not icon.isNull()
    assert {s.width() for s in icon.availableSizes()} >= {16, 32, 48, 256}


def test_the_bundled_font_registers_and_its_licence_ships(qapp):
    from ui.kit.fonts import FONT_FILES, register_bundled_fonts

    folder = ROOT / "resources" / "fonts"
    assert all((folder / name).is_file() for name in FONT_FILES)
    licence = (folder / "LICENSE.txt").read_text()
    assert "Bitstream Vera" in licence and "Arev" in licence and "Permission is hereby granted" in licence
    assert "DejaVu Sans" in register_bundled_fonts()


@pytest.mark.skipif(shutil.which("update-mime-database") is None, reason="shared-mime-info not installed")
def test_the_file_manager_recognises_league_files_by_name_and_by_content(tmp_path, league_file):
    mime_dir = tmp_path / "share" / "mime"
    (mime_dir / "packages").mkdir(parents=True)
    shutil.copy(LINUX / f"{APP_ID}.mime.xml", mime_dir / "packages" / f"{APP_ID}.xml")
    subprocess.run(["update-mime-database", str(mime_dir)], check=True, capture_output=True, timeout=60)
    renamed = tmp_path / "league-without-extension"
    shutil.copy(league_file, renamed)
    code = (
        "import sys; from PySide6.QtCore import QMimeDatabase; db = QMimeDatabase()\n"
        "print(db.mimeTypeForFile(sys.argv[1]).name(), db.mimeTypeForFile(sys.argv[2]).name())"
    )
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "share"))
    result = subprocess.run([sys.executable, "-c", code, str(league_file), str(renamed)], env=env,
                            capture_output=True, text=True, timeout=60)  # fmt: skip
    assert result.stdout.split() == [MIME, MIME], result.stderr


def test_make_run_after_make_test_installs_nothing_again(tmp_path):
    """`make test` stamps the run install too (its extras hold all `make run` needs)."""
    if shutil.which("make") is None:
        pytest.skip("no make on this machine")
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").write_text("")
    bin_ = tmp_path / ".venv" / "bin"
    bin_.mkdir(parents=True)
    for name in ("python", "dugout"):  # stand-ins: every command they are given succeeds
        (bin_ / name).write_text("#!/bin/sh\nexit 0\n")
        (bin_ / name).chmod(0o755)
    subprocess.run(["make", "-s", "test"], cwd=tmp_path, check=True, capture_output=True)
    planned = subprocess.run(
        ["make", "-n", "run"], cwd=tmp_path, check=True, capture_output=True, text=True
    ).stdout
    assert "pip install" not in planned and "dugout --demo" in planned


def test_the_license_is_an_spdx_expression_with_a_setuptools_that_reads_it():
    """Issue 35: `make run` printed setuptools' deprecation warning (a TOML table for the license) three times.
    An SPDX string is read by setuptools 77 and later (PEP 639); an older one would refuse it."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["project"]["license"] == "MIT"
    (setuptools,) = [r for r in data["build-system"]["requires"] if r.startswith("setuptools")]
    assert int(re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", setuptools).group(1)) >= 77
