#!/bin/sh
# Install the Dugout bundle for this user (or system-wide): the app, a `dugout` command, the menu entry,
# the icon, and the .dugout file type, so league files open from the file manager.
#
#   ./install.sh                 from inside the unpacked dugout/ folder: installs into ~/.local
#   PREFIX=/usr/local sudo -E ./install.sh          system-wide
#   ./install.sh --uninstall     removes what it installed (your leagues are never touched)
#
# Leagues, settings and logs stay in the user's folders (see Help > About); nothing here touches them.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
PREFIX=${PREFIX:-$HOME/.local}
APP_ID=org.dugout.Dugout
MIME_ICON=application-x-dugout-league
APPDIR="$PREFIX/lib/dugout"
SHARE="$PREFIX/share"
SIZES="16 22 24 32 48 64 128 256 512"

refresh() {
  if command -v update-mime-database >/dev/null 2>&1; then update-mime-database "$SHARE/mime" || true; fi
  if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database -q "$SHARE/applications" || true; fi
  if command -v gtk-update-icon-cache >/dev/null 2>&1; then gtk-update-icon-cache -q -t "$SHARE/icons/hicolor" || true; fi
}

if [ "${1:-}" = "--uninstall" ]; then
  rm -rf "$APPDIR"
  rm -f "$PREFIX/bin/dugout" "$SHARE/applications/$APP_ID.desktop" "$SHARE/metainfo/$APP_ID.metainfo.xml" \
        "$SHARE/mime/packages/$APP_ID.xml" "$SHARE/icons/hicolor/scalable/apps/$APP_ID.svg"
  for size in $SIZES; do
    rm -f "$SHARE/icons/hicolor/${size}x${size}/apps/$APP_ID.png" "$SHARE/icons/hicolor/${size}x${size}/mimetypes/$MIME_ICON.png"
  done
  refresh
  echo "Dugout was removed from $PREFIX. Your leagues were not touched."
  exit 0
fi

BUNDLE=$(cd "${1:-$HERE}" && pwd)
[ -x "$BUNDLE/dugout" ] || { echo "install.sh: no Dugout bundle in $BUNDLE (run it inside the dugout folder)" >&2; exit 1; }
DATA="$BUNDLE/_internal/linux"
ICONS="$BUNDLE/_internal/resources/icons"
[ -f "$DATA/$APP_ID.desktop" ] || { echo "install.sh: $DATA/$APP_ID.desktop is missing" >&2; exit 1; }

if [ "$BUNDLE" != "$APPDIR" ]; then
  rm -rf "$APPDIR"
  mkdir -p "$APPDIR"
  cp -a "$BUNDLE/." "$APPDIR/"
fi
mkdir -p "$PREFIX/bin" "$SHARE/applications" "$SHARE/metainfo" "$SHARE/mime/packages" \
         "$SHARE/icons/hicolor/scalable/apps"
ln -sf "$APPDIR/dugout" "$PREFIX/bin/dugout"
sed -e "s|^Exec=dugout|Exec=$APPDIR/dugout|" -e "s|^TryExec=dugout|TryExec=$APPDIR/dugout|" \
    "$DATA/$APP_ID.desktop" > "$SHARE/applications/$APP_ID.desktop"
cp "$DATA/$APP_ID.metainfo.xml" "$SHARE/metainfo/$APP_ID.metainfo.xml"
cp "$DATA/$APP_ID.mime.xml" "$SHARE/mime/packages/$APP_ID.xml"
cp "$ICONS/dugout.svg" "$SHARE/icons/hicolor/scalable/apps/$APP_ID.svg"
for size in $SIZES; do
  for kind in apps mimetypes; do mkdir -p "$SHARE/icons/hicolor/${size}x${size}/$kind"; done
  cp "$ICONS/png/dugout-$size.png" "$SHARE/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
  cp "$ICONS/png/dugout-$size.png" "$SHARE/icons/hicolor/${size}x${size}/mimetypes/$MIME_ICON.png"
done
refresh
echo "Dugout is installed in $APPDIR."
echo "Start it from the applications menu, or run: $PREFIX/bin/dugout"
echo ".dugout league files now open in Dugout from the file manager."
