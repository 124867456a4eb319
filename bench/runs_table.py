"""Runs of `make bench` side by side (issue 40: a verdict that holds three runs in a row, idle and busy).

    .venv/bin/python bench/run_all.py --save /tmp/idle-1.json          # three times, then with --busy
    .venv/bin/python bench/runs_table.py /tmp/idle-*.json /tmp/busy-*.json

prints one Markdown table: a row a figure, a column a run (its ratio to the floor and its verdict: PASS, near,
FAIL), the target last; then each run's line (idle or busy, how long, how many figures passed).
"""

import argparse
import json
import sys
from pathlib import Path


def table(runs: list[dict], labels: list[str]) -> list[str]:
    names: list[str] = []  # in the order the first run that has them printed them
    for run in runs:
        names += [f["name"] for f in run["figures"] if f["name"] not in names]
    out = ["| figure | " + " | ".join(labels) + " | target |", "| --- |" + " --- |" * (len(labels) + 1)]
    for name in names:
        cells, target = [], ""
        for run in runs:
            found = next((f for f in run["figures"] if f["name"] == name), None)
            if found is None:
                cells.append("-")
                continue
            ratio = found["measured"] / found["floor"] if found["floor"] else float("inf")
            if found.get("slowest") and found.get("high") is not None and found["floor"]:
                ratio = found["high"] / found["floor"]  # judged on its slowest run
            mark = {"PASS": "", "near": " near", "FAIL": " **FAIL**"}[found["result"]]
            cells.append(f"{ratio:.2f}{mark}")
            target = ("max<=" if found.get("slowest") else "<=") + format(found["target"], "g") + "x"
        out.append(f"| {name} | " + " | ".join(cells) + f" | {target} |")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="+", type=Path, help="files written by bench/run_all.py --save")
    args = parser.parse_args(argv)
    runs = [json.loads(path.read_text(encoding="utf-8")) for path in args.runs]
    labels = []
    for kind in ("idle", "busy"):
        same = [run for run in runs if run["busy"] == (kind == "busy")]
        labels += [f"{kind} {i}" for i in range(1, len(same) + 1)]
    runs = [run for run in runs if not run["busy"]] + [run for run in runs if run["busy"]]
    print("\n".join(table(runs, labels)))
    print()
    for label, run in zip(labels, runs, strict=True):
        passed = sum(f["result"] != "FAIL" for f in run["figures"])
        busy = next((line for line in run["info"] if line.startswith("busy:")), "")
        print(
            f"- {label}: {run['seconds']} s, {passed} of {len(run['figures'])} figures pass"
            + (f"; {busy}" if busy else "")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
