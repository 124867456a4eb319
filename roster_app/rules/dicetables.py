"""Tables looked up by a dice result: rows with a `from`/`to` range (null = open-ended).

A table is valid when its ranges are in order, never overlap, and cover every result the dice can give
(and, for open ends, every modified result too).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from roster_app.errors import RulesetError, RuleViolation
from roster_app.i18n import _
from roster_app.rules.dice import DiceSpec


def lookup(rows: Sequence[Mapping[str, Any]], result: int) -> Mapping[str, Any]:
    """The row whose range holds `result`."""
    for row in rows:
        low, high = row.get("from"), row.get("to")
        if (low is None or result >= low) and (high is None or result <= high):
            return row
    raise LookupError(f"no row for result {result}")


def _label(row: Mapping[str, Any]) -> str:
    low, high = row.get("from"), row.get("to")
    if low is None:
        return _("{high} or less").format(high=high)
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def range_text(row: Mapping[str, Any]) -> str:
    """'1-2', '8+', '1 or less': the results a table row covers, as the rules print them."""
    return _label(row)


def check_ranges(table: str, rows: Sequence[Mapping[str, Any]], dice: str | None = None) -> None:
    """Raise RulesetError naming the rows when ranges overlap, leave a gap or miss a dice result."""
    if not rows:
        raise RulesetError(table, "", _("the table has no rows"))
    for index, row in enumerate(rows, start=1):
        for key in ("from", "to"):
            value = row.get(key)
            if value is not None and not isinstance(value, int):
                raise RulesetError(
                    table, f"row {index}", _("'{key}' must be a whole number or empty").format(key=key)
                )
        if row.get("from") is not None and row.get("to") is not None and row["from"] > row["to"]:
            raise RulesetError(table, f"row {index} ({_label(row)})", _("'from' is above 'to'"))
    for index, row in enumerate(rows[1:], start=2):
        if row.get("from") is None:
            raise RulesetError(table, f"row {index} ({_label(row)})", _("only the first row may be open below"))
    for index, row in enumerate(rows[:-1], start=1):
        if row.get("to") is None:
            raise RulesetError(table, f"row {index} ({_label(row)})", _("only the last row may be open above"))
    for index in range(1, len(rows)):
        before, row = rows[index - 1], rows[index]
        if row["from"] <= before["to"]:
            raise RulesetError(
                table,
                f"rows {index} and {index + 1} ({_label(before)}, {_label(row)})",
                _("the ranges overlap at {value}").format(value=row["from"]),
            )
        spec = DiceSpec.parse(dice) if dice else None
        gap = range(before["to"] + 1, row["from"])
        if gap and spec is not None and not any(spec.possible(n) for n in gap):
            continue  # the dice cannot show these results (a D68 has no 39 or 40)
        if row["from"] > before["to"] + 1:
            missing = (
                str(before["to"] + 1)
                if row["from"] == before["to"] + 2
                else f"{before['to'] + 1}-{row['from'] - 1}"
            )
            raise RulesetError(
                table,
                f"rows {index} and {index + 1} ({_label(before)}, {_label(row)})",
                _("no row covers {missing}").format(missing=missing),
            )
    if dice:
        spec = DiceSpec.parse(dice)
        first, last = rows[0], rows[-1]
        if first.get("from") is not None and first["from"] > spec.lowest:
            raise RulesetError(
                table, f"row 1 ({_label(first)})", _("no row covers a roll of {lowest}").format(lowest=spec.lowest)
            )
        if last.get("to") is not None and last["to"] < spec.highest:
            raise RulesetError(
                table,
                f"row {len(rows)} ({_label(last)})",
                _("no row covers a roll of {highest}").format(highest=spec.highest),
            )


# -- editing a range table so that it stays whole ------------------------------------------------------
def _copy_rows(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [copy.deepcopy(dict(row)) for row in rows]


def set_bound(rows: Sequence[Mapping[str, Any]], index: int, key: str, value: int | None) -> list[dict[str, Any]]:
    """Rows with row `index`'s `from` or `to` set to `value`; the neighbouring bound follows when it can.

    Moving where a row ends moves where the next one starts (and the other way round), so a commissioner
    shifts a boundary in one edit. When the neighbour would be left empty it is not touched, and the
    overlap that remains is refused by check_ranges with both rows named.
    """
    out = _copy_rows(rows)
    out[index][key] = value
    if value is None:
        return out
    if key == "to" and index + 1 < len(out):
        after = out[index + 1]
        if after.get("to") is None or value + 1 <= after["to"]:
            after["from"] = value + 1
    elif key == "from" and index > 0:
        before = out[index - 1]
        if before.get("from") is None or value - 1 >= before["from"]:
            before["to"] = value - 1
    return out


def remove_range_row(rows: Sequence[Mapping[str, Any]], index: int) -> list[dict[str, Any]]:
    """Rows without row `index`; the row before it (or after it, for the first row) takes over its results."""
    out = _copy_rows(rows)
    removed = out.pop(index)
    if index > 0:
        out[index - 1]["to"] = removed.get("to")
    elif out:
        out[0]["from"] = removed.get("from")
    return out


def split_range_row(rows: Sequence[Mapping[str, Any]], index: int) -> list[dict[str, Any]]:
    """Rows with a copy of row `index` after it, the two sharing its results (the upper part goes to the copy).

    A row that covers a single result cannot be split: RuleViolation says so.
    """
    out = _copy_rows(rows)
    row = out[index]
    low, high = row.get("from"), row.get("to")
    if low is not None and high is not None and low >= high:
        raise RuleViolation(
            _(
                "Row {value} ({label}) covers a single result, so there is no room for a new row after it. Widen it "
                "first, or add the row after another one."
            ).format(value=index + 1, label=_label(row))
        )
    new = copy.deepcopy(row)
    if high is None:
        low = 0 if low is None else low
        row["to"], new["from"], new["to"] = low, low + 1, None
    elif low is None:
        row["to"], new["from"], new["to"] = high - 1, high, high
    else:
        middle = (low + high) // 2
        row["to"], new["from"], new["to"] = middle, middle + 1, high
    out.insert(index + 1, new)
    return out
