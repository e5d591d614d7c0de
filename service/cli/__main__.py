"""``python -m service.cli``: the same as ``doko-check``."""

import sys

from service.cli.command import main

sys.exit(main())
