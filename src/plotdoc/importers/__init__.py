"""plotdoc.importers."""
