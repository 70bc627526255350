"""plotdoc.contract."""
