"""Tester round 15: every report this version writes gates as its own baseline (a benchmark's
and a counts table's too, whose spec names no prediction column); roles and settings are
compared as the run used them (a counts table's implicit roles, a default written out); a
baseline whose groups differ gates the comparisons both have, with a note."""

from __future__ import annotations

import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


def _frame(n: int = 1500, seed: int = 1, groups=("A", "B", "C")) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    race = rng.choice(list(groups), n, p=[0.5, 0.3, 0.2])
    return pd.DataFrame(
        {
            "race": race,
            "sex": rng.choice(["F", "M"], n),
            "label": rng.integers(0, 2, n),
            "pred": (rng.random(n) < np.where(race == groups[0], 0.5, 0.4)).astype(int),
            "pred2": rng.integers(0, 2, n),
            "w": rng.uniform(0.5, 2, n),
            "score": rng.random(n),
        }
    )


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    root = tmp_path_factory.mktemp("gate15")
    frame = _frame()
    frame.to_csv(root / "d.csv", index=False)
    with sqlite3.connect(root / "t.db") as con:
        frame.to_sql("t", con, index=False)
    argv = ["counts", str(root / "d.csv"), "--y-true", "label", "--y-pred", "pred"]
    argv += ["--protected", "race", "--engine", "pandas", "--out", str(root / "cr.parquet")]
    assert main(argv) == 0
    return root


ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]
KINDS = {
    "benchmark": ["compas"],
    "counts table": ["--counts", "{root}/cr.parquet"],
    "counts table, roles named": ["--counts", "{root}/cr.parquet", *ROLES],
    "file": ["{root}/d.csv", *ROLES],
    "weighted file": ["{root}/d.csv", *ROLES, "--weight", "w"],
    "scored file": ["{root}/d.csv", *ROLES, "--y-score", "score"],
    "sqlite table": ["--db", "sqlite:///{root}/t.db", "--table", "t", *ROLES],
}


def _audit(root, args, *more) -> int:
    return main(["audit", *(a.format(root=root) for a in args), "--n-boot", "100", *more])


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_report_gates_as_its_own_baseline(place, kind, capsys):
    report = place / f"{kind.replace(' ', '_').replace(',', '')}.json"
    assert _audit(place, KINDS[kind], "--json", str(report)) == 0
    capsys.readouterr()
    code = _audit(place, KINDS[kind], "--baseline", str(report))
    out = capsys.readouterr()
    assert code == 0, out.err
    assert f"gate passed: --baseline {report}: no verdict, DI or EO worse" in out.out + out.err


def test_a_comparison_report_is_no_baseline(place, capsys):
    argv = ["{root}/d.csv", *ROLES, "--y-pred", "pred2"]
    assert _audit(place, argv, "--json", str(place / "cmp.json")) == 0
    capsys.readouterr()
    assert _audit(place, KINDS["file"], "--baseline", str(place / "cmp.json")) == 2
    err = capsys.readouterr().err
    assert "cmp.json is not an audit report" in err and "Fix: give a JSON report" in err
