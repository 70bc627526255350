"""Prepare: table data worked out into what marks draw, without matplotlib."""
