"""``ethiclens audit --bins``: a numeric attribute binned into groups, the same on every engine."""

import hashlib
import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.fairness import bin_attribute


@pytest.fixture()
def ages(tmp_path):
    r = np.random.default_rng(0)
    n = 3000
    age = r.integers(18, 90, n)
    pred = (r.random(n) < 0.2 + 0.004 * age).astype(int)
    frame = pd.DataFrame({"age": age, "y": r.integers(0, 2, n), "p": pred})
    path = tmp_path / "ages.csv"
    frame.to_csv(path, index=False)
    return path


BASE = ["--protected", "age", "--y-true", "y", "--y-pred", "p", "--n-boot", "300"]


def test_bins_give_the_same_report_on_rows_and_on_counts(ages, tmp_path):
    reports = {}
    for engine in ("pandas", "duckdb"):
        out = tmp_path / f"{engine}.json"
        args = ["audit", str(ages), *BASE, "--bins", "age=0,25,45,65,120", "--engine", engine]
        assert main([*args, "--json", str(out)]) == 0
        reports[engine] = json.loads(out.read_text())
    assert reports["pandas"]["comparisons"] == reports["duckdb"]["comparisons"]
    groups = {g["group"] for a in reports["pandas"]["attributes"] for g in a["groups"]}
    assert groups == {"[0, 25)", "[25, 45)", "[45, 65)", "[65, 120]"}


def test_binning_equals_auditing_the_binned_column(ages, tmp_path):
    frame = pd.read_csv(ages)
    frame["age"] = bin_attribute(frame["age"], [0, 25, 45, 65, 120], "age")
    frame.to_csv(tmp_path / "binned.csv", index=False)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    args = ["--engine", "pandas", "--json"]
    assert main(["audit", str(ages), *BASE, "--bins", "age=0,25,45,65,120", *args, str(a)]) == 0
    assert main(["audit", str(tmp_path / "binned.csv"), *BASE, *args, str(b)]) == 0
    assert json.loads(a.read_text())["comparisons"] == json.loads(b.read_text())["comparisons"]


def test_bin_labels_close_the_last_bin():
    out = bin_attribute(pd.Series([0, 24.9, 25, 120]), [0, 25, 120], "age")
    assert list(out) == ["[0, 25)", "[0, 25)", "[25, 120]", "[25, 120]"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize(
    "flag, words",
    [
        ("age=20,40", "2172 row(s) with values outside the bin edges [20, 40]"),
        ("age=40,20", "increasing order"),
        ("age=0,x,120", "must be numbers"),
        ("age=0,1_0,120", "must be numbers"),  # float() would read 1_0 as 10
        ("age=0", "at least two"),
        ("age", "ATTR=E0,E1"),
        ("height=0,10", "not audited"),
        ("age=0,inf", "finite"),
    ],
)
def test_bad_bins_are_refused_before_any_output(ages, tmp_path, capsys, engine, flag, words):
    digest = hashlib.sha256(ages.read_bytes()).hexdigest()
    out = tmp_path / "r.json"
    args = ["audit", str(ages), *BASE, "--bins", flag, "--engine", engine, "--json", str(out)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and "Fix:" in err and "Traceback" not in err
    assert not out.exists()
    assert hashlib.sha256(ages.read_bytes()).hexdigest() == digest


def test_a_continuous_attribute_hints_at_bins(ages, capsys):
    assert main(["audit", str(ages), *BASE]) == 2
    assert "--bins age=0,25,45,65,120" in capsys.readouterr().err
