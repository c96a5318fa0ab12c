"""Round 32 review: a weighted comparison with --ci percentile on an engine that cannot weigh
a comparison (--engine duckdb/dask, a database) is refused for --weight first, as before
round 32 ("needs the rows in memory"): the early --ci refusal won and told the user to use
--ci jeffreys, which the engine then refused too. In memory (auto, pandas) the --ci refusal
stays, and a weighted comparison with jeffreys intervals still runs."""

from __future__ import annotations

import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "label", "--y-pred", "pa", "--y-pred", "pb", "--protected", "sex"]
WEIGHTED = [*ROLES, "--weight", "w", "--ci", "percentile"]


@pytest.fixture(scope="module")
def where(tmp_path_factory):
    where = tmp_path_factory.mktemp("wci32")
    rng = np.random.default_rng(1)
    n = 300
    frame = pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pa": rng.integers(0, 2, n),
            "pb": rng.integers(0, 2, n),
            "sex": rng.choice(["F", "M"], n),
            "w": rng.random(n) + 0.5,
        }
    )
    frame.to_csv(where / "c.csv", index=False)
    with sqlite3.connect(where / "x.db") as con:
        frame.to_sql("t", con, index=False)
    return where


def _err(capsys, args) -> str:
    assert main([str(a) for a in args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize("engine", ["duckdb", "dask"])
def test_an_engine_that_cannot_weigh_refuses_the_weight(where, capsys, engine):
    err = _err(capsys, ["compare", where / "c.csv", *WEIGHTED, "--engine", engine])
    assert err.startswith("error: option '--weight': a weighted comparison needs the rows"), err


def test_a_database_refuses_the_weight(where, capsys):
    db = f"sqlite:///{where / 'x.db'}"
    err = _err(capsys, ["compare", "--db", db, "--table", "t", *WEIGHTED])
    assert err.startswith("error: option '--weight': a weighted comparison needs the rows"), err


@pytest.mark.parametrize("engine", ["auto", "pandas"])
def test_in_memory_the_ci_is_refused_and_jeffreys_runs(where, capsys, engine):
    err = _err(capsys, ["compare", where / "c.csv", *WEIGHTED, "--engine", engine])
    assert err.startswith("error: option '--ci': the paired row bootstrap does not take weights")
    args = ["compare", where / "c.csv", *ROLES, "--weight", "w", "--engine", engine]
    assert main([str(a) for a in [*args, "--ci", "jeffreys"]]) == 0
