"""The limits of contract section 8, in one place."""

from __future__ import annotations

from typing import Final

MAX_FILE_BYTES: Final = 50 * 1024 * 1024
"""50 MB, read as 50 MiB = 52,428,800 bytes."""
MAX_TABLES: Final = 200
MAX_TOTAL_CELLS: Final = 2_000_000
MAX_ROWS: Final = 200_000
MAX_DATA_SETS: Final = 500
MAX_REPLICATES: Final = 64
MAX_ANNOTATIONS: Final = 2_000
MAX_ANALYSES: Final = 200
MAX_USERMETA_BYTES: Final = 64 * 1024
ID_MAX: Final = 128
NAME_MAX: Final = 200
#: reference lines per continuous axis, and the length of a line's label (schema version 2)
MAX_REFERENCE_LINES: Final = 20
REFERENCE_LABEL_MAX: Final = 200
TEXT_CELL_MAX: Final = 1_000
META_TITLE_MAX: Final = 200
META_LONG_MAX: Final = 2_000
META_ITEMS_MAX: Final = 50
GENERATOR_NAME_MAX: Final = 200
GENERATOR_VERSION_MAX: Final = 300
URL_MAX: Final = 500
#: Deepest nesting any valid document can need is about 12; anything past this is refused at parse.
MAX_DEPTH: Final = 1_024
#: Structural validation lists at most this many problems and counts the rest.
MAX_LISTED_PROBLEMS: Final = 100
#: Cells are doubles: an integer cell beyond this in magnitude may be read as another number
#: (2^53 + 1 as 2^53); open warns (integer-not-exact) and a save refuses one (number-not-exact).
MAX_EXACT_CELL_INT: Final = 2**53
#: Open and validate list at most this many warnings and count the rest.
MAX_LISTED_WARNINGS: Final = 1_000
FORBIDDEN_KEYS: Final = frozenset({"__proto__", "constructor", "prototype"})
