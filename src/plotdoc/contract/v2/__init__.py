"""Schema version 2, the current version: its file description (:mod:`.document`)."""
