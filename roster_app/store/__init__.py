"""The league's storage: the SQLModel tables, the LeagueDB and its engines (a file, a server), the undo
replay, the schema migrations and the stored status words. Imports only rules and the leaves (errors, paths).

Kept import-free: the main window asks `store.address` before the database layer loads.
"""
