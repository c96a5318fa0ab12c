"""What an adversarial feed, store or command line does: refused in one line (nothing stored), or
handled alike on every engine; never a traceback, never NaN evidence in the store."""

import json
import sqlite3
import threading
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import _run as run_module
from ethiclens.monitor import (
    check_monitor_outputs,
    parse_window,
    render_html,
    run_monitor,
)

from .conftest import FLAGS
from .conftest import request_of as _req
from .conftest import run_cli as _cli

ENGINES = ("pandas", "duckdb")


def _stored_windows(store) -> int:
    if not store.exists() or store.stat().st_size == 0:
        return 0
    with sqlite3.connect(store) as con:
        try:
            return con.execute("SELECT count(*) FROM windows").fetchone()[0]
        except sqlite3.OperationalError:  # no tables: the run committed nothing
            return 0


def _refused_alike(tmp_path, data, **kw) -> str:
    """The one message every engine gives for ``data`` (nothing stored); returned."""
    messages = set()
    for engine in ENGINES:
        store = tmp_path / f"{engine}-{len(messages)}.sqlite"
        with pytest.raises(EthicLensInputError) as info:
            run_monitor(_req(data, engine=engine, **kw), store)
        assert "\n" not in str(info.value)
        assert _stored_windows(store) == 0, engine
        messages.add(str(info.value))
    assert len(messages) == 1, messages
    return messages.pop()


def _set_value(folder, column, value, row=3, name="day001.csv"):
    frame = pd.read_csv(folder / name, dtype=str, keep_default_na=False)
    frame.loc[row, column] = value
    frame.to_csv(folder / name, index=False)
    return folder


def _with_column(folder, column, value):
    for f in sorted(folder.glob("*.csv")):
        frame = pd.read_csv(f)
        frame[column] = value(frame) if callable(value) else value
        frame.to_csv(f, index=False)
    return folder


# -- 1: weights whose squares or inverses overflow; NaN evidence; alpha ---------------------------


@pytest.mark.parametrize(
    ("role", "value", "words"),
    [
        ("weight", "1e200", "outside [1e-100, 1e100]"),
        ("weight", "1e-320", "outside [1e-100, 1e100]"),
        ("propensity", "1e-200", "below 1e-100"),
    ],
)
def test_weights_beyond_the_usable_range_are_refused_alike(tmp_path, days, role, value, words):
    data = _with_column(days(tmp_path / "data", range(3), n=100), "wt", 0.5)
    _set_value(data, "wt", value)
    message = _refused_alike(tmp_path, data, **{role: "wt"})
    said = "propensity" if role == "propensity" else "sample_weight"  # as the audit names it
    assert f"column 'wt ({said})'" in message and words in message
    assert f"first at day001.csv line 5: '{value}'" in message


def test_evidence_that_is_not_a_number_is_never_stored(tmp_path, days, monkeypatch):
    data = days(tmp_path / "data", range(3), n=100)
    store = tmp_path / "s.sqlite"
    body = run_module._window_body

    def poisoned(request, row, est):
        out = body(request, row, est)
        out["tests"]["disparate_impact"]["log_e_value"] = float("nan")
        return out

    monkeypatch.setattr(run_module, "_window_body", poisoned)
    with pytest.raises(EthicLensInputError, match=r"race: \w+ came out not a number"):
        run_monitor(_req(data), store)
    assert _stored_windows(store) == 0
    monkeypatch.undo()
    assert run_monitor(_req(data), store).data["run"]["new_windows"] == 3


@pytest.mark.parametrize("alpha", [5e-324, 1e-13])
def test_an_alpha_too_small_to_alarm_is_refused(tmp_path, days, alpha):
    store = tmp_path / "s.sqlite"
    with pytest.raises(EthicLensInputError, match="argument 'alpha'"):
        run_monitor(_req(days(tmp_path / "data", range(2), n=50), alpha=alpha), store)
    assert not store.exists()


# -- 2: weighted fingerprints and sums do not depend on row order or engine -----------------------


def _comparable(doc: dict) -> str:
    doc = json.loads(json.dumps(doc))
    for key in ("engine", "at"):
        doc["run"].pop(key, None)
    doc.pop("store", None)
    doc.pop("created", None)
    return json.dumps(doc, sort_keys=True)


@pytest.mark.parametrize("role", ["weight", "propensity"])
def test_weighted_runs_agree_across_engines_and_row_orders(tmp_path, days, role):
    rng = np.random.default_rng(7)  # non-dyadic weights: float sums depend on the order
    data = _with_column(
        days(tmp_path / "data", range(4), n=300),
        "wt",
        lambda f: (
            rng.uniform(0.05, 0.95, len(f)) if role == "propensity" else rng.lognormal(size=len(f))
        ),
    )
    docs = [run_monitor(_req(data, engine=e, **{role: "wt"}), tmp_path / f"{e}.sqlite").data
            for e in ENGINES]  # fmt: skip
    assert _comparable(docs[0]) == _comparable(docs[1])
    shuffled = tmp_path / "shuffled"
    shuffled.mkdir()
    for f in sorted(data.glob("*.csv")):
        pd.read_csv(f, dtype=str).sample(frac=1, random_state=1).to_csv(
            shuffled / f.name, index=False
        )
    for engine, store in (("duckdb", "pandas"), ("pandas", "duckdb")):
        again = run_monitor(
            _req(shuffled, engine=engine, **{role: "wt"}), tmp_path / f"{store}.sqlite"
        )
        assert again.data["run"]["already_seen"] == 4 and again.data["run"]["new_windows"] == 0
    # a separate baseline with the same weights: accepted again, shuffled and on the other engine
    base = tmp_path / "base.sqlite"
    copy = tmp_path / "copy"
    copy.mkdir()
    for f in sorted(data.glob("*.csv")):
        (copy / f.name).write_bytes(f.read_bytes())
    kw = {role: "wt", "baseline_target": str(copy)}
    run_monitor(_req(data, engine="pandas", **kw), base)
    kw["baseline_target"] = str(shuffled)
    assert run_monitor(_req(data, engine="duckdb", **kw), base).data["run"]["already_seen"] == 4


# -- 5: one rule for times and missing groups on every engine -------------------------------------


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("2024-03-02T22:48:40 Europe/Paris", "not a date or time"),
        ("2024-03-02T22:48:40+25:00", "not a date or time"),
        ("2024-03-02T24:00:00", "not a date or time"),
        # pandas alone would read these three
        ("20240302", "not a date or time"),
        ("2024-03-02T22", "not a date or time"),
        ("2024-03-02T22:48:40 +02:00", "not a date or time"),
        ("9999-12-31T23:59:59", "outside 1678-01-01 to 2262-01-01"),
        ("", "have no time"),
        ("NA", "have no time"),
    ],
)
def test_bad_times_are_refused_alike_naming_file_and_line(tmp_path, days, value, words):
    data = _set_value(days(tmp_path / "data", range(3), n=100), "ts", value)
    message = _refused_alike(tmp_path, data)
    assert words in message and "first at day001.csv line 5" in message, message
    if value.strip() and value != "NA":
        assert repr(value) in message


@pytest.mark.parametrize("value", ["NA", "", "null", "N/A"])
def test_a_missing_value_word_is_no_group_on_every_engine(tmp_path, days, value):
    data = _set_value(days(tmp_path / "data", range(3), n=100), "race", value)
    refused = _refused_alike(tmp_path, data)
    assert "1 missing group value(s), first at day001.csv line " in refused


def test_a_parquet_row_is_named_by_its_number(tmp_path, days):
    data = days(tmp_path / "data", range(2), n=50)
    pq = tmp_path / "pq"
    pq.mkdir()
    for f in sorted(data.glob("*.csv")):
        frame = pd.read_csv(f, dtype=str)
        frame.loc[3, "ts"] = "yesterday"
        frame.to_parquet(pq / f"{f.stem}.parquet")
    message = _refused_alike(tmp_path, pq)
    assert "first at day000.parquet row 4" in message and "line" not in message


# -- 6: tracebacks that are one-line errors, or correct behaviour ---------------------------------


@pytest.mark.parametrize("text", ["3000000d", "99999999999999999999d", "99999999999999999999"])
def test_a_window_too_large_is_refused(text):
    with pytest.raises(EthicLensInputError, match="option '--window'.*larger than the largest"):
        parse_window(text)


def test_a_read_only_store_is_refused_in_one_line(tmp_path, days, monkeypatch):
    data = days(tmp_path / "data", range(2), n=50)
    store = tmp_path / "s.sqlite"
    run_monitor(_req(data), store)
    days(tmp_path / "data", range(3), n=50)  # the same two days and a new one to add
    connect = sqlite3.connect
    monkeypatch.setattr(
        sqlite3, "connect", lambda path, **kw: connect(f"file:{path}?mode=ro", uri=True, **kw)
    )
    with pytest.raises(EthicLensInputError, match="cannot be written: .* read-only"):
        run_monitor(_req(data), store)


def test_runs_at_once_on_one_store_wait_for_each_other(tmp_path, days):
    data = days(tmp_path / "data", range(4), n=200)
    store = tmp_path / "s.sqlite"
    done, failed = [], []

    def one():
        try:
            done.append(run_monitor(_req(data, engine="pandas"), store).data["run"])
        except Exception as exc:  # noqa: BLE001 - the test reports any failure
            failed.append(exc)

    threads = [threading.Thread(target=one) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failed, failed
    assert sorted(r["new_windows"] for r in done) == [0, 0, 4]
    assert _stored_windows(store) == 4


# -- 8: a stray row far in the past ---------------------------------------------------------------


def test_a_run_adding_too_many_windows_is_refused(tmp_path, days):
    data = _set_value(days(tmp_path / "data", range(3), n=100), "ts", "1900-01-01T00:00:00Z")
    store = tmp_path / "s.sqlite"
    with pytest.raises(EthicLensInputError) as info:
        run_monitor(_req(data), store)
    message = str(info.value)
    assert "would add 45," in message and "1900-01-01T00:00:00Z to 2024-03-03" in message
    assert "stray rows" in message
    assert _stored_windows(store) == 0


# -- 10: outputs checked before the store is touched ----------------------------------------------


def test_outputs_are_checked_before_the_run(tmp_path):
    with pytest.raises(EthicLensInputError, match="only --json can go to standard output"):
        check_monitor_outputs(html_out="-")
    with pytest.raises(EthicLensInputError, match="folder .*nodir does not exist"):
        check_monitor_outputs(json_out=str(tmp_path / "nodir" / "x.json"))
    with pytest.raises(EthicLensInputError, match="one would replace the other"):
        check_monitor_outputs(str(tmp_path / "a"), str(tmp_path / "a"))
    check_monitor_outputs("-", str(tmp_path / "x.html"), str(tmp_path / "s.sqlite"))


# -- 11: quiet rendering, counted nouns -----------------------------------------------------------


def test_a_one_row_window_and_glyphs_the_font_lacks(tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    pd.DataFrame(
        {
            "ts": ["2024-03-01T10:00:00Z", "2024-03-01T11:00:00Z", "2024-03-02T10:00:00Z"],
            "label": [1, 0, 1],
            "pred": [1, 0, 0],
            "race": ["数", "ቋ", "数"],
        }
    ).to_csv(data / "d.csv", index=False)
    store = tmp_path / "s.sqlite"
    rc, out, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race", "--store", store)
    assert rc == 0, err
    assert "(1 row, PROCESSED)" in out
    doc = run_monitor(_req(data, protected=("race",)), store).data
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        render_html(doc)


def test_the_cli_checks_outputs_before_the_store(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(3), n=100)
    store = tmp_path / "s.sqlite"
    for flags in (["--json", tmp_path / "nodir" / "x.json"], ["--html", "-"]):
        rc, out, err = _cli(
            capsys, "monitor", data, *FLAGS, "--protected", "race", "--store", store,
            "--fail-on", "alarm", *flags,
        )  # fmt: skip
        assert rc == 2 and err.count("\n") == 1, err
        assert _stored_windows(store) == 0
