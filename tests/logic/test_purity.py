"""game.logic stays pure: no pygame, no sockets, no clock."""

import subprocess
import sys

from tests.helpers.paths import ROOT


def test_logic_imports_neither_pygame_nor_sockets():
    code = (
        "import sys, game.logic, game.logic.replay; "
        "bad = [m for m in ('pygame', 'socket', 'asyncio', 'time') if m in sys.modules "
        "and m != 'time']; assert not bad, bad; assert 'pygame' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
