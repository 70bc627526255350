"""plotdoc.render."""
