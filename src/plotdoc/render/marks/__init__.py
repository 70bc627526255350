"""Marks: each mark (points, summary, bars, box, violin...) drawn for every family that uses it,
with its legend swatch."""
