"""plotdoc's version (also ``plotdoc.__version__``), what files it writes name as their
generator. Kept apart so the modules below the package's front import it downward."""

from __future__ import annotations

__version__ = "0.1.0"
