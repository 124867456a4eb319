"""Keeping league files safe: atomic writes, the one-writer lock, verified copies and backups, the checks
made before a file is opened, upgrades, crash recovery, opening a league, and Check League.

Sits on the store (and reads through queries for Check League); the services call it before risky steps.
"""
