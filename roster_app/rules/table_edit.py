"""Editing a ruleset table's data one cell or one row at a time: pure functions returning new data.

The Rules window turns every edit into "the table as it will be" with these functions and hands it to
`services.ruleset.set_table`, which checks it and writes it as one undo step. Nothing here mutates its input.
A range table stays whole while it is edited: moving where a row ends moves where the next one starts, a
removed row's results go to its neighbour, and a new row splits the one it follows (see dicetables).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from roster_app.i18n import _
from roster_app.rules.dicetables import remove_range_row, set_bound, split_range_row
from roster_app.rules.table_layout import Field, Section

Path = tuple[Any, ...]


def value_at(data: Any, path: Path) -> Any:
    """The value at `path` (keys and list indexes) inside `data`."""
    for step in path:
        data = data[step]
    return data


def replaced(data: Any, path: Path, value: Any) -> Any:
    """A deep copy of `data` with the value at `path` replaced."""
    out = copy.deepcopy(data)
    if not path:
        return copy.deepcopy(value)
    value_at(out, path[:-1])[path[-1]] = copy.deepcopy(value)
    return out


def _is_empty(value: Any) -> bool:
    return value is None or value == "" or value == []


def entries(data: Any, section: Section, path: Path) -> list[tuple[Any, Any]]:
    """(key, entry) for each entry of a section's collection at `path`: list index or mapping name."""
    collection = value_at(data, path)
    if section.kind in ("named", "fixed"):
        return list(collection.items())
    return list(enumerate(collection))


def cell(section: Section, key: Any, entry: Any, field: Field) -> Any:
    """The value one field shows for one entry (a left-out optional key shows its default)."""
    if section.kind == "values":
        return entry
    if section.kind == "named":
        return key if field.key == "name" else entry
    if section.kind == "fixed" and field.key == "name":
        return key
    value = entry
    for step in field.path:
        if not isinstance(value, dict) or step not in value:
            return field.default
        value = value[step]
    return value


def with_cell(data: Any, section: Section, path: Path, row: int, field: Field, value: Any) -> Any:
    """The table with one cell changed (row = position in the section's entries)."""
    key, _entry = entries(data, section, path)[row]
    if section.kind == "values":
        return replaced(data, (*path, key), value)
    if section.kind == "named":
        return replaced(data, path, _renamed(value_at(data, path), key, value, field))
    if section.ranges and field.is_bound:
        return replaced(data, path, set_bound(value_at(data, path), row, field.key, value))
    out = copy.deepcopy(data)
    parent = value_at(out, (*path, key, *field.path[:-1]))
    if field.optional and _is_empty(value) and field.default is None:
        parent.pop(field.key, None)
    else:
        parent[field.key] = copy.deepcopy(value)
    return out


def _renamed(mapping: dict[str, Any], key: str, value: Any, field: Field) -> dict[str, Any]:
    if field.key != "name":
        return {**mapping, key: value}
    return {(value if k == key else k): v for k, v in mapping.items()}


def _unique_name(taken: Sequence[str], base: str) -> str:
    if base not in taken:
        return base
    number = 2
    while f"{base} ({number})" in taken:
        number += 1
    return f"{base} ({number})"


def _blank(field: Field, choices: Sequence[str]) -> Any:
    kind = field.kind
    if kind in ("int", "gold"):
        return max(field.check.low or 0, 0) if field.default is None else field.default
    if kind == "bool":
        return bool(field.default)
    if kind == "choice":
        return field.check.options[0]
    if kind == "dice":
        return "D6"
    if kind in ("texts", "opt_texts"):
        return []
    if kind == "opt_int":
        return None
    return choices[0] if choices else ""


def new_entry(section: Section, existing: Sequence[Any], template: Any = None, choices: Sequence[str] = ()) -> Any:
    """A new entry for a rows or values section: a copy of `template` (the selected one) or a blank one,
    with a name no other entry has."""
    if section.kind == "values":
        free = [c for c in choices if c not in existing]
        return free[0] if free else _unique_name(list(existing), f"New {section.item}")
    if template is not None:
        entry = copy.deepcopy(template)
    else:
        entry = {f.key: _blank(f, ()) for f in section.fields if not (f.optional and f.default is None)}
        if section.detail is not None:
            entry[section.detail.path[0]] = []
    for key in ("name", "key"):
        if key in entry or any(f.key == key for f in section.fields):
            taken = [e.get(key, "") for e in existing if isinstance(e, dict)]
            base = entry.get(key) or f"New {section.item}"
            entry[key] = _unique_name(taken, base)
    return entry


def with_row_added(
    data: Any, section: Section, path: Path, after: int | None, choices: Sequence[str] = ()
) -> tuple[Any, int]:
    """The table with a new entry after row `after` (None: at the end); returns it and the new row's position.

    A range table splits the row it follows; a named section gets the first free choice as its name.
    """
    collection = value_at(data, path)
    if section.kind == "named":
        name = next((c for c in choices if c not in collection), None) or _unique_name(list(collection), "New")
        value = 0 if section.fields[1].check.kind in ("int", "gold") else (choices[0] if choices else "")
        return replaced(data, path, {**collection, name: value}), len(collection)
    if section.ranges:
        row = len(collection) - 1 if after is None else after
        return replaced(data, path, split_range_row(collection, row)), row + 1
    at = len(collection) if after is None else after + 1
    template = collection[after] if after is not None and section.kind == "rows" else None
    items = [*collection[:at], new_entry(section, collection, template, choices), *collection[at:]]
    return replaced(data, path, items), at


def with_row_removed(data: Any, section: Section, path: Path, row: int) -> Any:
    """The table without one entry (a range table gives the removed row's results to its neighbour)."""
    collection = value_at(data, path)
    if section.kind == "named":
        key = list(collection)[row]
        return replaced(data, path, {k: v for k, v in collection.items() if k != key})
    if section.ranges:
        return replaced(data, path, remove_range_row(collection, row))
    return replaced(data, path, [e for i, e in enumerate(collection) if i != row])


def with_row_moved(data: Any, path: Path, row: int, step: int) -> Any:
    """The table with one entry of a list moved up (step -1) or down (+1)."""
    items = list(value_at(data, path))
    target = row + step
    items[row], items[target] = items[target], items[row]
    return replaced(data, path, items)


def entry_label(section: Section, key: Any, entry: Any) -> str:
    """How one entry is named in an undo text or a message: "position 3 (Blitzer)", "row 2", "'win'"."""
    if section.kind in ("named", "fixed"):
        return f"'{key}'"
    if isinstance(entry, str):
        return f"{_(section.item)} '{entry}'"
    name = entry.get("name") or entry.get("key") if isinstance(entry, dict) else None
    item = _(section.item)
    return f"{item} {key + 1} ({name})" if name else f"{item} {key + 1}"
