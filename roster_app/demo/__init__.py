"""The demo league: teams, players and half a season played, built through the services (above them)."""
