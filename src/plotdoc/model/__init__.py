"""plotdoc.model."""
