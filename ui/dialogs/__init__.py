"""Dialogs; every question to the user goes through ui.dialogs.ask so tests patch one place."""
