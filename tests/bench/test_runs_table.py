"""bench/runs_table.py: runs of `make bench` side by side, idle first, a verdict per run."""

import json

from bench.runs_table import main


def run(busy: bool, measured: float, *, slowest: bool = False, high: float | None = None) -> dict:
    figure = {"name": "the pad's event on screen", "floor": 16.0, "measured": measured, "target": 1.0,
              "slowest": slowest, "high": high, "result": "PASS" if (high or measured) <= 16 else "FAIL"}  # fmt: skip
    return {"busy": busy, "seconds": 300, "info": ["busy: one CPU-heavy process ran"] if busy else [], "errors": [],
            "figures": [figure]}  # fmt: skip


def test_runs_are_set_side_by_side_idle_first_with_each_verdict(tmp_path, capsys) -> None:
    paths = []
    for i, data in enumerate([run(True, 12.0, slowest=True, high=18.0), run(False, 8.0), run(False, 12.0)]):
        paths.append(tmp_path / f"{i}.json")
        paths[-1].write_text(json.dumps(data), encoding="utf-8")
    main([str(p) for p in paths])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "| figure | idle 1 | idle 2 | busy 1 | target |"
    # the busy run is judged on its slowest run (18 ms of a 16 ms frame), the idle ones on their medians
    assert lines[2] == "| the pad's event on screen | 0.50 | 0.75 | 1.12 **FAIL** | max<=1x |"
    assert "- busy 1: 300 s, 0 of 1 figures pass; busy: one CPU-heavy process ran" in lines
