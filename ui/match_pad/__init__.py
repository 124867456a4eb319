"""The match pad: one window for a fixture played at the table (window.py), its pitch grid (pitch.py), and
opening it for a fixture, one pad a game (opening.py)."""
