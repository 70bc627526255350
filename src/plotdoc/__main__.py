"""`python -m plotdoc`: the same command as `plotdoc`."""

import sys

from .cli import main

sys.exit(main())
