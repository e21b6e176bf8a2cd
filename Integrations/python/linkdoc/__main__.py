"""`python -m linkdoc …`: the same as the `linkdoc` command (see _cli)."""
import sys

from ._cli import main

sys.exit(main())
