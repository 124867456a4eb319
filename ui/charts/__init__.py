"""Charts with Qt Charts (PySide6-Addons) over roster_app/queries/charts.py.

Importing this package imports nothing of PySide6.QtCharts: `build.qt()` does, when a chart is first drawn,
so start-up (tests/ui/test_start_path.py, bench/startup.py) is as fast as without charts.
"""
