"""Tables looked up by a dice result: rows with a `from`/`to` range (null = open-ended).

A table is valid when its ranges are in order, never overlap, and cover every result the dice can give
(and, for open ends, every modified result too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from roster_app.errors import RulesetError
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
        return f"{high} or less"
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def range_text(row: Mapping[str, Any]) -> str:
    """'1-2', '8+', '1 or less': the results a table row covers, as the rules print them."""
    return _label(row)


def check_ranges(table: str, rows: Sequence[Mapping[str, Any]], dice: str | None = None) -> None:
    """Raise RulesetError naming the rows when ranges overlap, leave a gap or miss a dice result."""
    if not rows:
        raise RulesetError(table, "", "the table has no rows")
    for index, row in enumerate(rows, start=1):
        for key in ("from", "to"):
            value = row.get(key)
            if value is not None and not isinstance(value, int):
                raise RulesetError(table, f"row {index}", f"'{key}' must be a whole number or empty")
        if row.get("from") is not None and row.get("to") is not None and row["from"] > row["to"]:
            raise RulesetError(table, f"row {index} ({_label(row)})", "'from' is above 'to'")
    for index, row in enumerate(rows[1:], start=2):
        if row.get("from") is None:
            raise RulesetError(table, f"row {index} ({_label(row)})", "only the first row may be open below")
    for index, row in enumerate(rows[:-1], start=1):
        if row.get("to") is None:
            raise RulesetError(table, f"row {index} ({_label(row)})", "only the last row may be open above")
    for index in range(1, len(rows)):
        before, row = rows[index - 1], rows[index]
        if row["from"] <= before["to"]:
            raise RulesetError(
                table,
                f"rows {index} and {index + 1} ({_label(before)}, {_label(row)})",
                f"the ranges overlap at {row['from']}",
            )
        if row["from"] > before["to"] + 1:
            missing = (
                str(before["to"] + 1)
                if row["from"] == before["to"] + 2
                else f"{before['to'] + 1}-{row['from'] - 1}"
            )
            raise RulesetError(
                table,
                f"rows {index} and {index + 1} ({_label(before)}, {_label(row)})",
                f"no row covers {missing}",
            )
    if dice:
        spec = DiceSpec.parse(dice)
        first, last = rows[0], rows[-1]
        if first.get("from") is not None and first["from"] > spec.lowest:
            raise RulesetError(table, f"row 1 ({_label(first)})", f"no row covers a roll of {spec.lowest}")
        if last.get("to") is not None and last["to"] < spec.highest:
            raise RulesetError(
                table, f"row {len(rows)} ({_label(last)})", f"no row covers a roll of {spec.highest}"
            )
