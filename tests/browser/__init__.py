"""Real-browser tests of the widgets (pytest -m browser)."""
