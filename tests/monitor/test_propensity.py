"""``--propensity``: inverse-propensity-weighted evidence when rows were sampled unevenly."""

import json
import math
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens._jsonschema import validate
from ethiclens.monitor import run_monitor
from ethiclens.monitor._evidence import effective_counts

from .conftest import FLAGS, SCHEMA
from .conftest import request_of as _req
from .conftest import run_cli as _cli


def _with_propensity(folder, value):
    """Add a column ``prop`` to every daily file: a constant, or a function of the frame."""
    for f in sorted(folder.glob("*.csv")):
        frame = pd.read_csv(f)
        frame["prop"] = value(frame) if callable(value) else value
        frame.to_csv(f, index=False)
    return folder


def _evidence_of(doc):
    return [
        [(h["tests"], h["sequences"], h["estimates"], h["status"]) for h in c["history"]]
        for c in doc["comparisons"]
    ]


def _close(a, b, path="") -> None:
    if isinstance(a, dict):
        assert a.keys() == b.keys(), path
        for k in a:
            _close(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _close(x, y, f"{path}[{i}]")
    elif isinstance(a, float) and isinstance(b, float):
        assert math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9), (path, a, b)
    else:
        assert a == b, (path, a, b)


@pytest.mark.parametrize("window", ["1d", "700"])
def test_propensity_one_equals_the_unweighted_monitor_exactly(tmp_path, days, window):
    data = _with_propensity(days(tmp_path / "data", range(10), change_day=5), 1)
    plain = run_monitor(_req(data, window=window), tmp_path / "plain.sqlite").data
    assert plain["run"]["engine"] == "duckdb"
    for engine in ("duckdb", "pandas"):
        weighted = run_monitor(
            _req(data, window=window, engine=engine, propensity="prop"),
            tmp_path / f"{engine}.sqlite",
        ).data
        validate(weighted, SCHEMA)
        assert _evidence_of(weighted) == _evidence_of(plain), engine
        assert weighted["windows"] == plain["windows"]
        assert [a["window"] for a in weighted["comparisons"][0]["history"]] == [
            a["window"] for a in plain["comparisons"][0]["history"]
        ]
        last = weighted["comparisons"][0]["history"][-1]
        assert last["weighted"]["bet_cap"] == 1.0
        assert last["weighted"]["reference"] == {
            k: float(v) for k, v in last["counts"]["reference"].items()
        }
        assert weighted["request"]["propensity"] == "prop"
        assert "propensity" not in plain["request"]


def test_effective_counts():
    ones = {k: (np.array([7.0]), np.array([7.0])) for k in ("n", "sel")}
    ones["sel"] = (np.array([3.0]), np.array([3.0]))
    assert effective_counts(ones) == {"n": 7.0, "sel": 3.0}
    # a constant propensity of 0.5: the same effective counts as the rows
    half = {"n": (np.array([14.0]), np.array([28.0])), "sel": (np.array([6.0]), np.array([12.0]))}
    out = effective_counts(half)
    assert math.isclose(out["n"][0], 7.0) and math.isclose(out["sel"][0], 3.0)
    # uneven weights, both cells drawn: the weighted rate, and the linearised size (never
    # more than Kish's): one row of weight 1 unselected, two of weight 10 selected
    uneven = {
        "n": (np.array([21.0]), np.array([201.0])),
        "sel": (np.array([20.0]), np.array([200.0])),
    }
    out = effective_counts(uneven)
    p = 20 / 21
    lin = p * (1 - p) * 21**2 / ((1 - p) ** 2 * 200 + p**2 * 1)
    assert math.isclose(out["n"][0], min(lin, 21**2 / 201))
    assert math.isclose(out["sel"][0] / out["n"][0], p)


def test_an_empty_cell_of_weighted_rows_is_not_bet_on():
    """No selected row drawn among weighted rows: the field has no effective rows (its window
    is not bet on) and a warning says so, whether the drawn rows' weights are uneven or all
    equal (the empty cell's rows may have had a smaller π); with every π = 1 and both cells
    drawn, the counts (test_propensity_exact_one.py: an empty cell with every π = 1)."""
    uneven = {"n": (np.array([11.0]), np.array([101.0])), "sel": (np.array([0.0]), np.array([0.0]))}
    even = {"n": (np.array([20.0]), np.array([40.0])), "sel": (np.array([0.0]), np.array([0.0]))}
    for sums in (uneven, even):
        with pytest.warns(RuntimeWarning, match="not bet on"):
            out = effective_counts(sums)
        assert out["n"][0] == 0.0 and out["sel"][0] == 0.0
    # all selected: the other cell is the empty one
    full = {"n": (np.array([20.0]), np.array([40.0])), "sel": (np.array([20.0]), np.array([40.0]))}
    with pytest.warns(RuntimeWarning, match="not bet on"):
        assert effective_counts(full)["n"][0] == 0.0
    plain = {"n": (np.array([10.0]), np.array([10.0])), "sel": (np.array([4.0]), np.array([4.0]))}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert effective_counts(plain) == {"n": 10.0, "sel": 4.0}


def test_engines_agree_on_uneven_propensities_and_weights_change_the_evidence(tmp_path, days):
    def policy(frame):  # the compared groups' predicted positives sampled less, varying by day
        day = pd.to_datetime(frame["ts"]).dt.day.to_numpy()
        low = np.where(frame["race"] == "White", 0.8, 0.2 + 0.05 * (day % 5))
        return np.where(frame["pred"] == 1, low, 0.9).round(3)

    data = _with_propensity(days(tmp_path / "data", range(8)), policy)
    check_engines_agree_and_weights_matter(tmp_path, data, propensity="prop")


def check_engines_agree_and_weights_matter(tmp_path, data, **weighting):
    """DuckDB and pandas give the same weighted evidence (``weighting``: propensity= or
    weight=), which is not the unweighted one; the first window's bets are capped and Kish's
    size is below the rows."""
    a = run_monitor(_req(data, **weighting), tmp_path / "a.sqlite").data
    b = run_monitor(_req(data, **weighting, engine="pandas"), tmp_path / "b.sqlite").data
    validate(a, SCHEMA)
    _close(_evidence_of(a), _evidence_of(b))
    _close(
        [[h["weighted"] for h in c["history"]] for c in a["comparisons"]],
        [[h["weighted"] for h in c["history"]] for c in b["comparisons"]],
    )
    plain = run_monitor(_req(data), tmp_path / "plain.sqlite").data
    assert _evidence_of(plain) != _evidence_of(a)
    black = next(c for c in a["comparisons"] if c["group"] == "Black")
    first = black["history"][0]
    assert 0 < first["weighted"]["bet_cap"] < 1
    assert first["weighted"]["group"]["n"] < first["counts"]["group"]["n"]  # Kish: fewer


@pytest.mark.parametrize(
    "value, shown",
    [(0, "'0'"), (-0.2, "'-0.2'"), (1.5, "'1.5'"), ("", "empty"), ("abc", "'abc'")],
)
def test_bad_propensities_are_refused_on_each_engine(tmp_path, days, capsys, value, shown):
    data = _with_propensity(days(tmp_path / "data", range(3)), 0.5)
    frame = pd.read_csv(data / "day001.csv", dtype=str, keep_default_na=False)
    frame.loc[3, "prop"] = str(value)
    frame.to_csv(data / "day001.csv", index=False)
    for engine in ("duckdb", "pandas"):
        store = tmp_path / f"{engine}.sqlite"
        rc, out, err = _cli(
            capsys, "monitor", data, *FLAGS, "--protected", "race", "--engine", engine,
            "--propensity", "prop", "--store", store,
        )  # fmt: skip
        assert rc == 2, (engine, err)
        line = err.strip()
        assert "\n" not in line, line
        assert "column 'prop (propensity)'" in line and "1 of 1,200 rows" in line, line
        assert f"first at day001.csv line 5: {shown}" in line, line
        assert "(0, 1]" in line and "Fix:" in line, line
        assert not store.exists() or store.stat().st_size == 0 or _no_windows(store)


def _no_windows(store):
    import sqlite3

    with sqlite3.connect(store) as con:
        names = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
        return (
            "windows" not in names or not con.execute("SELECT count(*) FROM windows").fetchone()[0]
        )


def test_propensity_options_are_checked(tmp_path, days, capsys):
    data = _with_propensity(days(tmp_path / "data", range(3)), 0.5)
    rc, out, err = _cli(
        capsys, "monitor", data, *FLAGS, "--protected", "race", "--propensity", "nope",
        "--store", tmp_path / "a.sqlite",
    )  # fmt: skip
    assert rc == 2 and "column 'nope'" in err
    rc, out, err = _cli(
        capsys, "monitor", data, *FLAGS, "--protected", "race", "--propensity", "label",
        "--store", tmp_path / "b.sqlite",
    )  # fmt: skip
    assert rc == 2 and "--y-true and --propensity both name 'label'" in err
    # a store written without weights is refused with them, naming the difference
    store = tmp_path / "c.sqlite"
    assert _cli(capsys, "monitor", data, *FLAGS, "--protected", "race", "--store", store)[0] == 0
    rc, out, err = _cli(
        capsys, "monitor", data, *FLAGS, "--protected", "race", "--propensity", "prop",
        "--store", store,
    )  # fmt: skip
    assert rc == 2 and "propensity not given there, 'prop' here" in err, err


def _powers_of_two(frame):
    """π in {1, 1/2, 1/4, 1/8}: every engine's sums of 1/π and 1/π² are exact in any order."""
    return 2.0 ** -((frame["pred"] + 2 * (frame["race"] == "Black") + frame.index % 2) % 4)


@pytest.mark.parametrize("window", ["1d", "2d", "700"])
def test_propensity_on_a_database_equals_the_files(tmp_path, days, capsys, window):
    """The same rows in daily files and in a SQLite table (text times): identical JSON, the
    weighted evidence included; an invalid π in the table is refused as for files."""
    import sqlite3

    data = _with_propensity(days(tmp_path / "data", range(5), change_day=2), _powers_of_two)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    db = tmp_path / "rows.db"
    with sqlite3.connect(db) as con:
        frame.to_sql("preds", con, index=False)
        frame.assign(prop=frame["prop"].where(frame.index != 7, 0.0)).to_sql(
            "bad", con, index=False
        )
    flags = [*FLAGS[:2], "--window", window, *FLAGS[4:], "--protected", "race=White",
             "--propensity", "prop"]  # fmt: skip
    docs = []
    for name, source in (
        ("files", [data]),
        ("db", ["--db", f"sqlite:///{db}", "--table", "preds"]),
    ):
        out = tmp_path / f"{name}.json"
        store = tmp_path / f"{name}.sqlite"
        rc, _, err = _cli(capsys, "monitor", *source, *flags, "--store", store, "--json", out)
        assert rc == 0, err
        docs.append(json.loads(out.read_text()))
    files, database = docs
    assert files["comparisons"] == database["comparisons"]
    assert files["windows"] == database["windows"]
    assert any("weighted" in h for c in files["comparisons"] for h in c["history"])
    rc, _, err = _cli(capsys, "monitor", "--db", f"sqlite:///{db}", "--table", "bad", *flags,
                      "--store", tmp_path / "bad.sqlite")  # fmt: skip
    assert rc == 2 and "1 of 2,000 rows hold a propensity" in err and "prop" in err, err


@pytest.mark.slow
def test_uneven_sampling_biases_the_unweighted_monitor_and_not_the_weighted_one():
    """Sampling by group, prediction and day of the week (π from 0.1 to 0.9), the population at
    the null's boundary (DI 0.80, gaps 0.10), 1,000 streams × 100 days: the unweighted monitor on
    the sampled rows alarms falsely almost always and estimates DI ≈ 1.4; the weighted one keeps
    false alarms ≤ α, estimates 0.80 and still detects the change of scenario (b)."""
    from ethiclens.monitor._sim import weighted_evidence

    alpha = 0.05
    slack = 3 * math.sqrt(alpha * (1 - alpha) / 1000)
    r = weighted_evidence(seed=31)
    for test in ("disparate_impact", "equalized_odds"):
        assert r[f"unweighted_{test}_false_alarm"] > 0.5
        assert r[f"weighted_{test}_false_alarm"] <= alpha + slack
        assert r[f"change_{test}_before"] <= alpha + slack
        assert r[f"change_{test}_detected"] >= 0.99
    assert abs(r["unweighted_pooled_di_mean"] - 0.8) > 0.3
    assert abs(r["weighted_pooled_di_mean"] - 0.8) < 0.02
