"""The league in and out of Dugout: the whole league as JSON and back into a new file, rosters and ledgers as
CSV, and `dugout copy` between a file and a server. Reads through queries and the store."""
