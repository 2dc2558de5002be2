"""``python -m tabletop_rules.cli``: the same as the ``tabletop-rules`` command."""
import sys

from tabletop_rules.cli import main

sys.exit(main())
