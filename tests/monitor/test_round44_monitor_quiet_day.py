"""Round 44 (monitor): a quiet day under --pos-label after days that held it.

Day 1's predictions are 'yes'/'no', day 2's all 'no'. Day 2 alone holds no 'yes' in any label
column, so the audit of day 2 alone refuses it (the spelling of the positive value is unknown)
and so did the monitor, on every engine: 'pos_label does not occur in the column', with a fix
to change --pos-label, which the store refuses as another request. Every later run holding day
2 was refused: the stream stuck. The store now remembers the values each label column wrote
beside the positive value (meta label_values, store version 2), and a TARGET writing only
those is all negative: the windows count what the audit of both days together counts. A value
never seen ('No') is refused naming what the store has seen; a version-1 store remembers none
until a TARGET holding the positive value, and a refused run writes nothing."""

import json
import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import audit
from ethiclens.monitor import MonitorRequest, run_monitor

N = 20


def _day(day, pred, y=None):
    rows = {
        "ts": [f"2024-03-0{day}T{h:02d}:00:00Z" for h in range(N)],
        "g": ["a", "b"] * (N // 2),
        "pred": pred,
    }
    return pd.DataFrame(rows | ({"y": y} if y is not None else {}))


D1 = _day(1, ["yes", "no", "no", "no"] * (N // 4), ["yes", "yes", "no", "no"] * (N // 4))
D2 = _day(2, ["no"] * N, ["no"] * N)
D3 = _day(3, ["yes", "no"] * (N // 2), ["no", "yes"] * (N // 2))


def _target(tmp_path, frame, name, engine):
    if engine == "sqlite":
        db = tmp_path / f"{name}.db"
        with sqlite3.connect(db) as con:
            frame.to_sql("preds", con, index=False)
        return "db", {"db": f"sqlite:///{db}", "table": "preds"}
    path = tmp_path / f"{name}.csv"
    frame.to_csv(path, index=False)
    return path, {"engine": engine}


def _run(tmp_path, frame, name, engine, store, y_true=None):
    target, kw = _target(tmp_path, frame, name, engine)
    request = MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", y_true=y_true,
        protected=("g=a",), pos_label="yes", **kw,
    )  # fmt: skip
    return run_monitor(request, store, warn=False).to_dict()


def _meta(store, key):
    with sqlite3.connect(store) as con:
        row = con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else json.loads(row[0])


@pytest.mark.parametrize("y_true", [None, "y"])
@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sqlite"])
def test_a_quiet_day_counts_as_the_audit_of_both_days(tmp_path, engine, y_true):
    store = tmp_path / "m.sqlite"
    d1, d2 = (d if y_true else d.drop(columns="y") for d in (D1, D2))
    _run(tmp_path, d1, "d1", engine, store, y_true)
    seen = {"y_pred": ["no", "yes"]} | ({"y_true": ["no", "yes"]} if y_true else {})
    assert _meta(store, "label_values") == seen
    doc = _run(tmp_path, d2, "d2", engine, store, y_true)  # was: refused, every run after too
    history = doc["comparisons"][0]["history"]
    assert len(history) == 2
    both = pd.concat([d1, d2])
    whole = audit(both.y if y_true else None, both.pred, both.g, pos_label="yes").to_dict()
    groups = {g["group"]: g for g in whole["attributes"][0]["groups"]}
    for side, group in (("reference", "a"), ("group", "b")):
        n = sum(h["counts"][side]["n"] for h in history)
        sel = sum(h["counts"][side]["sel"] for h in history)
        assert n == groups[group]["n"]
        assert sel / n == pytest.approx(groups[group]["metrics"]["selection_rate"]["value"])
        assert history[1]["counts"][side]["sel"] == 0
        if y_true:
            pos = sum(h["counts"][side]["pos"] for h in history)
            assert pos == groups[group]["n_positive_label"]
    d3 = D3 if y_true else D3.drop(columns="y")
    assert _run(tmp_path, d3, "d3", engine, store, y_true)["run"]["run"] == 3  # it goes on


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sqlite"])
def test_a_spelling_never_seen_is_refused_naming_what_the_store_has_seen(tmp_path, engine):
    store = tmp_path / "m.sqlite"
    _run(tmp_path, D1.drop(columns="y"), "d1", engine, store)
    before = store.read_bytes()
    odd = D2.drop(columns="y").assign(pred=["no", "No"] * (N // 2))
    with pytest.raises(EthicLensInputError) as err:
        _run(tmp_path, odd, "d2", engine, store)
    text = str(err.value)
    assert "column 'pred (y_pred)': pos_label does not occur in the column" in text
    assert "the store has seen 'no', 'yes'" in text
    assert "this column holds 'No', which it has not seen" in text
    assert "write it as the store has seen it (e.g. 'no')" in text
    assert "change" not in text.split("Fix:")[-1]  # never another --pos-label
    assert store.read_bytes() == before  # a refused run writes nothing


def test_a_version_1_store_learns_the_values_from_its_next_day_holding_the_label(tmp_path):
    store = tmp_path / "m.sqlite"
    _run(tmp_path, D1.drop(columns="y"), "d1", "pandas", store)
    with sqlite3.connect(store) as con:  # as a version-1 store: no remembered values
        con.execute("DELETE FROM meta WHERE key = 'label_values'")
        con.execute("UPDATE meta SET value = '1' WHERE key = 'store_version'")
    before = store.read_bytes()
    with pytest.raises(EthicLensInputError) as err:
        _run(tmp_path, D2.drop(columns="y"), "d2", "pandas", store)
    assert "the store has not seen its label columns' values yet" in str(err.value)
    assert "run again once rows holding 'yes' have come" in str(err.value)
    assert store.read_bytes() == before
    # the fix: the quiet day with the next, which holds 'yes'
    both = pd.concat([D2, D3]).drop(columns="y")
    doc = _run(tmp_path, both, "d23", "pandas", store)
    history = doc["comparisons"][0]["history"]
    assert [h["counts"]["reference"]["sel"] for h in history] == [5, 0, 10]
    assert (_meta(store, "store_version"), _meta(store, "label_values")) == (
        2,
        {"y_pred": ["no", "yes"]},
    )


def test_the_remembered_values_are_read_and_checked_as_a_setting(tmp_path):
    from ethiclens.monitor import read_store

    store = tmp_path / "m.sqlite"
    _run(tmp_path, D1.drop(columns="y"), "d1", "pandas", store)
    before = store.read_bytes()
    read_store(store)
    assert store.read_bytes() == before  # reading never writes
    with sqlite3.connect(store) as con:
        con.execute("UPDATE meta SET value = '{\"y_pred\": [1]}' WHERE key = 'label_values'")
    with pytest.raises(EthicLensInputError, match=r"is damaged \(meta 'label_values' holds 1"):
        read_store(store)
