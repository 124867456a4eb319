"""A league whose every name is hostile markup, and a walk of a widget tree that finds a name not shown as typed.

Each name carries a marker word (`Zq...`): wherever a reader sees the marker, the whole name must be there as
typed; a rich label or tooltip that turns a name's tag into an image, a link or bold, or that shows `&amp;` as
`&`, loses the name and fails."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QRadioButton,
    QTabBar,
    QTextEdit,
    QWidget,
)

MARKUP = ["<img src=x>", "<b>bold</b>", "<a href=y>z</a>", "&amp;"]
LEAGUE = "<img src=x> ZqLeague &amp; <a href=y>z</a>"
TEAMS = [
    ("<b>bold</b> ZqOrcs", "Orc", "Orc Lineman", "<a href=y>z</a> ZqCoachO"),
    ("<img src=x> ZqHumans &amp;", "Human", "Lineman", "&amp; ZqCoachH <b>"),
    ("<a href=y>z</a> ZqDwarfs", "Dwarf", "Longbeard", "<img src=x>ZqCoachD"),
    ("&amp; <i>ZqElves</i>", "Wood Elf", "Wood Elf Lineman", "<b>bold</b> ZqCoachE"),
]
REFEREE = "<a href=y>z</a> ZqRef &amp;"
REFEREE_TEXT = "<img src=x> ZqRefText <b>bold</b>"
CUP = "<a href=y>Cup</a> ZqCup &amp; <img src=x>"
MARKER = re.compile(r"Zq\w+")


def player_name(team: int, number: int) -> str:
    return f"<b>bold</b> ZqP{team}n{number} &amp; <img src=x>"


def names() -> dict[str, str]:
    """Every hostile name by its marker word."""
    every = [LEAGUE, REFEREE, REFEREE_TEXT, CUP] + [n for t in TEAMS for n in (t[0], t[3])]
    every += [player_name(t, n) for t in range(len(TEAMS)) for n in range(1, 13)]
    return {MARKER.search(name).group(): name for name in every}


def build_hostile_league(path: Path) -> Path:
    """Four teams of twelve (one more than a team must keep to sell), every name hostile, and a hostile ref."""
    from roster_app.services import referees as ref_svc
    from roster_app.services.common import post
    from roster_app.services.league import create_league
    from roster_app.services.teams import add_team
    from roster_app.store.models import Player, Team

    db = create_league(path, name=LEAGUE)
    ids = [add_team(db, name=name, race=race, coach=coach).result for name, race, _p, coach in TEAMS]
    with db.write("test teams") as tx:
        for index, (team_id, (_n, _r, position, _c)) in enumerate(zip(ids, TEAMS, strict=True)):
            team = tx.session.get(Team, team_id)
            pos = db.ruleset.position(team.race, position)
            for number in range(1, 13):
                tx.session.add(Player(team_id=team.id, number=number, name=player_name(index, number),
                                      race=team.race, position=position, ma=pos.ma, st=pos.st, ag=pos.ag, av=pos.av,
                                      value=pos.cost, cost=pos.cost))  # fmt: skip
            post(tx.session, team, -12 * pos.cost, kind="hire", reason=f"Hired twelve {position}s")
            team.fan_factor = 3 + index
    ref_svc.create_referee(db, name=REFEREE, race="Human", description=REFEREE_TEXT)
    db.close()
    return path


@dataclass(frozen=True)
class Shown:
    where: str
    raw: str
    rendered: str
    rich: bool


def rendered_html(text: str) -> tuple[str, bool]:
    """What rich text shows a reader, and whether it made an image or a link out of it."""
    doc = QTextDocument()
    doc.setHtml(text)
    live = False
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            live = live or fmt.isImageFormat() or fmt.isAnchor()
            it += 1
        block = block.next()
    return doc.toPlainText(), live


def _auto(text: str) -> bool:
    return GuiQt.mightBeRichText(text)


def _without_mnemonic(text: str) -> str:
    return re.sub(r"&(.)", r"\1", text)


def _label(widget: QLabel) -> tuple[str, bool]:
    fmt = widget.textFormat()
    rich = fmt == Qt.TextFormat.RichText or (fmt == Qt.TextFormat.AutoText and _auto(widget.text()))
    return widget.text(), rich


def texts_of(widget: QWidget) -> list[Shown]:
    """Every text a widget shows: labels, buttons, titles, tabs, tooltips, item views' cells and tooltips."""
    out: list[Shown] = []

    def add(where: str, raw: str, rich: bool, mnemonic: bool = False) -> None:
        if not raw:
            return
        if rich:
            rendered, live = rendered_html(raw)
            if live and any(m in raw for m in ("<img src=x>", "<a href=y>")):
                rendered += " [an image or a link made from a name]"
        else:
            rendered = _without_mnemonic(raw) if mnemonic else raw
        out.append(Shown(where, raw, rendered, rich))

    for w in [widget, *widget.findChildren(QWidget)]:
        name = f"{type(w).__name__}({w.objectName() or ''}) in {type(w.window()).__name__}"
        if (not w.isVisibleTo(w.window()) and w is not widget) or isinstance(w, QHeaderView):
            continue
        add(f"tooltip of {name}", w.toolTip(), _auto(w.toolTip()))
        if w.isWindow():
            add(f"title of {name}", w.windowTitle(), False)
        if isinstance(w, QLabel):
            raw, rich = _label(w)
            add(f"label {name}", raw, rich)
        elif isinstance(w, QAbstractButton):
            add(f"button {name}", w.text(), False, mnemonic=True)
        elif isinstance(w, QGroupBox):
            add(f"group {name}", w.title(), False, mnemonic=True)
        elif isinstance(w, QTabBar):
            for i in range(w.count()):
                add(f"tab {i} of {name}", w.tabText(i), False, mnemonic=True)
                add(f"tab tooltip {i} of {name}", w.tabToolTip(i), _auto(w.tabToolTip(i)))
        elif isinstance(w, QTextEdit):
            add(f"text of {name}", w.toPlainText(), False)
        elif isinstance(w, QComboBox):
            for i in range(w.count()):
                add(f"item {i} of {name}", w.itemText(i), False)
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            out += _model_texts(w.model(), name)
    return out


def _columns(model: QAbstractItemModel, parent: QModelIndex) -> int:
    try:
        return model.columnCount(parent)
    except TypeError:  # a list model's columnCount is private in PySide6
        return 1


def _model_texts(model: QAbstractItemModel, name: str, parent: QModelIndex | None = None, depth: int = 0):
    parent = parent if parent is not None else QModelIndex()
    out = []
    for row in range(min(model.rowCount(parent), 60)):
        for col in range(_columns(model, parent)):
            index = model.index(row, col, parent)
            shown = model.data(index, Qt.ItemDataRole.DisplayRole)
            tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
            if isinstance(shown, str) and shown:
                out.append(Shown(f"cell {row},{col} of {name}", shown, shown, False))
            if isinstance(tip, str) and tip:
                rich = _auto(tip)
                out.append(
                    Shown(f"cell tooltip {row},{col} of {name}", tip, rendered_html(tip)[0] if rich else tip, rich)
                )
            if depth < 2 and col == 0 and model.rowCount(index):
                out += _model_texts(model, name, index, depth + 1)
    return out


def names_not_as_typed(widget: QWidget) -> list[str]:
    """Each text of the tree that shows a hostile name other than as typed (empty when all is well)."""
    every = names()
    wrong = []
    for shown in texts_of(widget):
        for marker in set(MARKER.findall(shown.rendered)):
            name = every.get(marker)
            if name is None:
                wrong.append(f"{shown.where}: unknown marker {marker} in {shown.rendered!r}")
            elif name not in shown.rendered:
                wrong.append(f"{shown.where}: {shown.rendered!r} (raw {shown.raw!r})")
    return sorted(set(wrong))


def markers_shown(widget: QWidget) -> set[str]:
    """The marker words a reader sees somewhere in the tree: a test checks its names were shown at all."""
    return {m for shown in texts_of(widget) for m in MARKER.findall(shown.rendered)}


def _choose_first_of_each_choice(page: QWidget) -> None:
    """The first answer of each question of radio buttons not answered yet: go on with the deal, pay the upkeep,
    take the free player."""
    groups: dict[int, list[QRadioButton]] = {}
    for radio in page.findChildren(QRadioButton):
        if radio.isVisibleTo(page) and radio.isEnabled():
            owner = radio.group() or radio.parentWidget()
            groups.setdefault(id(owner), []).append(radio)
    for radios in groups.values():
        if not any(r.isChecked() for r in radios):
            radios[0].click()


def _type_a_name_where_one_is_asked(page: QWidget) -> None:
    """An empty text box the page still waits for (the free player's name), in any language."""
    from PySide6.QtWidgets import QLineEdit

    for edit in page.findChildren(QLineEdit):
        free = edit.isVisibleTo(page) and edit.isEnabled() and not edit.isReadOnly() and not edit.text()
        if free and not isinstance(edit.parentWidget(), (QComboBox, QAbstractSpinBox)):  # not a box's own edit
            edit.setText("Walker")


def walk_wizard(qtbot, wizard, steps: int = 14, look=None) -> tuple[list[str], set[str], list[str]]:
    """Every page the wizard reaches by rolling what asks for a roll (Dugout's dice), choosing the first row
    where a row is asked for and pressing Next (or the commit button): the wrong names, markers seen, titles.
    `look(wizard, step)` is called on each page once it is filled in (tests/ui/test_screens_fit.py)."""
    from PySide6.QtWidgets import QWizard

    from ui.kit.dice_input import DiceInput

    buttons = [QWizard.WizardButton.CommitButton, QWizard.WizardButton.NextButton]
    wrong, seen, titles = [], set(), []
    for _step in range(steps):
        page = wizard.currentPage()
        titles.append(page.title())
        for _pass in range(3):  # a roll may open the next choice, a choice the next roll (reaction, then price)
            _choose_first_of_each_choice(page)
            for dice in page.findChildren(DiceInput):
                if dice.isVisibleTo(page) and dice.roll_button.isEnabled():
                    dice.rng = dice.rng or random.Random(len(titles))  # the same walk every run
                    qtbot.mouseClick(dice.roll_button, Qt.MouseButton.LeftButton)
        _choose_first_of_each_choice(page)
        for view in page.findChildren(QAbstractItemView):
            if (
                view.isVisibleTo(page)
                and view.model() is not None
                and view.model().rowCount()
                and not view.selectionModel().hasSelection()
            ):
                view.selectRow(0) if hasattr(view, "selectRow") else view.setCurrentIndex(view.model().index(0, 0))
        for combo in page.findChildren(QComboBox):
            if combo.isVisibleTo(page) and combo.isEnabled() and combo.currentData() is None and combo.count() > 1:
                combo.setCurrentIndex(1)
        wrong += names_not_as_typed(wizard)
        seen |= markers_shown(wizard)
        if look is not None:
            look(wizard, _step)
        else:
            wizard.grab().save(f"/tmp/escape2-{type(wizard).__name__}-{_step}.png")
        button = next(
            (wizard.button(b) for b in buttons if wizard.button(b).isVisible() and wizard.button(b).isEnabled()),
            None,
        )
        if button is None and any(wizard.button(b).isVisible() for b in buttons):
            _type_a_name_where_one_is_asked(page)  # only what holds the page (a market's filter stays empty)
            button = next((wizard.button(b) for b in buttons if wizard.button(b).isEnabled()), None)
        if button is None:
            break
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return sorted(set(wrong)), seen, titles
