"""``python -m ethiclens``: the same as the ``ethiclens`` command."""

import sys

from .cli import main

sys.exit(main())
