"""README commands whose JSON is pinned (tests/cli/data/golden/, made on main before the
AuditSpec rework): the same command must give the same numbers, up to fields added since."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

GOLDEN = Path(__file__).parent / "data" / "golden"
INDEX = GOLDEN / "index.json"
# README commands that need the network or the reader's own folder/database are not pinned.
SKIP_PREFIXES = (
    "ethiclens audit acs-income --states CA",
    "ethiclens audit exports/",
    "ethiclens audit --db",
)
# Keep the pinned runs short (the README test uses the same).
SMALL = {"audit": ["--n-boot", "200"]}


def golden_argv(command: str, json_name: str) -> list[str]:
    """The README command as argv, small settings appended, its JSON written to json_name."""
    args = shlex.split(command, comments=True)[1:]
    extra = SMALL.get(args[0], [])
    if extra and extra[0] not in args:
        args += extra
    if "--json" in args:
        args[args.index("--json") + 1] = json_name
    else:
        args += ["--json", json_name]
    return args


def slug(command: str) -> str:
    return re.sub(r"[^\w.-]+", "_", command.split("#")[0].strip())[10:80].strip("_")


def make_workspace(root: Path, card_yaml: str) -> Path:
    """The files the README's commands expect the reader to have (as tests/test_readme.py)."""
    from ethiclens.datasets import load_compas

    ds = load_compas()
    decile = ds.extra["decile_score"]
    preds = ds.protected.assign(label=ds.label, pred=(decile >= 5).astype(int), score=decile / 10)
    preds.to_csv(root / "preds.csv", index=False)
    (root / "card.yaml").write_text(card_yaml)
    return root


def load_index() -> list[dict]:
    return json.loads(INDEX.read_text())


# Words, not numbers: the version, and how an interval was computed (its wording may change).
IGNORED = ("ethiclens_version", "ci_method")


def differences(golden, new, path="$") -> list[str]:
    """Where ``new`` differs from ``golden``, ignoring keys ``golden`` does not have (new
    fields) and values that name the run rather than the numbers (the version)."""
    if isinstance(golden, dict):
        if not isinstance(new, dict):
            return [f"{path}: was a mapping"]
        out = []
        for k, v in golden.items():
            if k in IGNORED:
                continue
            if k not in new:
                out.append(f"{path}.{k}: missing")
            else:
                out += differences(v, new[k], f"{path}.{k}")
        return out
    if isinstance(golden, list):
        if not isinstance(new, list) or len(new) != len(golden):
            return [
                f"{path}: list length {len(golden)} -> {len(new) if isinstance(new, list) else new}"
            ]
        return [
            d
            for i, (a, b) in enumerate(zip(golden, new, strict=True))
            for d in differences(a, b, f"{path}[{i}]")
        ]
    if isinstance(golden, float) and isinstance(new, (int, float)) and not isinstance(new, bool):
        return (
            []
            if abs(golden - new) <= 1e-9 * max(1.0, abs(golden))
            else [f"{path}: {golden} -> {new}"]
        )
    return [] if golden == new else [f"{path}: {golden!r} -> {new!r}"]
