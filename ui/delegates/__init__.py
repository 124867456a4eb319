"""One small delegate per editor kind."""
