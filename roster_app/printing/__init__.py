"""Data -> HTML for printing (Qt lays the HTML out in ui/printing/layout.py)."""
