"""The pace of Python's cyclic garbage collector in Dugout's processes.

CPython runs a young-generation collection every 700 container objects allocated (net). Dugout's reads make
many short-lived rows, tuples and dicts that reference counting frees by itself; at 700 the collector ran 180
times in one publish of the website after a match (~150 ms of its ~800 ms of CPU) and found next to nothing.
Every 10,000 it runs 9 times (~17 ms) and the peak memory does not move (issue 40, measured on the bench's
large league). The older generations keep CPython's thresholds. The window also holds the collector off while it
starts (ui/app/start.py): this is its pace once it runs.
"""

import gc

YOUNG = 10_000  # container objects allocated between two young collections (CPython's default: 700)


def pace_collector() -> None:
    """Set the collector's pace for this process: called once by Dugout's entry point (ui/app/cli.py `main`),
    and by the bench's processes to measure Dugout as it runs."""
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
