"""The data package's layers, read from the source: which folder may import which (docs/design.md §1)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "data"
LAYERS = ("sources", "compute", "store", "orchestration")
# The store modules compute may import: the schemas of the tables it hands over, nothing that opens a file.
STORE_FOR_COMPUTE = {"data.store.schemas"}


def _module(path: Path) -> str:
    parts = path.relative_to(DATA.parent).with_suffix("").parts
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
    path = DATA.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _layer(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "data":
        return None
    if module == "data.cli":   # the data layer's commands: on top of every folder, like orchestration
        return "orchestration"
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "domain"


def _edges() -> list[tuple[str, str]]:
    out = []
    for path in sorted(DATA.rglob("*.py")):
        mod = _module(path)
        # ``from data.store import schemas`` also yields ``data.store``: the package alone says nothing.
        out += [(mod, target) for target in _imports(path)
                if target.split(".")[0] in ("data", "api", "jobs") and target != "data"
                and target not in {f"data.{layer}" for layer in LAYERS}]
    return out


def test_the_layers_are_folders_and_packages():
    for layer in LAYERS:
        assert (DATA / layer / "__init__.py").is_file()


def test_nothing_in_data_imports_api_or_jobs():
    assert [e for e in _edges() if e[1].split(".")[0] in ("api", "jobs")] == []


@pytest.mark.parametrize("layer, allowed", [
    ("domain", {"domain"}),
    ("sources", {"domain", "sources"}),
    ("compute", {"domain", "compute"}),
    ("store", {"domain", "store"}),
    ("orchestration", {"domain", *LAYERS}),
])
def test_each_layer_imports_only_what_the_rule_allows(layer, allowed):
    wrong = []
    for mod, target in _edges():
        if _layer(mod) != layer or _layer(target) is None or _layer(target) in allowed:
            continue
        if layer == "compute" and target in STORE_FOR_COMPUTE:
            continue
        wrong.append((mod, target))
    assert wrong == []
