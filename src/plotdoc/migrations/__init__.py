"""plotdoc.migrations."""
