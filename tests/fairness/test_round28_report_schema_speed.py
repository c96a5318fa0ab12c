"""Round 28: checking a baseline (or a gated report dict) against the audit report schema took
about 7 s for a report of 1,000 groups (jsonschema's cost per keyword and value).
fastjsonschema's compiled yes or no answers first; only a no asks jsonschema which key to name.
Its answers are jsonschema's: hundreds of edits of a real report (a value of another type or
range, a key removed or added) are answered alike by both. The speed is measured, against
jsonschema, by bench/bench_gate_schema.py (no timing in tests)."""

from __future__ import annotations

import copy
import json
import math

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import gate
from ethiclens.fairness._gate import _report_validator, check_baseline


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    root = tmp_path_factory.mktemp("schema28")
    rng = np.random.default_rng(1)
    n = 900
    frame = pd.DataFrame(
        {
            "g": rng.choice(["A", "B", "C"], n),
            "h": rng.choice(["x", "y"], n),
            "y": rng.integers(0, 2, n),
            "s": rng.random(n),
        }
    )
    frame["p"] = (frame["s"] > 0.5).astype(int)
    frame.loc[:39, "g"] = "D"  # a small group below the floor
    frame.to_csv(root / "rows.csv", index=False)
    args = ["audit", str(root / "rows.csv"), "--y-true", "y", "--y-pred", "p", "--y-score", "s"]
    args += ["--protected", "g=A", "--protected", "h=x", "--n-boot", "100"]
    assert main([*args, "--json", str(root / "audit.json")]) == 0
    return json.loads((root / "audit.json").read_text())


def _paths(doc, path=()):
    yield path
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, (*path, i))


_VALUES = [None, "x", "", "PASS", "INSUFFICIENT_DATA", "High Risk", -1, 0, 1, 2, 1.5, -0.5, 1.0,
           True, False, [], ["x"], {}, {"x": 1}, math.nan, 10**9]  # fmt: skip


def _edited(doc, rng):
    doc = copy.deepcopy(doc)
    paths = [p for p in _paths(doc) if p]
    path = paths[rng.integers(len(paths))]
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    what = rng.integers(4)
    if what == 0 and isinstance(parent, dict):
        del parent[path[-1]]
    elif what == 1 and isinstance(parent, dict):
        parent["not_a_key"] = 1
    else:
        parent[path[-1]] = _VALUES[rng.integers(len(_VALUES))]
    return doc


def test_the_quick_check_answers_as_jsonschema(report):
    quick, validator = _report_validator()
    assert quick(report) and validator.is_valid(report)
    rng = np.random.default_rng(0)
    answers = []
    for _ in range(300):
        doc = _edited(report, rng)
        answers.append(validator.is_valid(doc))
        assert quick(doc) == answers[-1], doc
    assert 50 < answers.count(False) < 280  # both kinds of answer were asked


def _big(report, k: int) -> dict:
    """``report`` with ``k`` times its comparisons and groups (renamed: a schema check reads
    each alike)."""
    big = copy.deepcopy(report)
    big["comparisons"] = [
        {**c, "group": f"{c['group']}{i}"} for i in range(k) for c in report["comparisons"]
    ]
    for attr in big["attributes"]:
        attr["groups"] = [
            {**g, "group": f"{g['group']}{i}"} for i in range(k) for g in attr["groups"]
        ]
    return big


def test_a_broken_big_baseline_is_still_named_by_its_key(report):
    big = _big(report, 3)
    broken = copy.deepcopy(big)
    broken["comparisons"][-1]["metrics"]["disparate_impact"]["status"] = "FINE"
    with pytest.raises(EthicLensInputError, match=r"comparisons\[\d+\]\.metrics\.disparate_imp"):
        check_baseline(broken, big)
    del broken["comparisons"][-1]["n"]
    with pytest.raises(EthicLensInputError, match="is not an audit report"):
        gate({k: v for k, v in broken.items() if k != "comparisons"}, "never")
