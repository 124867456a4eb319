"""The app's style sheet: a few named widgets (the team's title and figures, the team header, the loading
message), by object name.

It is set on the application once the first look's roster is on screen (ui/app/start.py `after_first_paint`): with an
application style sheet every widget is polished and drawn through Qt's style-sheet style, ~10 ms of CPU on the
way to the first roster (issue 24). The named widgets drawn before that carry their own rule (`styled`), so they
look the same from the first paint.
"""

from __future__ import annotations

from typing import Any

RULES = {
    "teamTitle": "font-size: 17pt; font-weight: 600;",
    "figureTitle": "color: #5b6470; font-size: 8pt; text-transform: uppercase;",
    "figureValue": "font-size: 13pt; font-weight: 600;",
    "teamHeader": "background: #f6f7f9; border: 1px solid #d8dce2; border-radius: 6px;",  # i18n: keep (a style sheet)
    "loadingLabel": "font-size: 14pt; color: #5b6470; qproperty-alignment: AlignCenter;",
}
STYLE = "".join(f"#{name} {{ {rule} }}\n" for name, rule in RULES.items())


def styled(widget: Any, name: str) -> None:
    """Name `widget` and give it its rule of STYLE itself (a widget on screen before the app's sheet is set)."""
    widget.setObjectName(name)
    widget.setStyleSheet(f"#{name} {{ {RULES[name]} }}")


def style_app(app: Any) -> None:
    """The application's style sheet (once: setting it again would polish every widget again)."""
    if app.styleSheet() != STYLE:
        app.setStyleSheet(STYLE)
