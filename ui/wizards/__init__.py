"""Guided procedures (QWizard), one small class per page; Finish makes one service call."""
