"""Dugout's Qt user interface: thin widgets over roster_app services."""
