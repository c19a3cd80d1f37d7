"""The shape of the code, checked: no import cycles inside `game/`, the layer rules of
docs/architecture.md (what may import what), and the screens' own layers: the features of
game/scenes (table, net, records, learn) and what they may take from one another.

Imports are read from the source (every `import` and `from ... import`, at module level, inside
a function or under `if TYPE_CHECKING:`), so a cycle hidden in a function body or in the type
annotations is found too.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

from tests.helpers.paths import ROOT

GAME = ROOT / "game"

# The layers, lowest first: the prefix of a module name, and which prefixes it may import.
# Anything under game/ that is not listed may import anything (the app, the bench).
LAYERS: dict[str, tuple[str, ...]] = {
    "game.logic": ("game.logic",),
    # names the engine's modules to compile and load them, never imports them
    "game.native": ("game.native",),
    # the save shell writes through the one atomic writer
    "game.netplay": ("game.logic", "game.netplay", "game.storage"),
    "game.settings": ("game.settings", "game.storage"),
    "game.storage": ("game.storage",),
    "game.resources": ("game.resources",),
    "game.records": ("game.logic", "game.records", "game.settings", "game.storage"),
    "game.help": ("game.logic", "game.help"),
    "game.match": (
        "game.logic",
        "game.netplay",
        "game.match",
        "game.records",
        "game.settings",
        "game.storage",
    ),
    "game.sprites": ("game.sprites", "game.logic", "game.resources"),
    "game.ui": ("game.ui", "game.sprites", "game.resources", "game.language"),
    "game.audio": ("game.audio", "game.resources", "game.settings", "game.storage"),
    "game.speech": ("game.speech", "game.settings", "game.storage"),
    "game.events": ("game.events",),
    # the lookup is pure; its files module reads the catalogs through the assets' paths
    "game.language": ("game.language", "game.resources"),
}
UI_LAYERS = (
    "game.scenes",
    "game.ui",
    "game.sprites",
    "game.app",
    "game.audio",
    "game.speech",
    "game.events",
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> list[str]:
    """The modules of game/ named by every import in the file."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            # `from package import module` imports the module itself, other names the package.
            targets = [
                f"{base}.{alias.name}" if _is_module(f"{base}.{alias.name}") else base
                for alias in node.names
            ]
        else:
            continue
        found.extend(t for t in targets if t == "game" or t.startswith("game."))
    return found


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def graph() -> dict[str, set[str]]:
    """Module -> the modules of game/ it imports. Python imports a module's parent packages
    before it in any case, so an import of one's own package is not an edge."""
    files = {module_name(p): p for p in GAME.rglob("*.py")}
    edges: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        for target in imports_of(path):
            if target in files and target != name and not name.startswith(target + "."):
                edges[name].add(target)
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle in the graph, as the list of modules around it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def layer_of(module: str) -> str | None:
    for prefix in sorted(LAYERS, key=len, reverse=True):
        if module == prefix or module.startswith(prefix + "."):
            return prefix
    return None


def test_the_cycle_finder_finds_a_cycle_through_three_modules() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(edges) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.slow
def test_imports_in_functions_under_type_checking_and_relative_ones_are_seen() -> None:
    edges = graph()
    assert "game.scenes.table.table" in edges["game.scenes.flow"]  # module level
    assert "game.logic.engine" in edges["game.logic"]  # relative, in a package's __init__
    assert "game.scenes.options" in edges["game.scenes.table.table"]  # inside a function
    assert "game.scenes.table.hint" in edges["game.scenes.table.moves"]  # type checking only


@pytest.mark.slow
def test_no_module_in_game_imports_itself_round_a_cycle() -> None:
    cycle = find_cycle(graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("module", sorted(graph()))
def test_every_module_keeps_to_its_layer(module: str) -> None:
    layer = layer_of(module)
    if layer is None:
        return
    allowed = LAYERS[layer]
    path = next(p for p in GAME.rglob("*.py") if module_name(p) == module)
    bad = sorted(
        {
            target
            for target in imports_of(path)
            if not any(target == a or target.startswith(a + ".") for a in allowed)
            and target != "game"
            and not module.startswith(target + ".")
        }
    )
    assert not bad, f"{module} ({layer}) may import only {allowed}, not {bad}"


@pytest.mark.slow
def test_nothing_below_the_screens_imports_the_screens() -> None:
    edges = graph()
    below = ("game.logic", "game.netplay", "game.match")
    for module, targets in edges.items():
        if module.startswith(below):
            ui = sorted(t for t in targets if t.startswith(UI_LAYERS))
            assert not ui, f"{module} imports the user interface: {ui}"


def test_the_root_of_game_holds_only_the_app_and_its_few_services() -> None:
    loose = sorted(p.name for p in GAME.glob("*.py"))
    assert loose == [
        "__init__.py",
        "app.py",
        "audio.py",
        "desktop.py",
        "events.py",
        "main.py",
        "resources.py",
        "settings.py",
        "speech.py",
        "storage.py",
    ]


# Inside game/netplay the sans-I/O core is layered too: the wire reads and writes bytes, the
# session carries them between two sides, the play is a game over the session. None of them
# reaches into the shells (sockets, files) or the tools around them.
NETPLAY_CORE: dict[str, tuple[str, ...]] = {
    "game.netplay.wire": ("game.netplay.errors", "game.netplay.wire"),
    # the sentences the session composes for a player are `Phrase`s (a module of no imports)
    "game.netplay.session": (
        "game.logic.phrase",
        "game.netplay.errors",
        "game.netplay.wire",
        "game.netplay.session",
    ),
    "game.netplay.play": (
        "game.logic",
        "game.netplay.errors",
        "game.netplay.wire",
        "game.netplay.session",
        "game.netplay.fair",
        "game.netplay.play",
    ),
    # peek-proof dealing: card points and proofs, beside the wire, knowing only the cards (its
    # misconducts are `Phrase`s, a module of no imports)
    "game.netplay.fair": (
        "game.logic.cards",
        "game.logic.phrase",
        "game.netplay.errors",
        "game.netplay.fair",
    ),
    # the lobby's sans-I/O cores: their messages, sealing and limits
    "game.netplay.lobby": (
        "game.netplay.addresses",
        "game.netplay.errors",
        "game.netplay.wire",
        "game.netplay.session",
        "game.netplay.play",
        "game.netplay.lobby",
    ),
}
# what only a shell may use: sockets, threads, processes, event loops and the clock
IO_IMPORTS = (
    "asyncio",
    "concurrent",
    "multiprocessing",
    "selectors",
    "socket",
    "ssl",
    "subprocess",
    "threading",
    "time",
)


def _netplay_core_modules() -> list[str]:
    return sorted(m for m in graph() if any(m.startswith(p + ".") for p in NETPLAY_CORE))


def test_the_netplay_core_is_the_wire_the_session_and_the_play():
    folders = sorted(p.name for p in (GAME / "netplay").iterdir() if (p / "__init__.py").is_file())
    assert folders == ["fair", "lobby", "play", "session", "shell", "tools", "wire"]
    core = ("fair", "lobby", "play", "session", "wire")
    assert sorted(NETPLAY_CORE) == [f"game.netplay.{f}" for f in core]


@pytest.mark.parametrize("module", _netplay_core_modules())
def test_the_netplay_core_imports_only_the_layers_below_it(module: str) -> None:
    layer = next(p for p in NETPLAY_CORE if module.startswith(p + "."))
    allowed = NETPLAY_CORE[layer]
    path = next(p for p in GAME.rglob("*.py") if module_name(p) == module)
    bad = sorted(
        {
            target
            for target in imports_of(path)
            if not any(target == a or target.startswith(a + ".") for a in allowed)
            and target != "game"
            and not module.startswith(target + ".")
        }
    )
    assert not bad, f"{module} may import only {allowed}, not {bad}"


@pytest.mark.parametrize("module", _netplay_core_modules())
def test_the_netplay_core_opens_no_socket_starts_no_thread_and_reads_no_clock(module: str) -> None:
    path = next(p for p in GAME.rglob("*.py") if module_name(p) == module)
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    assert not sorted(found & set(IO_IMPORTS)), (
        f"{module} imports {sorted(found & set(IO_IMPORTS))}"
    )


def test_no_netplay_folder_is_a_drawer():
    # past a dozen modules a folder wants sub-folders named for what they hold
    for folder in [GAME / "netplay", *(GAME / "netplay").iterdir()]:
        if (folder / "__init__.py").is_file():
            modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
            assert len(modules) <= 12, f"{folder.relative_to(ROOT)} holds {len(modules)} modules"


# The screens' own layers. Each feature of game/scenes has a sub-package; what all screens share
# lies at game/scenes directly and reaches no feature, except the front door (the title screen
# and the way to a game), which opens them all.
SCENE_FEATURES = (
    "game.scenes.table",
    "game.scenes.net",
    "game.scenes.records",
    "game.scenes.learn",
)
SCENE_FRONT_DOOR = ("game.scenes.title", "game.scenes.flow")
# The table opens the learning screens through its learning panel only; it knows nothing of
# network play or the records, which build on it.
TABLE_SEAMS = {"game.scenes.learn": ("game.scenes.table.learning",)}
# Network play and the records use the table as a whole: its scene, never its parts.
TABLE_FRONT = "game.scenes.table.table"


def scene_feature(module: str) -> str | None:
    for feature in SCENE_FEATURES:
        if module == feature or module.startswith(feature + "."):
            return feature
    return None


def scene_rule_breaks(module: str, targets: set[str]) -> list[str]:
    """The imports of `module` that break the screens' layers, each with the rule it breaks."""
    if not module.startswith("game.scenes."):
        return []
    own = scene_feature(module)
    breaks = []
    for target in sorted(targets):
        feature = scene_feature(target)
        if feature is None or feature == own:
            continue
        if own is None:
            if module not in SCENE_FRONT_DOOR:
                breaks.append(f"{target}: a shared screen module reaches into a feature")
        elif own == "game.scenes.table":
            if module not in TABLE_SEAMS.get(feature, ()):
                breaks.append(f"{target}: the table reaches {feature} outside its seams")
        elif feature != "game.scenes.table":
            breaks.append(f"{target}: {own} reaches into another feature, {feature}")
        elif own in ("game.scenes.net", "game.scenes.records") and target != TABLE_FRONT:
            breaks.append(f"{target}: {own} reaches into the table's parts")
    return breaks


def test_the_scene_rules_catch_each_kind_of_break() -> None:
    assert scene_rule_breaks("game.scenes.dialog", {"game.scenes.table.table"})
    assert not scene_rule_breaks("game.scenes.title", {"game.scenes.net.host"})
    assert scene_rule_breaks("game.scenes.table.table", {"game.scenes.learn.help"})
    assert not scene_rule_breaks("game.scenes.table.learning", {"game.scenes.learn.help"})
    assert scene_rule_breaks("game.scenes.table.learning", {"game.scenes.records.history"})
    assert scene_rule_breaks("game.scenes.records.history", {"game.scenes.net.host"})
    assert scene_rule_breaks("game.scenes.learn.help", {"game.scenes.records.stats"})
    assert scene_rule_breaks("game.scenes.net.table", {"game.scenes.table.moves"})
    assert not scene_rule_breaks("game.scenes.net.table", {"game.scenes.table.table"})
    assert not scene_rule_breaks("game.scenes.records.stats", {"game.scenes.dialog"})


@functools.cache
def cached_graph() -> dict[str, set[str]]:
    return graph()


@pytest.mark.slow
@pytest.mark.parametrize("module", sorted(m for m in graph() if m.startswith("game.scenes.")))
def test_every_screen_keeps_to_its_feature(module: str) -> None:
    breaks = scene_rule_breaks(module, cached_graph()[module])
    assert not breaks, f"{module} breaks the screens' layers: {breaks}"


def test_no_folder_of_screens_holds_more_than_twenty_modules() -> None:
    scenes = GAME / "scenes"
    for folder in [scenes, *(p for p in scenes.rglob("*") if p.is_dir())]:
        modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
        assert len(modules) <= 20, f"{folder.relative_to(ROOT)} holds {len(modules)} modules"


def test_a_module_that_translates_never_rebinds_the_lookup() -> None:
    """`_` is the translation lookup wherever it is imported: a `for _ in` or `x, _ = ...` in
    such a module would make it a throwaway value instead, and the next text shown an error."""
    offenders = []
    for path in GAME.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports_lookup = any(
            isinstance(node, ast.ImportFrom)
            and node.module == "game.language"
            and any(alias.name == "_" for alias in node.names)
            for node in ast.walk(tree)
        )
        if imports_lookup:
            offenders.extend(
                f"{path.relative_to(ROOT)}:{node.lineno}"
                for node in ast.walk(tree)
                if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)
            )
    assert offenders == []
