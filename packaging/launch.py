"""The built app's entry script: PyInstaller freezes this file as the `Canasta` executable.

It only hands over to `game.main.main`, which calls `multiprocessing.freeze_support()` first, so
the computer opponent's worker process (started by running this same executable) becomes the
worker instead of a second game.
"""

import sys

from game.main import main

if __name__ == "__main__":
    sys.exit(main())
