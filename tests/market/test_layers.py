"""The layers of the Python packages, read from the source: which folder may import which (docs/design.md §1).

The domain package (``domain/``) imports nothing of ``engine``, ``data``, ``api``, ``jobs`` or ``volland``;
every layer may import it. Inside ``data/`` the folders follow the data flow.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
DOMAIN = ROOT / "domain"
LAYERS = ("sources", "compute", "store", "orchestration")
# The store modules compute may import: the schemas of the tables it hands over, nothing that opens a file.
STORE_FOR_COMPUTE = {"data.store.schemas"}
# The project's packages the domain must not import: it is below every one of them.
ABOVE_THE_DOMAIN = ("engine", "data", "api", "jobs", "volland")


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function (``from data import x`` names x)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names if _is_module(f"{node.module}.{a.name}"))
    return found


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _layer(module: str) -> str | None:
    """``domain`` for the domain package; for ``data``, its folder, or ``shared`` for its root modules."""
    parts = module.split(".")
    if parts[0] == "domain":
        return "domain"
    if parts[0] != "data":
        return None
    if module == "data.cli":   # the data layer's commands: on top of every folder, like orchestration
        return "orchestration"
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "shared"


def _edges(*packages: Path) -> list[tuple[str, str]]:
    out = []
    for package in packages:
        for path in sorted(package.rglob("*.py")):
            mod = _module(path)
            # ``from data.store import schemas`` also yields ``data.store``: the package alone says nothing.
            out += [(mod, target) for target in _imports(path)
                    if target.split(".")[0] in (*ABOVE_THE_DOMAIN, "domain")
                    and target not in ("data", "domain", *(f"data.{layer}" for layer in LAYERS))]
    return out


def test_the_layers_are_folders_and_packages():
    for layer in LAYERS:
        assert (DATA / layer / "__init__.py").is_file()
    assert (DOMAIN / "__init__.py").is_file()


def test_the_domain_imports_no_layer():
    """Pure rules: the standard library and third-party libraries only, nothing of the project above them."""
    assert [e for e in _edges(DOMAIN) if e[1].split(".")[0] in ABOVE_THE_DOMAIN] == []


def test_nothing_in_data_imports_api_or_jobs():
    assert [e for e in _edges(DATA) if e[1].split(".")[0] in ("api", "jobs")] == []


@pytest.mark.parametrize("layer, allowed", [
    ("shared", {"domain", "shared"}),
    ("sources", {"domain", "shared", "sources"}),
    ("compute", {"domain", "shared", "compute"}),
    ("store", {"domain", "shared", "store"}),
    ("orchestration", {"domain", "shared", *LAYERS}),
])
def test_each_layer_imports_only_what_the_rule_allows(layer, allowed):
    wrong = []
    for mod, target in _edges(DATA):
        if _layer(mod) != layer or _layer(target) is None or _layer(target) in allowed:
            continue
        if layer == "compute" and target in STORE_FOR_COMPUTE:
            continue
        wrong.append((mod, target))
    assert wrong == []
