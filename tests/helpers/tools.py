"""Load a script from tools/ as a module, for tests of what it computes (tools/ is no package)."""

from __future__ import annotations

import importlib.util
from types import ModuleType

from tests.helpers.paths import TOOLS


def load_tool(name: str) -> ModuleType:
    """The module `tools/<name>.py`, freshly executed."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
