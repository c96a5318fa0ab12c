"""``--weight``: survey weights, the propensity machinery with a weight w for 1/π."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens._jsonschema import validate
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, run_monitor

from .conftest import FLAGS, SCHEMA
from .conftest import request_of as _req
from .conftest import run_cli as _cli
from .test_propensity import (
    _close,
    _evidence_of,
    _no_windows,
    _powers_of_two,
    _with_propensity,
    check_engines_agree_and_weights_matter,
)


def _with_weight(folder, value):
    """Add a column ``wt`` to every daily file: a constant, or a function of the frame."""
    for f in sorted(folder.glob("*.csv")):
        frame = pd.read_csv(f)
        frame["wt"] = value(frame) if callable(value) else value
        frame.to_csv(f, index=False)
    return folder


def _uneven(frame):
    """Weights that are not powers of two, varying by group, prediction and row."""
    return (1 + 2.7 * (frame["race"] == "Black") + 0.3 * frame["pred"] + frame.index % 3 / 7).round(
        4
    )


@pytest.mark.parametrize("weight", [2.5, 0.3, 7])
@pytest.mark.parametrize("window", ["1d", "700"])
def test_equal_weights_give_the_unweighted_evidence_exactly(tmp_path, days, window, weight):
    data = _with_weight(days(tmp_path / "data", range(8), change_day=4), weight)
    plain = run_monitor(_req(data, window=window), tmp_path / "plain.sqlite").data
    for engine in ("duckdb", "pandas"):
        weighted = run_monitor(
            _req(data, window=window, engine=engine, weight="wt"), tmp_path / f"{engine}.sqlite"
        ).data
        validate(weighted, SCHEMA)
        assert _evidence_of(weighted) == _evidence_of(plain), engine
        assert weighted["windows"] == plain["windows"]
        last = weighted["comparisons"][0]["history"][-1]
        assert last["weighted"]["bet_cap"] == 1.0
        assert last["weighted"]["source"] == "weight" and last["weighted"]["column"] == "wt"
        assert weighted["request"]["weight"] == "wt" and "weight" not in plain["request"]


@pytest.mark.parametrize("window", ["1d", "700"])
def test_weights_of_one_over_the_propensity_give_the_propensity_evidence(tmp_path, days, window):
    def policy(frame):  # not powers of two: the two forms round differently, within 1e-9
        day = pd.to_datetime(frame["ts"]).dt.day.to_numpy()
        low = np.where(frame["race"] == "White", 0.8, 0.2 + 0.05 * (day % 5))
        return np.where(frame["pred"] == 1, low, 0.9).round(3)

    data = _with_propensity(days(tmp_path / "data", range(6), change_day=3), policy)
    _with_weight(data, lambda frame: 1 / frame["prop"])
    for engine in ("duckdb", "pandas"):
        by_p = _req(data, window=window, engine=engine, propensity="prop")
        by_w = _req(data, window=window, engine=engine, weight="wt")
        a = run_monitor(by_p, tmp_path / f"p-{engine}.sqlite").data
        b = run_monitor(by_w, tmp_path / f"w-{engine}.sqlite").data
        _close(_evidence_of(a), _evidence_of(b))
        for c, d in zip(a["comparisons"], b["comparisons"], strict=True):
            for h, k in zip(c["history"], d["history"], strict=True):
                assert (h["weighted"]["source"], k["weighted"]["source"]) == (
                    "propensity",
                    "weight",
                )
                _close(
                    {x: h["weighted"][x] for x in ("reference", "group", "bet_cap")},
                    {x: k["weighted"][x] for x in ("reference", "group", "bet_cap")},
                )
    assert any(h["weighted"]["bet_cap"] < 1 for c in b["comparisons"] for h in c["history"])


def test_engines_agree_on_uneven_weights_and_weights_change_the_evidence(tmp_path, days):
    data = _with_weight(days(tmp_path / "data", range(6)), _uneven)
    check_engines_agree_and_weights_matter(tmp_path, data, weight="wt")


@pytest.mark.parametrize(
    "value, shown",
    [(0, "'0'"), (-2, "'-2'"), ("", "empty"), ("abc", "'abc'"), ("inf", "'inf'"),
     ("nan", "empty")],
)  # fmt: skip
def test_bad_weights_are_refused_on_each_engine(tmp_path, days, capsys, value, shown):
    data = _with_weight(days(tmp_path / "data", range(3)), 3)
    frame = pd.read_csv(data / "day001.csv", dtype=str, keep_default_na=False)
    frame.loc[3, "wt"] = str(value)
    frame.to_csv(data / "day001.csv", index=False)
    for engine in ("duckdb", "pandas"):
        store = tmp_path / f"{engine}.sqlite"
        rc, out, err = _cli(
            capsys, "monitor", data, *FLAGS, "--protected", "race", "--engine", engine,
            "--weight", "wt", "--store", store,
        )  # fmt: skip
        assert rc == 2, (engine, err)
        line = err.strip()
        assert "\n" not in line, line
        assert "column 'wt (sample_weight)'" in line and "1 of 1,200 rows hold a weight" in line, (
            line
        )
        assert f"first at day001.csv line 5: {shown}" in line, line
        assert "outside [1e-100, 1e100]" in line and "Fix:" in line, line
        assert not store.exists() or store.stat().st_size == 0 or _no_windows(store)


def test_weight_options_are_checked(tmp_path, days, capsys):
    data = _with_propensity(_with_weight(days(tmp_path / "data", range(3)), 2), 0.5)
    base = ["monitor", data, *FLAGS, "--protected", "race"]
    rc, _, err = _cli(capsys, *base, "--weight", "nope", "--store", tmp_path / "a.sqlite")
    assert rc == 2 and "column 'nope'" in err
    rc, _, err = _cli(capsys, *base, "--weight", "label", "--store", tmp_path / "b.sqlite")
    assert rc == 2 and "--y-true and --weight both name 'label'" in err
    rc, _, err = _cli(capsys, *base, "--weight", "wt", "--propensity", "prop",
                      "--store", tmp_path / "c.sqlite")  # fmt: skip
    assert rc == 2 and "not both" in err and "--weight" in err and "\n" not in err.strip()
    # a store written without weights is refused with them, and the other way round
    store = tmp_path / "d.sqlite"
    assert _cli(capsys, *base, "--store", store)[0] == 0
    rc, _, err = _cli(capsys, *base, "--weight", "wt", "--store", store)
    assert rc == 2 and "weight not given there, 'wt' here" in err, err
    store = tmp_path / "e.sqlite"
    assert _cli(capsys, *base, "--weight", "wt", "--store", store)[0] == 0
    rc, _, err = _cli(capsys, *base, "--store", store)
    assert rc == 2 and "weight 'wt' there, not given here" in err, err
    rc, _, err = _cli(capsys, *base, "--propensity", "prop", "--store", store)
    assert (
        rc == 2 and "weight 'wt' there, not given here" in err and "propensity not given" in err
    ), err
    with pytest.raises(EthicLensInputError, match="not both"):
        _req(data, weight="wt", propensity="prop")


def test_weight_from_an_audit_spec(tmp_path, days, capsys):
    data = _with_weight(days(tmp_path / "data", range(4)), _uneven)
    spec = tmp_path / "audit.yaml"
    spec.write_text(
        f"target: {{file: {data}}}\nroles: {{y_pred: pred, y_true: label, "
        "protected: [race=White], weight: wt}\n"
    )
    out = tmp_path / "spec.json"
    rc, _, err = _cli(capsys, "monitor", "--config", spec, "--time", "ts", "--window", "1d",
                      "--store", tmp_path / "s.sqlite", "--json", out)  # fmt: skip
    assert rc == 0, err
    doc = json.loads(out.read_text())
    flags = run_monitor(_req(data, weight="wt"), tmp_path / "f.sqlite").data
    assert doc["request"]["weight"] == "wt"
    assert doc["comparisons"] == flags["comparisons"]
    read = read_store(tmp_path / "s.sqlite")
    assert read["request"]["weight"] == "wt" and read["report"]["comparisons"] == doc["comparisons"]


def test_weights_on_a_database_equal_the_files(tmp_path, days, capsys):
    """The same rows in daily files and in a SQLite table: identical JSON; an invalid weight
    in the table is refused with the files' line (no file and line)."""
    data = _with_propensity(days(tmp_path / "data", range(5), change_day=2), _powers_of_two)
    _with_weight(data, lambda frame: 1 / frame["prop"])
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    db = tmp_path / "rows.db"
    with sqlite3.connect(db) as con:
        frame.to_sql("preds", con, index=False)
        frame.assign(wt=frame["wt"].where(frame.index != 7, -1.0)).to_sql("bad", con, index=False)
    req = dict(window="2d", weight="wt")
    files = run_monitor(_req(data, **req), tmp_path / "f.sqlite").data
    base = {k: v for k, v in _req(data, **req).__dict__.items() if k not in ("target", "table")}
    database = run_monitor(
        MonitorRequest(target="db", **{**base, "db": f"sqlite:///{db}"}, table="preds"),
        tmp_path / "d.sqlite",
    ).data
    assert files["comparisons"] == database["comparisons"]
    assert files["windows"] == database["windows"]
    flags = [*FLAGS, "--protected", "race=White", "--weight", "wt"]
    rc, _, err = _cli(capsys, "monitor", "--db", f"sqlite:///{db}", "--table", "bad", *flags,
                      "--store", tmp_path / "bad.sqlite")  # fmt: skip
    assert rc == 2 and "1 of 2,000 rows hold a weight" in err and "wt" in err, err
