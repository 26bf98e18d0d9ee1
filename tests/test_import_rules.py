"""The import rules between the Python packages, read from the source (docs/design.md, "Import rules").

* ``engine`` imports nothing of ``data``, ``api``, ``jobs`` or ``volland``: it is a library the others use.
* ``api`` reaches the jobs only through their doors: ``jobs.state`` (the admin view's read), ``jobs.exports``
  (background exports) and ``jobs.queues`` (connection and queue names).
* No module of these packages imports itself through a circle, counting the imports written inside
  functions (a late import hides a circle from the interpreter, not from the design).
* Settings are read one way: only ``volland/settings.py`` reads the environment.
* Every Redis client is built by ``volland/redis_client.py`` from a named timeout profile.

The data package's own layers are checked in ``tests/market/test_layers.py``; that nothing of ``jobs``
imports ``api`` in ``tests/jobs/test_jobs_boundary.py``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "data", "api", "jobs", "volland")
JOBS_DOORS = {"jobs.state", "jobs.exports", "jobs.queues"}


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str, root: Path) -> bool:
    path = root.joinpath(*name.split("."))
    # A compiled extension (``engine._bsm``) is a module too: its Cython source stands for it.
    return any(path.with_suffix(s).is_file() for s in (".py", ".pyx")) or (path / "__init__.py").is_file()


def _type_checking_only(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _import_nodes(tree: ast.AST) -> Iterable[ast.Import | ast.ImportFrom]:
    """Every import statement at any depth (functions, methods, branches), but those under
    ``if TYPE_CHECKING:``, which never run."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        if _type_checking_only(node):
            stack.extend(node.orelse)  # type: ignore[attr-defined]
            continue
        stack.extend(ast.iter_child_nodes(node))


def imported_modules(path: Path, root: Path = ROOT) -> set[str]:
    """The modules ``path`` imports, resolved against the files under ``root``: ``from a.b import c``
    names ``a.b.c`` when that is a module, else ``a.b``; relative imports are made absolute."""
    module = _module_name(path, root)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            parent = package[: len(package) - (node.level - 1)]
            base = ".".join([*parent, *([node.module] if node.module else [])])
        for alias in node.names:
            full = f"{base}.{alias.name}"
            found.add(full if _is_module(full, root) else base)
    return found


def import_graph(root: Path, packages: Iterable[str]) -> dict[str, set[str]]:
    """Module → the modules of ``packages`` it imports (the package ``__init__`` files count as modules)."""
    graph: dict[str, set[str]] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            graph[_module_name(path, root)] = imported_modules(path, root)
    return {mod: {t for t in targets if t in graph and t != mod} for mod, targets in graph.items()}


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def _py_files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


# ---------------------------------------------------------------- the rules


def test_the_engine_imports_nothing_of_the_other_packages():
    wrong = {str(p.relative_to(ROOT)): sorted(m for m in imported_modules(p) if m.split(".")[0] in PACKAGES[1:])
             for p in _py_files("engine")}
    assert {p: m for p, m in wrong.items() if m} == {}


def test_the_api_reaches_the_jobs_only_through_their_doors():
    wrong = {str(p.relative_to(ROOT)): sorted(m for m in imported_modules(p)
                                              if m.split(".")[0] == "jobs" and m not in JOBS_DOORS)
             for p in _py_files("api")}
    assert {p: m for p, m in wrong.items() if m} == {}


def test_no_module_imports_itself_through_a_circle():
    assert circles(import_graph(ROOT, PACKAGES)) == []


def test_only_the_settings_module_reads_the_environment():
    wrong = []
    for package in ("engine", "data", "api", "jobs"):
        for path in _py_files(package):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                reads = (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                         and node.value.id == "os" and node.attr in {"environ", "getenv", "environb"})
                reads |= isinstance(node, ast.ImportFrom) and node.module == "os" and any(
                    a.name in {"environ", "getenv", "environb"} for a in node.names)
                if reads:
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert wrong == []


def test_every_redis_client_comes_from_the_factory():
    """``volland/redis_client.py`` builds every client from a named timeout profile (docs/design.md)."""
    wrong = []
    for package in PACKAGES:
        for path in _py_files(package):
            if path == ROOT / "volland" / "redis_client.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if name in {"Redis", "StrictRedis", "from_url"}:
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert wrong == []


# ---------------------------------------------------------------- the reader itself


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_a_circle_through_a_late_import_is_found(tmp_path):
    root = _package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/low.py": "def f():\n    from pkg import high  # late\n    return high\n",
        "pkg/high.py": "from pkg.low import f\n",
        "pkg/side.py": "from . import low\n",
    })
    assert circles(import_graph(root, ["pkg"])) == [["pkg.high", "pkg.low"]]


def test_a_relative_or_type_checking_import_is_read_as_it_runs(tmp_path):
    root = _package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/sub/__init__.py": "from .a import x\n",
        "pkg/sub/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.sub import b\nx = 1\n",
        "pkg/sub/b.py": "from ..sub import a\nfrom pkg.sub.a import x\n",
    })
    graph = import_graph(root, ["pkg"])
    assert graph["pkg.sub"] == {"pkg.sub.a"}
    assert graph["pkg.sub.a"] == set()
    assert graph["pkg.sub.b"] == {"pkg.sub.a"}
    assert circles(graph) == []
