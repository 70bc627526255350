"""Schema version 1, frozen: its document description (:mod:`.document`) and its spec page
(``spec.md``, the published Markdown). Nothing here changes once published."""
