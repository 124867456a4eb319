"""Dugout data files: rulesets, print templates, icons (installed as the package dugout_resources)."""
