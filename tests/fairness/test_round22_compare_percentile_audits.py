"""Round 22: with ``ci="percentile"`` compare's per-model audits (``audits.a``/``audits.b``,
which give status_a/status_b, the verdict changes and the gate) are drawn as ``audit`` draws
them with that method, not with Jeffreys while ``config.ci_method`` says percentile: at the same
seed and draws their intervals are the audit's, in Python and on the command line."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from ethiclens.cli import cli as main
from ethiclens.fairness import audit, compare

DRAWS, SEED = 300, 5


def _rows(n=2000):
    rng = np.random.default_rng(2)
    g = rng.choice(["a", "b", "c"], n, p=[0.5, 0.3, 0.2])
    y = (rng.random(n) < 0.4).astype(int)
    a = (rng.random(n) < np.where(g == "b", 0.3, 0.45)).astype(int)
    b = np.where(rng.random(n) < 0.15, 1 - a, a)
    return pd.DataFrame({"g": g, "y": y, "pa": a, "pb": b})


def _intervals(comparisons) -> dict:
    """(group, metric) -> (ci_low, ci_high, ci_method) of every comparison."""
    out = {}
    for c in comparisons:
        c = c if isinstance(c, dict) else c.to_dict()
        for name, m in c["metrics"].items():
            out[c["group"], name] = (m.get("ci_low"), m.get("ci_high"), m.get("ci_method"))
    return out


@pytest.mark.parametrize("ci", ["percentile", "jeffreys"])
def test_each_models_audit_is_the_audit_with_that_method(ci):
    d = _rows()
    kw = dict(ci=ci, n_boot=DRAWS, random_state=SEED)
    both = compare(d["y"], d["pa"], d["pb"], d["g"], **kw)
    assert both.config["ci_method"] == ci
    for mine, pred in ((both.audit_a, d["pa"]), (both.audit_b, d["pb"])):
        alone = audit(d["y"], pred, d["g"], **kw)
        assert mine.config["ci_method"] == ci
        assert _intervals(mine.comparisons) == _intervals(alone.comparisons)
        assert [c.status for c in mine.comparisons] == [c.status for c in alone.comparisons]


def test_the_command_lines_per_model_audits_are_audit_ci_percentile(tmp_path):
    d = _rows()
    d.to_csv(tmp_path / "p.csv", index=False)
    common = ["--y-true", "y", "--protected", "g", "--ci", "percentile"]
    common += ["--seed", str(SEED), "--n-boot", str(DRAWS)]
    runner = CliRunner()
    done = runner.invoke(
        main,
        ["compare", str(tmp_path / "p.csv"), "--y-pred", "pa", "--y-pred", "pb", *common]
        + ["--json", str(tmp_path / "c.json")],
    )
    assert done.exit_code in (0, 1), done.output
    compared = json.loads((tmp_path / "c.json").read_text())
    assert compared["config"]["ci_method"] == "percentile"
    for side, pred in (("a", "pa"), ("b", "pb")):
        out = tmp_path / f"{pred}.json"
        done = runner.invoke(
            main, ["audit", str(tmp_path / "p.csv"), "--y-pred", pred, *common, "--json", str(out)]
        )
        assert done.exit_code in (0, 1), done.output
        alone = json.loads(out.read_text())["comparisons"]
        mine = compared["audits"][side]["comparisons"]
        assert _intervals(mine) == _intervals(alone), side
        methods = {m for *_, m in _intervals(mine).values()}
        assert "percentile" in methods and "jeffreys" not in methods
