"""Batch commands without a window (`dugout check`, `dugout copy`): entry points above the services."""
