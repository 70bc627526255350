"""What plotdoc publishes about the format, generated from the contract's registries.

* :mod:`.examples`: the example documents, one per table family plus a complete one written
  by plotdoc's own writer (package data in ``plotdoc/examples``);
* :mod:`.specpage`: the specification page (Markdown and standalone HTML);
* :mod:`.prompt`: the prompt for an AI assistant;
* :mod:`.tree`: the publishable folder tree (schema, catalog, examples, spec page).

Nothing here imports matplotlib or scipy; only building the complete example opens a
document (and so imports numpy).
"""

from __future__ import annotations
