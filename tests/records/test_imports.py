"""The records need no screen: importing them never pulls in pygame."""

import subprocess
import sys

from tests.helpers.paths import ROOT


def test_records_do_not_import_pygame():
    code = "import sys, game.records; assert 'pygame' not in sys.modules, 'pygame imported'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
