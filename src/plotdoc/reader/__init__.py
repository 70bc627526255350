"""plotdoc.reader."""
