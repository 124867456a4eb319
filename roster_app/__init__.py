"""Dugout's Qt-free core: rules, league files, services and printing data.

Nothing in this package imports Qt or ``ui``; tests/test_architecture.py keeps it that way.
"""

__version__ = "0.1.0"
