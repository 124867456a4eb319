"""Small reusable widgets (dice entry ...)."""
