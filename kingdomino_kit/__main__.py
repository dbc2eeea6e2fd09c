"""``python -m kingdomino_kit`` runs the command line."""

import sys

from kingdomino_kit.cli import main

if __name__ == "__main__":
    sys.exit(main())
