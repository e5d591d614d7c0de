"""The layout: one folder per concern, imports running one way, small modules.

Imports are read with ``ast`` at any depth (inside functions too), except under
``if TYPE_CHECKING:``. Importing ``a.b.c`` from a module outside ``a.b`` also runs the
``__init__`` of ``a.b``, so it counts as an import of that package too.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVICE = ROOT / "service"
SCRIPTS = SERVICE / "web" / "static" / "js"  # the page's own modules
MAX_LINES = 450
# Imports run downwards: each package may import only those of a lower or equal rank
# (and its own modules). The facade ``rules`` is imported by no module of the service.
RANK = {
    "service.game": 0,
    "service.reading": 1,
    "service.generating": 2,
    "service.lists": 3,
    "service.rules": 4, "service.importing": 4,
    "service.checking": 5,
    "service.api": 6, "service.cli": 6, "service.web": 6, "service.tools": 6,
    "service.bulk": 6, "service": 7,
}
FACADES = ("service.rules", "service.bulk", "service.cli")


def _modules() -> dict[str, Path]:
    found = {}
    for path in SERVICE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(module: str, path: Path) -> set[str]:
    """Every module of the service that ``module`` imports, at any depth."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{a.name}" for a in node.names
                         if f"{target}.{a.name}" in MODULES)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    edges = set()
    for target in found:
        if target not in MODULES:
            continue
        parts = target.split(".")
        for end in range(1, len(parts) + 1):  # the target and the packages it runs
            prefix = ".".join(parts[:end])
            if prefix in MODULES and not (module == prefix or module.startswith(prefix + ".")):
                edges.add(prefix)
    return edges


GRAPH = {module: _imported(module, path) for module, path in MODULES.items()}


def _package(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else module


def test_the_scan_sees_the_imports():
    assert "service.game.cards" in GRAPH["service.game.gamestate"]
    assert "service.reading" in GRAPH["service.lists.sitting.request"]  # its __init__ runs
    assert "service.api.app" in GRAPH["service"]  # inside create_app


def test_no_import_cycle():
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def walk(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(GRAPH[node]):
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt):], nxt])
            elif nxt not in state:
                walk(nxt)
        stack.pop()
        state[node] = 2

    for module in sorted(GRAPH):
        if module not in state:
            walk(module)
    assert not cycles, "\n".join(" -> ".join(c) for c in cycles)


def test_imports_run_one_way():
    upward = [(m, t) for m, targets in GRAPH.items() for t in targets
              if _package(m) != _package(t) and RANK[_package(t)] > RANK[_package(m)]]
    assert not upward


def test_no_module_imports_the_facade():
    assert not [m for m, targets in GRAPH.items()
                if "service.rules" in targets and not m.startswith("service.rules")]


def test_facades_only_re_export():
    for facade in FACADES:
        tree = ast.parse(MODULES[facade].read_text(encoding="utf-8"))
        for node in tree.body:
            docstring = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            all_names = isinstance(node, ast.Assign) and [
                getattr(t, "id", None) for t in node.targets] == ["__all__"]
            assert docstring or all_names or isinstance(node, ast.Import | ast.ImportFrom) or (
                facade == "service.rules" and isinstance(node, ast.AnnAssign)), \
                (facade, ast.unparse(node)[:60])


def test_every_package_is_a_known_concern():
    assert {_package(m) for m in MODULES} == set(RANK)


def test_no_module_over_the_limit():
    paths = [*MODULES.values(), *SCRIPTS.glob("*.js")]
    assert len(paths) > len(MODULES)  # the page's modules are counted too
    long = {str(p.relative_to(ROOT)): n for p in paths
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long
