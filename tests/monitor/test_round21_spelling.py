"""Round 21: a group keeps its store key whatever spelling or type a batch brings it in.

A batch whose group column is float (``1.0``/``2.0``, a CSV or a Parquet file) after batches
whose column was int (``1``/``2``) used to split every group off silently: new comparisons
``1.0 vs 1`` as ONE_GROUP, the real pair ``2 vs 1`` never bet on again, ``--fail-on alarm``
dead. Whole floats are now keyed as integers; a known group spelled otherwise (``A `` or ``a``
for ``A``) is refused, nothing written. Both file engines."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

MERGED = {"g": {"1": ["1", "1.0"], "2": ["2", "2.0"]}}

ENGINES = ["pandas", "duckdb"]


def _day(day: int, groups=(1, 2), seed=0) -> pd.DataFrame:
    rng = np.random.default_rng(seed + day)
    rows = []
    for g in groups:
        secs = rng.integers(0, 86400, 100)
        for s, p in zip(secs, rng.random(100) < 0.5, strict=True):
            ts = pd.Timestamp("2024-01-01", tz="UTC") + pd.Timedelta(days=day, seconds=int(s))
            rows.append((ts.strftime("%Y-%m-%dT%H:%M:%SZ"), g, int(p)))
    return pd.DataFrame(rows, columns=["ts", "g", "pred"])


def _write(frame: pd.DataFrame, path) -> str:
    if str(path).endswith(".parquet"):
        frame.to_parquet(path, index=False)
    else:
        frame.to_csv(path, index=False)
    return str(path)


def _run(target, store, engine, ref="1"):
    request = MonitorRequest(target=target, time="ts", window="1d", y_pred="pred",
                             protected=(f"g={ref}" if ref else "g",), engine=engine,
                             n_draws=100)  # fmt: skip
    return run_monitor(request, store).to_dict()


def _pairs(doc):
    return sorted((c["group"], c["reference"]) for c in doc["comparisons"])


def _groups(store) -> list:
    with sqlite3.connect(store) as con:
        text = con.execute("SELECT value FROM meta WHERE key = 'groups'").fetchone()[0]
    con.close()
    return json.loads(text)["g"]


def _windows(store) -> int:
    with sqlite3.connect(store) as con:
        n = con.execute("SELECT COUNT(*) FROM windows").fetchone()[0]
    con.close()
    return n


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_a_float_batch_after_int_batches_keeps_the_comparison(engine, kind, tmp_path):
    store = tmp_path / "s.sqlite"
    _run(_write(_day(0), tmp_path / f"d0.{kind}"), store, engine)
    floats = _day(1).astype({"g": float})
    doc = _run(_write(floats, tmp_path / f"d1.{kind}"), store, engine)
    assert _pairs(doc) == [("2", "1")]
    (c,) = doc["comparisons"]
    assert [h["window"] for h in c["history"]] == [0, 1]
    assert c["history"][-1]["status"] != "ONE_GROUP"
    assert c["history"][-1]["counts"]["group"]["n"] == 100
    # and back to int: still the one comparison
    doc = _run(_write(_day(2), tmp_path / f"d2.{kind}"), store, engine)
    assert _pairs(doc) == [("2", "1")]
    assert len(doc["comparisons"][0]["history"]) == 3


@pytest.mark.parametrize("engine", ENGINES)
def test_a_store_started_from_floats_takes_int_batches(engine, tmp_path):
    store = tmp_path / "s.sqlite"
    doc = _run(_write(_day(0).astype({"g": float}), tmp_path / "d0.csv"), store, engine, None)
    assert _pairs(doc) == [("2", "1")] or _pairs(doc) == [("1", "2")]
    doc = _run(_write(_day(1), tmp_path / "d1.csv"), store, engine, None)
    assert len(doc["comparisons"]) == 1
    assert len(doc["comparisons"][0]["history"]) == 2


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("spelled", ["A ", "a"])
def test_a_known_group_spelled_otherwise_is_refused(engine, spelled, tmp_path):
    store = tmp_path / "s.sqlite"
    _run(_write(_day(0, ("A", "B")), tmp_path / "d0.csv"), store, engine, "A")
    batch = _day(1, ("A", "B")).replace({"g": {"A": spelled}})
    with pytest.raises(EthicLensInputError) as err:
        _run(_write(batch, tmp_path / "d1.csv"), store, engine, "A")
    text = str(err.value)
    assert f"spells the store's group 'A' as {spelled!r}" in text
    assert "the store's reference 'A' has no rows in this batch" in text
    assert "nothing was written" in text
    assert _windows(store) == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_the_command_refuses_with_exit_2_and_writes_nothing(engine, tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    args = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "g=A",
            "--store", str(store), "--engine", engine]  # fmt: skip
    assert main(["monitor", _write(_day(0, ("A", "B")), tmp_path / "d0.csv"), *args]) == 0
    capsys.readouterr()
    batch = _day(1, ("A", "B")).replace({"g": {"A": "a"}})
    assert main(["monitor", _write(batch, tmp_path / "d1.csv"), *args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "'a' -> 'A': fix the case" in err
    assert _windows(store) == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_a_store_keyed_by_floats_takes_int_batches_by_value(engine, tmp_path):
    """``--protected g=1.0`` names the float spelling: the store keys whole numbers as floats,
    as the audit labels them, and an int batch's ``1`` and ``2`` are its ``1.0`` and ``2.0``
    (one value, one key), not refused."""
    store = tmp_path / "s.sqlite"
    doc = _run(_write(_day(0).astype({"g": float}), tmp_path / "d0.csv"), store, engine, "1.0")
    assert _pairs(doc) == [("2.0", "1.0")]
    doc = _run(_write(_day(1), tmp_path / "d1.csv"), store, engine, "1.0")
    assert _pairs(doc) == [("2.0", "1.0")]
    assert len(doc["comparisons"][0]["history"]) == 2
    assert _groups(store) == ["1.0", "2.0"]


def test_non_whole_floats_keep_their_spelling(tmp_path):
    store = tmp_path / "s.sqlite"
    doc = _run(_write(_day(0, (1.5, 2.5)), tmp_path / "d0.csv"), store, "pandas", None)
    assert {c["group"] for c in doc["comparisons"]} | {
        c["reference"] for c in doc["comparisons"]
    } == {"1.5", "2.5"}


# -- round 22: keyed by value, batch after batch (a real float column never gets stuck) -------


def _frame(day: int, groups) -> pd.DataFrame:
    """40 rows a day for two days from ``day``, the groups in turn."""
    rng = np.random.default_rng(day)
    rows = []
    for d in (day, day + 1):
        for i in range(40):
            ts = f"2024-01-{d:02d}T{i % 24:02d}:00:00"
            rows.append((ts, groups[i % len(groups)], int(rng.random() < 0.5)))
    return pd.DataFrame(rows, columns=["ts", "g", "pred"])


# the re-tester's streams: a float column whose batches happen to be all whole, or not
STREAMS = {
    "f": [(1, [1.0, 1.5]), (3, [2.0, 3.0]), (5, [1.0, 2.0])],
    "w": [(1, [1.0, 2.0]), (3, [1.0, 1.5, 2.0])],
}
EXPECTED = {
    "f": ([("1.5", "1"), ("2", "1"), ("3", "1")], ["1", "1.5", "2", "3"]),
    "w": ([("1.5", "1"), ("2", "1")], ["1", "1.5", "2"]),
}


def _sqlite_batch(frame: pd.DataFrame, db, table: str) -> None:
    with sqlite3.connect(db) as con:
        con.execute(f"CREATE TABLE {table} (ts TEXT, g REAL, pred INTEGER)")
        con.executemany(f"INSERT INTO {table} VALUES (?, ?, ?)", frame.itertuples(index=False))
    con.close()


@pytest.mark.parametrize("stream", sorted(STREAMS))
@pytest.mark.parametrize("engine", [*ENGINES, "sqlite"])
def test_a_float_column_is_keyed_by_value_batch_after_batch(stream, engine, tmp_path, capsys):
    store, db = tmp_path / "s.sqlite", tmp_path / "db.sqlite"
    args = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "g",
            "--store", str(store), "--json", str(tmp_path / "o.json")]  # fmt: skip
    for i, (day, groups) in enumerate(STREAMS[stream]):
        frame = _frame(day, groups)
        if engine == "sqlite":
            _sqlite_batch(frame, db, f"b{i}")
            source = ["--db", f"sqlite:///{db}", "--table", f"b{i}"]
        else:
            source = [_write(frame, tmp_path / f"b{i}.csv"), "--engine", engine]
        assert main(["monitor", *source, *args]) == 0, capsys.readouterr().err
    doc = json.loads((tmp_path / "o.json").read_text())
    assert (_pairs(doc), _groups(store)) == EXPECTED[stream]


@pytest.mark.parametrize("engine", ENGINES)
def test_one_value_spelled_twice_in_a_batch_is_one_group(engine, tmp_path):
    """Round 49: one file writing '1' and '1.0' is audited as two groups (the audit reads the
    groups as text), so it is refused; merged as asked, it is one group."""
    frame = _day(0)
    frame["g"] = frame["g"].astype(str)
    frame.loc[frame.index[::2], "g"] = frame["g"][::2] + ".0"  # '1' and '1.0' alike
    store = tmp_path / "s.sqlite"
    with pytest.raises(EthicLensInputError, match=r"writes one value 2 ways \(1, 1.0\)"):
        _run(_write(frame, tmp_path / "d0.csv"), store, engine)
    request = MonitorRequest(target=str(tmp_path / "d0.csv"), time="ts", window="1d",
                             y_pred="pred", protected=("g=1",), engine=engine, n_draws=100,
                             merge_groups=MERGED)  # fmt: skip
    doc = run_monitor(request, store).to_dict()
    assert _pairs(doc) == [("2", "1")]
    assert doc["comparisons"][0]["history"][0]["counts"]["group"]["n"] == 100
    assert _groups(store) == ["1", "2"]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_text_spelled_like_numbers_keeps_its_text(engine, kind, tmp_path):
    """``1e3`` and ``2.50e2`` in a text column (or a CSV) are the audit's groups ``1e3`` and
    ``2.50e2``, not 1000 and 250; ``01`` is not ``1``."""
    store = tmp_path / "s.sqlite"
    frame = _day(0, ("1e3", "2.50e2"))
    doc = _run(_write(frame, tmp_path / f"d0.{kind}"), store, engine, None)
    assert set(_pairs(doc)[0]) == {"2.50e2", "1e3"}
    assert sorted(_groups(store)) == ["1e3", "2.50e2"]
    store = tmp_path / "t.sqlite"
    doc = _run(_write(_day(0, ("01", "1")), tmp_path / f"e0.{kind}"), store, engine, "01")
    assert _pairs(doc) == [("1", "01")]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_store_holding_a_and_A_keeps_both_and_refusals_tell_the_truth(engine, tmp_path):
    store = tmp_path / "s.sqlite"
    doc = _run(_write(_day(0, ("A", "a")), tmp_path / "d0.csv"), store, engine, "A")
    assert _pairs(doc) == [("a", "A")]
    doc = _run(_write(_day(1, ("A", "a")), tmp_path / "d1.csv"), store, engine, "A")
    assert len(doc["comparisons"][0]["history"]) == 2
    # ' a' (beside the reference) or ' A' (instead of it): refused, the advice the one that
    # works, the reference said to have no rows only when it has none
    for batch, ours, none in (("A", " a"), "a", False), (("a", " A"), "A", True):
        with pytest.raises(EthicLensInputError) as err:
            _run(_write(_day(2, batch), tmp_path / "d2.csv"), store, engine, "A")
        assert f"({batch[1]!r} -> {ours!r}: strip the spaces)" in str(err.value)
        assert ("the store's reference 'A' has no rows" in str(err.value)) is none
    assert _windows(store) == 2


# -- round 23: a bool column and its 0/1 (or true/false) are one attribute's groups ----------


def _bool_day(day: int, values) -> pd.DataFrame:
    """``_day`` with its groups 1 and 2 written as ``values`` (the truth of 2, then of 1)."""
    frame = _day(day).astype({"g": object})
    frame["g"] = frame["g"].map({2: values[0], 1: values[1]})
    return frame


BATCHES = {
    "int": (1, 0),
    "float": (1.0, 0.0),
    "text 1/0": ("1", "0"),
    "text true/false": ("true", "false"),
}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("kind", ["csv", "parquet"])
@pytest.mark.parametrize("batch", sorted(BATCHES))
def test_a_bool_store_takes_a_batch_of_0_and_1_as_false_and_true(engine, kind, batch, tmp_path):
    """A store started from a bool column (``True``/``False``), then a batch with the group
    written 1|0 (or ``true``/``false``): the same two groups, ``True vs False`` goes on with
    the batch's counts; no new groups ``0`` and ``1`` against a reference with no rows."""
    store = tmp_path / "s.sqlite"
    doc = _run(_write(_bool_day(0, (True, False)), tmp_path / "d0.parquet"), store, engine,
               "False")  # fmt: skip
    assert _pairs(doc) == [("True", "False")]
    frame = _bool_day(1, BATCHES[batch])
    if kind == "parquet":
        frame = frame.astype({"g": type(BATCHES[batch][0])})
    doc = _run(_write(frame, tmp_path / f"d1.{kind}"), store, engine, "False")
    assert _pairs(doc) == [("True", "False")]
    (c,) = doc["comparisons"]
    assert [h["window"] for h in c["history"]] == [0, 1]
    counts = c["history"][-1]["counts"]
    assert (counts["group"]["n"], counts["reference"]["n"]) == (100, 100)
    day = _day(1)  # True is its 2, False its 1
    sel = [int(day.loc[day["g"] == g, "pred"].sum()) for g in (2, 1)]
    assert [counts["group"]["sel"], counts["reference"]["sel"]] == sel
    assert sorted(_groups(store)) == ["False", "True"]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_a_store_keyed_0_and_1_takes_a_bool_batch_as_0_and_1(engine, kind, tmp_path):
    store = tmp_path / "s.sqlite"
    doc = _run(_write(_bool_day(0, (1, 0)), tmp_path / f"d0.{kind}"), store, engine, "0")
    assert _pairs(doc) == [("1", "0")]
    frame = _bool_day(1, (True, False)).astype({"g": bool})
    doc = _run(_write(frame, tmp_path / f"d1.{kind}"), store, engine, "0")
    assert _pairs(doc) == [("1", "0")]
    counts = doc["comparisons"][0]["history"][-1]["counts"]
    assert (counts["group"]["n"], counts["reference"]["n"]) == (100, 100)
    assert sorted(_groups(store)) == ["0", "1"]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_command_takes_the_re_testers_bool_stream(engine, tmp_path, capsys):
    """Parquet bool, then CSV 1|0, then CSV true|false: one comparison, three windows."""
    store = tmp_path / "s.sqlite"
    args = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "g",
            "--store", str(store), "--engine", engine,
            "--json", str(tmp_path / "o.json")]  # fmt: skip
    sources = [_write(_bool_day(0, (True, False)).astype({"g": bool}), tmp_path / "d0.parquet"),
               _write(_bool_day(1, (1, 0)), tmp_path / "d1.csv"),
               _write(_bool_day(2, ("true", "false")), tmp_path / "d2.csv")]  # fmt: skip
    for source in sources:
        assert main(["monitor", source, *args]) == 0, capsys.readouterr().err
    doc = json.loads((tmp_path / "o.json").read_text())
    assert sorted(_groups(store)) == ["False", "True"]
    (c,) = doc["comparisons"]
    assert {c["group"], c["reference"]} == {"True", "False"}
    assert len(c["history"]) == 3


@pytest.mark.parametrize("engine", ENGINES)
def test_a_truth_with_spaces_is_refused_and_nothing_written(engine, tmp_path):
    """`` true`` is not a truth as written: refused as the store's ``True`` with spaces (the
    advice works: ``True`` or ``true`` is taken), nothing written."""
    store = tmp_path / "s.sqlite"
    _run(_write(_bool_day(0, (True, False)), tmp_path / "d0.parquet"), store, engine, "False")
    with pytest.raises(EthicLensInputError) as err:
        _run(_write(_bool_day(1, (" true", " false")), tmp_path / "d1.parquet"), store, engine,
             "False")  # fmt: skip
    advice = [f"({t!r} -> {t.strip().title()!r}: strip the spaces and fix the case)"
              for t in (" true", " false")]  # fmt: skip
    assert any(a in str(err.value) for a in advice)
    assert "nothing was written" in str(err.value)
    assert _windows(store) == 1
    assert sorted(_groups(store)) == ["False", "True"]
    doc = _run(_write(_bool_day(1, ("true", "false")), tmp_path / "d1.parquet"), store, engine,
               "False")  # fmt: skip
    assert len(doc["comparisons"][0]["history"]) == 2
