"""The second tester's round on ``ethiclens monitor``: each class of problem it found, fixed
and held here (nullable DataFrame columns, ...)."""

import datetime as dt
import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor
from ethiclens.sources import RESERVED

from .conftest import FLAGS, run_cli

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def _rows(tmp_path, days) -> pd.DataFrame:
    """Three days of rows (ts, label, pred, race) with an age column, typed as pandas reads
    them."""
    data = days(tmp_path / "data", range(3), n=200, change_day=1)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    return frame.assign(age=np.arange(len(frame)) % 90, ts=pd.to_datetime(frame["ts"], utc=True))


def _json(target, store, engine, **kw) -> dict:
    roles = dict(time="ts", y_pred="pred", y_true="label", protected=("race",), window="1d")
    request = MonitorRequest(target=target, engine=engine, **{**roles, **kw})
    doc = run_monitor(request, store, now=NOW).data
    doc["run"].pop("engine")
    doc.pop("store")
    return doc


# -- 3: nullable dtypes count on pandas as on DuckDB; duplicated names refused on both ------

NULLABLE = {
    "Int64": ("pred", "Int64"),
    "Float64": ("label", "Float64"),
    "boolean": ("pred", "boolean"),
    "string[pyarrow]": ("race", "string[pyarrow]"),
    "category": ("race", "category"),
    "Int64 protected": ("age", "Int64"),
}


@pytest.mark.parametrize("case", list(NULLABLE))
def test_nullable_columns_count_alike_on_both_engines(tmp_path, days, case):
    pytest.importorskip("duckdb")
    column, dtype = NULLABLE[case]
    frame = _rows(tmp_path, days)
    frame[column] = frame[column].astype(dtype)
    kw = {"protected": ("age",), "bins": {"age": [0, 30, 90]}} if column == "age" else {}
    docs = [_json(frame, tmp_path / f"{e}.sqlite", e, **kw) for e in ("pandas", "duckdb")]
    assert docs[0] == docs[1]
    assert docs[0]["windows"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_duplicated_column_names_are_refused_on_both_engines(tmp_path, days, engine):
    pytest.importorskip("duckdb")
    frame = _rows(tmp_path, days)
    frame = pd.concat([frame, frame[["race"]]], axis=1)
    with pytest.raises(EthicLensInputError) as exc:
        _json(frame, tmp_path / "s.sqlite", engine)
    assert "'race'" in str(exc.value) and "\n" not in str(exc.value)


# -- 4: a role column may bear any name the counts use inside ---------------------------------

INTERNAL_NAMES = ["y_pred", "y_true", "_day", "_tmin", "_tmax", "_ts", "_bad", "_example",
                  "_window", "_count", "_raw", "_file", "_line", "_w", "_p", "_flag"]  # fmt: skip


def _renamed(doc, name: str):
    """``doc`` with ``name`` (as a whole string or key) put as ``race``: applied to both reports,
    a column's name is all that can tell them apart (but for the bootstrap intervals, whose
    seeds hold the attribute's name: left out)."""
    if isinstance(doc, dict):
        kept = {k: v for k, v in doc.items() if k not in ("ci_low", "ci_high")}
        return {_renamed(k, name): _renamed(v, name) for k, v in kept.items()}
    if isinstance(doc, list):
        return [_renamed(v, name) for v in doc]
    return "race" if doc == name else doc


@pytest.mark.parametrize("name", [n for n in INTERNAL_NAMES if n not in RESERVED])
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("window", ["1d", "300"])
def test_a_protected_column_may_take_an_internal_name(tmp_path, days, name, engine, window):
    pytest.importorskip(engine)
    frame = _rows(tmp_path, days)
    neutral = _json(frame, tmp_path / "a.sqlite", engine, window=window)
    renamed = frame.rename(columns={"race": name})
    doc = _json(renamed, tmp_path / "b.sqlite", engine, window=window, protected=(name,))
    assert _renamed(doc, name) == _renamed(neutral, name)


@pytest.mark.parametrize("name", [n for n in INTERNAL_NAMES if n in RESERVED])
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_protected_column_named_like_a_counts_column_is_refused(tmp_path, days, name, engine):
    """y_pred / y_true as an attribute's name: counted by the file engines and refused by the
    database's until round 37 (7053e75b); now refused on every engine, as the audit does."""
    pytest.importorskip(engine)
    renamed = _rows(tmp_path, days).rename(columns={"race": name})
    with pytest.raises(EthicLensInputError) as exc:
        _json(renamed, tmp_path / "b.sqlite", engine, protected=(name,))
    assert exc.value.column == name
    assert exc.value.problem == "a protected attribute may not use a reserved counts-table name"


def test_a_role_column_with_the_monitors_prefix_is_refused(tmp_path, days):
    frame = _rows(tmp_path, days).rename(columns={"race": "_ethiclens_race"})
    with pytest.raises(EthicLensInputError, match="the monitor's own"):
        _json(frame, tmp_path / "s.sqlite", "pandas", protected=("_ethiclens_race",))


# -- 5: --merge-groups names bin labels, whose commas are inside brackets ---------------------


def test_merges_split_groups_at_commas_outside_brackets():
    from ethiclens.spec import parse_merges

    merges = parse_merges(["age=[0, 30),[30, 50):young", "race=Asian,Native (US):Other"])
    assert merges == {
        "age": {"young": ["[0, 30)", "[30, 50)"]},
        "race": {"Other": ["Asian", "Native (US)"]},
    }


def _aged_csv(tmp_path, days) -> str:
    frame = _rows(tmp_path, days)
    frame["ts"] = frame["ts"].dt.strftime("%Y-%m-%dT%H:%M:%SZ")
    path = tmp_path / "aged.csv"
    frame.to_csv(path, index=False)
    return str(path)


MERGE = ("--bins", "age=0,30,50,100", "--merge-groups", "age=[0, 30),[30, 50):young")


def test_the_monitor_merges_bin_labels_given_on_the_command_line(tmp_path, days, capsys):
    target = _aged_csv(tmp_path, days)
    out = tmp_path / "m.json"
    argv = [target, "--time", "ts", "--window", "1d", "--y-pred", "pred", "--y-true", "label"]
    rc, _, err = run_cli(capsys, "monitor", *argv, "--protected", "age", *MERGE,
                         "--store", tmp_path / "s.sqlite", "--json", out)  # fmt: skip
    assert rc == 0, err
    comparisons = json.loads(out.read_text())["comparisons"]
    assert "young" in {c[k] for c in comparisons for k in ("group", "reference")}


def test_the_audit_merges_bin_labels_given_on_the_command_line(tmp_path, days, capsys):
    target = _aged_csv(tmp_path, days)
    out = tmp_path / "a.json"
    argv = [target, "--y-pred", "pred", "--y-true", "label", "--protected", "age", *MERGE]
    rc, _, err = run_cli(capsys, "audit", *argv, "--json", out)
    assert rc == 0, err
    assert "young" in out.read_text()


# -- 6: a baseline sharing any file with TARGET is refused ------------------------------------


def test_a_baseline_sharing_one_of_targets_files_is_refused(tmp_path, days, capsys):
    feed = days(tmp_path / "feed", range(4), n=200)
    rc, _, err = run_cli(capsys, "monitor", feed, *FLAGS, "--protected", "race",
                         "--baseline-target", feed / "day000.csv",
                         "--store", tmp_path / "s.sqlite")  # fmt: skip
    assert rc != 0
    assert "shares 1 of TARGET's files" in err and "day000.csv" in err


# -- 7: every line of the terminal summary is one line, whatever the names hold -----------------


def test_the_summary_writes_names_on_one_line(tmp_path, days):
    from ethiclens.monitor import summary_lines

    frame = _rows(tmp_path, days)
    frame["race"] = frame["race"].replace({"White": "Wh\nite", "Black": "Bl\tack\x1b[31m"})
    request = MonitorRequest(target=frame, time="ts", y_pred="pred", y_true="label",
                             protected=("race=Wh\nite",), window="1d",
                             exclude_groups={"race": ["Asian"]})  # fmt: skip
    doc = run_monitor(request, tmp_path / "s.sqlite", now=NOW).data
    lines = summary_lines(doc)
    assert not [line for line in lines if any(c in line for c in "\n\t\r\x1b")]
    assert any("Wh\\nite" in line for line in lines)
    assert any("Bl\\tack" in line for line in lines)


# -- 8: MonitorRequest's fields of the wrong Python type ---------------------------------------

WRONG_TYPES = {
    "bins": ({"protected": ("age",), "bins": [0, 50, 100]}, "bins"),
    "merge_groups": ({"merge_groups": ["Asian", "Black"]}, "merge_groups"),
    "exclude_groups": ({"exclude_groups": "Asian"}, "exclude_groups"),
    "intersections": ({"intersections": ("race", "sex")}, "intersections"),
    "baseline_target": ({"baseline_target": pd.DataFrame({"a": [1]})}, "baseline_target"),
}


@pytest.mark.parametrize("case", list(WRONG_TYPES))
def test_a_field_of_the_wrong_type_is_refused_by_name(tmp_path, days, case):
    kw, name = WRONG_TYPES[case]
    roles = dict(time="ts", y_pred="pred", y_true="label", protected=("race",), window="1d")
    with pytest.raises(EthicLensInputError) as exc:
        MonitorRequest(target=_rows(tmp_path, days), **{**roles, **kw})
    assert f"'{name}'" in str(exc.value) and "\n" not in str(exc.value)


def test_protected_as_one_name_is_one_item(tmp_path, days):
    frame = _rows(tmp_path, days)
    request = MonitorRequest(target=frame, time="ts", y_pred="pred", window="1d", protected="race")
    assert request.protected == ("race",)
    assert run_monitor(request, tmp_path / "s.sqlite", now=NOW).data["comparisons"]


# -- 9: the smaller ones ----------------------------------------------------------------------


def test_a_refused_first_run_leaves_no_store_file(tmp_path, days, capsys):
    feed = days(tmp_path / "feed", range(2), n=100)
    store = tmp_path / "s.sqlite"
    rc, _, _ = run_cli(capsys, "monitor", feed, *FLAGS, "--protected", "nosuch", "--store", store)
    assert rc != 0 and not store.exists()


def test_a_di_threshold_far_below_one_is_refused(tmp_path, days):
    with pytest.raises(EthicLensInputError, match="from 0.01 up to"):
        MonitorRequest(target=_rows(tmp_path, days), time="ts", y_pred="pred", window="1d",
                       protected=("race",), di_threshold=1e-300)  # fmt: skip


def test_the_summary_tells_close_bin_edges_apart(tmp_path, days):
    from ethiclens.monitor import summary_lines

    frame = _rows(tmp_path, days)
    edges = [0, 50.0000001, 50.0000002, 100]
    request = MonitorRequest(target=frame, time="ts", y_pred="pred", window="1d",
                             protected=("age",), bins={"age": edges})  # fmt: skip
    doc = run_monitor(request, tmp_path / "s.sqlite", now=NOW).data
    assert "binned: age at 0, 50.0000001, 50.0000002, 100" in summary_lines(doc)


CONFIGS = {
    "groups.bins": ("groups:\n  bins:\n    age: [0, .nan, 100]\n", ("--protected", "age")),
    "groups.merge": ("groups:\n  merge:\n    race:\n      White: [Black, Asian]\n", ()),
    "bins left by --protected": ("groups:\n  bins:\n    age: [0, 50, 100]\n", ()),
}


@pytest.mark.parametrize("case", list(CONFIGS))
def test_a_configs_value_is_refused_by_its_key(tmp_path, days, capsys, case):
    text, protected = CONFIGS[case]
    feed = days(tmp_path / "feed", range(2), n=100)
    config = tmp_path / "c.yaml"
    config.write_text(text)
    rc, _, err = run_cli(capsys, "monitor", feed, *FLAGS, *(protected or ("--protected", "race")),
                         "--config", config, "--store", tmp_path / "s.sqlite")  # fmt: skip
    assert rc != 0
    key = "groups.merge" if "merge" in case else "groups.bins"
    assert f"key '{key}'" in err and "option '--" not in err
