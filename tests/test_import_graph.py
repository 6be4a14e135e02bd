"""The import graph of printables: no circle among its modules, and no import inside a
function except of an optional dependency (DESIGN.md: imports point down, at the top of a
module, lazy only for optional dependencies).

Every module is parsed with ast, not imported. An edge A -> B is any import in A (at the top
or inside a function, since an import moved into a function to dodge a circle still closes
it) of module B, or of a name defined in package B's __init__, and any string in A that
names module B ("printables.x.y" or "printables.x.y:attribute"): the names code is loaded by
(printables.loading) and the modules a forkserver preloads are imports that run later, so
a circle through them is a circle. Imports under `if TYPE_CHECKING:` are left out: they
never run. The same rule holds between packages: no two subpackages import each other.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from printables import __main__ as entry
from printables import cli, cli_grammar
from printables.loading import load
from printables.play.kernels import NUMBA_KERNELS
from printables.products import kit
from printables.products.registry import PRODUCTS
from printables.render import RENDERERS

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "printables"

#: The optional dependencies: the only modules a function may import, because a command that
#: does not need one must work without it installed (or without the system library it loads).
OPTIONAL = {
    "cairosvg": "PNG output; needs the system cairo library, which may be missing",
    "ezdxf": "DXF output (the dxf extra)",
    "flask": "printables serve (the web extra)",
    "waitress": "printables serve (the web extra)",
    "numba": "the fast playout kernels, when installed",
    "dask": "distributed balance runs, when installed",
    "distributed": "distributed balance runs, when installed",
    "fcntl": "the kit's folder lock (Unix only; Windows has no flock)",
    "resource": "serve raises its open-file limit (Unix only)",
    "printables.web": "the CLI's serve command: the web app needs the web extra (flask)",
}


def optional(target: str) -> bool:
    """True when target is one of the OPTIONAL modules or inside one."""
    return any(target == k or target.startswith(k + ".") for k in OPTIONAL)

#: The circles other branches of this round remove, each by the edge that closes it; delete a
#: line here when its circle is gone (the test says so).
KNOWN_CIRCLES: dict[tuple[str, str], str] = {}

#: Modules whose imports inside functions other branches of this round move to the top while
#: they change those modules; delete a line here when its module is clean (the test says so).
KNOWN_LAZY: dict[str, str] = {}


def modules() -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = modules()


def _type_checking_only(tree: ast.Module) -> set[int]:
    """ids of the import nodes under `if TYPE_CHECKING:`."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return out


@cache
def imports(name: str) -> list[tuple[str, bool, int]]:
    """(imported module, at the top of the module?, line) for every import in module name that
    runs; `from package import name` counts as importing the submodule when there is one."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    top = {id(n) for n in tree.body}
    skip = _type_checking_only(tree)
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(here[:len(here) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                       for a in node.names]
        else:
            continue
        out += [(t, id(node) in top, node.lineno) for t in targets]
    return out


#: A string naming a module of the package, as printables.loading takes it.
NAMED = re.compile(r"printables(\.\w+)+(:\w+)?")


@cache
def named(name: str) -> set[str]:
    """The printables modules the strings in module name refer to (loaded by name later)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return {n.value.partition(":")[0] for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and NAMED.fullmatch(n.value) and n.value.partition(":")[0] in MODULES}


def graph() -> dict[str, set[str]]:
    """Module -> the printables modules it imports, at once or by name."""
    return {m: {t for t, _, _ in imports(m) if t in MODULES} | named(m) - {m} for m in MODULES}


def package(name: str) -> str:
    """The subpackage (or top-level module) of the package a module belongs to."""
    return ".".join(name.split(".")[:2])


def package_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """Subpackage -> the subpackages its modules import."""
    out: dict[str, set[str]] = {package(m): set() for m in edges}
    for a, targets in edges.items():
        out[package(a)] |= {package(b) for b in targets} - {package(a)}
    return out


def loaded_names() -> set[str]:
    """The "module:attribute" names the program's tables hold, read from the tables (every
    table printables.loading's docstring lists)."""
    return {entry.CLI, kit.KIT_RESULTS, kit.PREVIEW_FILES, *RENDERERS.values(),
            *cli.WORK.values(), cli_grammar.GAME_FILES, cli_grammar.KERNELS,
            *NUMBA_KERNELS.values(), *(p.builder for p in PRODUCTS.values())}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, rest = work[-1]
            w = next(rest, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle():
    edges = graph()
    stale = [e for e in KNOWN_CIRCLES if e[1] not in edges[e[0]]]
    assert stale == [], f"these circles are gone: delete them from KNOWN_CIRCLES: {stale}"
    for a, b in KNOWN_CIRCLES:
        edges[a].discard(b)
    assert circles(edges) == [], "import circles (DESIGN.md: imports point down)"
    assert circles(package_graph(edges)) == [], "packages that import each other"


def test_every_name_a_table_loads_is_a_string_the_graph_reads():
    """A table entry built at run time (an f-string, a join) would hide its edge from the
    graph: every name printables.loading is given is written out whole in some module,
    and names something that exists."""
    written = {n.value for m in MODULES for n in ast.walk(ast.parse(MODULES[m].read_text(
        encoding="utf-8"))) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    names = loaded_names()
    assert names - written == set()
    for ref in sorted(names - {n for n in names if "numba" in n}):  # numba is optional
        assert load(ref) is not None, ref


def test_the_graph_counts_a_name_the_loader_is_given():
    """registry names each product's build; the graph has that edge without an import."""
    edges = graph()
    assert "printables.products.board" in edges["printables.products.registry"]
    assert "printables.products.kit_build" in edges["printables.products.kit"]
    assert "printables.products" in package_graph(edges)["printables.cli"]


def test_imports_inside_functions_are_of_optional_dependencies_only():
    found = {}
    for name in MODULES:
        lazy = sorted({f"{MODULES[name].relative_to(ROOT)}:{line} imports {target}"
                for target, at_top, line in imports(name)
                       if not at_top and not optional(target)})
        if lazy:
            found[name] = lazy
    stale = sorted(set(KNOWN_LAZY) - set(found))
    assert stale == [], f"these modules import at the top now: delete them from KNOWN_LAZY: {stale}"
    unknown = [line for name, lines in sorted(found.items()) if name not in KNOWN_LAZY
               for line in lines]
    assert unknown == [], "move these imports to the top of their module:\n" + "\n".join(unknown)
