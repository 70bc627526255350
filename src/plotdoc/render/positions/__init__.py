"""Positions: where each mark stands on a categorical axis (slots, arrangements, spread)."""
