"""Generate docs/api.md, the public Python API, from ``__all__`` and docstrings.

Every public module is listed with each exported name, its signature and the first paragraph of
its docstring; the CLI section maps each command to the public names it calls (read from the
command's source with ``ast``), so "everything the CLI does is public API" can be checked by eye
and the page cannot drift: tests/test_layout.py fails when docs/api.md differs from this
script's output.

Run: ``python scripts/gen_api_doc.py`` (writes docs/api.md) or ``--check`` (exit 1 if stale).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import sys
import textwrap
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "api.md"

# Public modules, in reading order. A module without __all__ exports its public functions and
# classes defined in it.
MODULES = [
    "ethiclens",
    "ethiclens.spec",
    "ethiclens.fairness",
    "ethiclens.report",
    "ethiclens.datasets",
    "ethiclens.models",
    "ethiclens.io",
    "ethiclens.probes",
    "ethiclens.privacy",
    "ethiclens.p2nia",
    "ethiclens.experiments",
    "ethiclens.monitor",
    "ethiclens.sources",
    "ethiclens.errors",
    "ethiclens.cli",
]


def public_names(module) -> list[str]:
    if hasattr(module, "__all__"):
        return list(module.__all__)
    return [
        name
        for name, obj in vars(module).items()
        if not name.startswith("_")
        and (inspect.isfunction(obj) or inspect.isclass(obj))
        and getattr(obj, "__module__", None) == module.__name__
    ]


def summary(obj) -> str:
    doc = inspect.getdoc(obj) if (inspect.isroutine(obj) or inspect.isclass(obj)) else None
    if not doc:
        return "*(no docstring)*" if (inspect.isroutine(obj) or inspect.isclass(obj)) else ""
    first = doc.split("\n\n")[0]
    return " ".join(line.strip() for line in first.splitlines())


def signature(obj) -> str:
    if not (inspect.isroutine(obj) or inspect.isclass(obj)):
        return ""
    try:
        sig = str(inspect.signature(obj))
    except (TypeError, ValueError):
        return "(...)"
    return sig if len(sig) <= 90 else sig[:87] + "...)"


def kind(obj) -> str:
    if inspect.isclass(obj):
        return "class"
    if inspect.isroutine(obj):
        return "function"
    return "constant"


def module_section(name: str) -> list[str]:
    module = importlib.import_module(name)
    doc = (inspect.getdoc(module) or "").split("\n\n")[0].replace("\n", " ")
    lines = [f"## `{name}`", "", doc, "", "| name | kind | summary |", "|---|---|---|"]
    for attr in public_names(module):
        obj = getattr(module, attr)
        sig = signature(obj).replace("|", "\\|")
        text = summary(obj).replace("|", "\\|")
        lines.append(f"| `{attr}{sig}` | {kind(obj)} | {text} |")
    return lines + [""]


# -------------------------------------------------------------------------------------------
# CLI command -> public names it calls


def _imports_of(tree: ast.AST, module: str) -> dict[str, str]:
    """Local name -> dotted public name, for ``from ..x import name`` inside ``tree``."""
    out = {}
    package = module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = f"{base}.{node.module}" if node.module else base
            if target.rpartition(".")[2].startswith("_") or target.startswith(module):
                continue
            for alias in node.names:
                out[alias.asname or alias.name] = f"{target}.{alias.name}"
    return out


def _used_public_names(callback, module_name: str) -> list[str]:
    source = Path(inspect.getsourcefile(callback)).read_text(encoding="utf-8")
    tree = ast.parse(source)
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    top = _imports_of(
        ast.Module(body=[n for n in tree.body if isinstance(n, ast.ImportFrom)], type_ignores=[]),
        module_name,
    )
    seen, names, todo = set(), set(), [callback.__name__]
    while todo:
        fname = todo.pop()
        if fname in seen or fname not in functions:
            continue
        seen.add(fname)
        fn = functions[fname]
        local = {**top, **_imports_of(fn, module_name)}
        for node in ast.walk(fn):
            ident = None
            if isinstance(node, ast.Name):
                ident = node.id
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                ident = f"{node.value.id}.{node.attr}"
                if node.value.id in local and local[node.value.id].count(".") == 1:
                    names.add(f"{local[node.value.id]}.{node.attr}")  # ds_mod.load
                    continue
            if ident in local and not ident.startswith("_"):
                names.add(local[ident])
            elif isinstance(node, ast.Name) and node.id in functions:
                todo.append(node.id)
    return sorted(
        n
        for n in names
        if n.startswith("ethiclens.")
        and ".cli." not in n
        and n not in MODULES
        and not n.rpartition(".")[2].startswith("_")
    )


def _walk_commands(command, path):
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for sub in command.list_commands(ctx):
            yield from _walk_commands(command.get_command(ctx, sub), path + [sub])
    else:
        yield path, command


def cli_section() -> list[str]:
    from ethiclens.cli import _main

    lines = [
        "## The CLI as Python",
        "",
        "Each command and the public names it calls (its own module's helpers followed).",
        "",
        "| command | what it does | public Python names |",
        "|---|---|---|",
    ]
    for path, command in _walk_commands(_main.cli, ["ethiclens"]):
        callback = inspect.unwrap(command.callback)
        used = _used_public_names(callback, callback.__module__)
        if getattr(command, "summary", None):  # made by cli._options.spec_command
            used = [command.summary]
        short = command.get_short_help_str(200).replace("|", "\\|")
        lines.append(
            f"| `{' '.join(path)}` | {short} | {', '.join(f'`{n}`' for n in used) or '—'} |"
        )
    return lines + [""]


def render() -> str:
    head = textwrap.dedent("""\
        # Python API reference

        Generated by `scripts/gen_api_doc.py` from each public module's `__all__` and docstrings;
        do not edit by hand (`python scripts/gen_api_doc.py` rewrites it, and
        `tests/test_layout.py` fails when it is stale). The layout and import rules are in
        [ADR 0007](adr/0007-layout.md).
        """)
    lines = [head]
    lines += cli_section()
    for name in MODULES:
        lines += module_section(name)
    return "\n".join(lines).rstrip() + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/api.md is stale")
    args = parser.parse_args()
    text = render()
    if args.check:
        if OUT.exists() and OUT.read_text(encoding="utf-8") == text:
            return 0
        print(
            f"{OUT.relative_to(ROOT)} is stale: run python scripts/gen_api_doc.py", file=sys.stderr
        )
        return 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
