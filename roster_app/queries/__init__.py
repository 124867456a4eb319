"""The read side: frozen row dataclasses for views and printing, one module per area, and the first screen
(read with plain SQL before the ORM is imported). Imports only the store and rules; never writes.

Kept import-free: the first screen must not pull in the ORM.
"""
