"""Round 44 (monitor): a baseline that selected no one in a group has no DI band.

``--baseline-target`` a file whose ``pred`` is all 0 (its DI 0/0) gave the band
``[1e-09, 999999999.9999999]`` (the lower bound 0 clamped to 1e-9) and a baseline DI test bet
against it: 'DI no further from 1 than in the baseline target: inside [0.000,
1000000000.000]'. Now the band is null with why, on every face (JSON, read_store, terminal,
HTML), and the test is not run: a window's DI cannot be compared with an undefined one. A store
written before (its band clamped) is read alike."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import (
    MonitorRequest,
    _render,
    read_store,
    render_html,
    run_monitor,
    summary_lines,
)
from ethiclens.monitor._baseline import Baseline

N = 20


def _day(day, pred):
    rows = {
        "ts": [f"2024-03-0{day}T{h:02d}:00:00Z" for h in range(N)],
        "g": ["a", "b"] * (N // 2),
        "pred": pred,
        "y": [1, 1, 0, 0] * (N // 4),
    }
    return pd.DataFrame(rows)


@pytest.mark.parametrize(
    ("base", "words"),
    [
        ([0] * N, "selected no one in either group, so its DI is undefined (0/0)"),
        ([0, 1] * (N // 2), "selected no one in the reference group, so its DI is unbounded"),
        ([1, 0] * (N // 2), "selected no one in the compared group, so its DI is 0"),
    ],
)
def test_a_baseline_selecting_no_one_in_a_group_has_no_band(tmp_path, monkeypatch, base, words):
    monkeypatch.setattr(_render, "trend_png", lambda doc, c: b"")  # no plot drawn
    pd.concat([_day(1, [1, 0] * (N // 2)), _day(2, [1, 1] * (N // 2))]).to_csv(
        tmp_path / "t.csv", index=False
    )
    _day(1, base).to_csv(tmp_path / "b.csv", index=False)
    request = MonitorRequest(
        target=tmp_path / "t.csv", time="ts", window="1d", y_pred="pred", y_true="y",
        protected=("g=a",), baseline_target=str(tmp_path / "b.csv"), n_draws=100,
    )  # fmt: skip
    store = tmp_path / "s.sqlite"
    doc = run_monitor(request, store, warn=False).to_dict()
    for face in (doc, read_store(store)["report"]):
        c = face["comparisons"][0]
        for entry in c["history"]:
            assert entry["baseline"]["di_band"] is None
            assert words in entry["baseline"]["di_reason"]
            assert "(--baseline-target)" in entry["baseline"]["di_reason"]
            assert "baseline_disparate_impact" not in entry["tests"]
        assert "baseline_disparate_impact" not in c["tests"]  # never compared with 1e-9..1e9
        assert "baseline_equalized_odds" in c["tests"]  # the EO gaps' bands are defined
    said = "\n".join(summary_lines(doc))
    assert "DI vs baseline: not tested: cannot compare" in said and words in said
    assert "1000000000" not in said
    page = render_html(doc)
    assert "DI vs baseline: not tested: cannot compare" in page and "1000000000" not in page


def test_a_store_written_with_a_clamped_band_reads_as_none():
    from ethiclens.monitor._report import _clamped_bands

    history = [
        {
            "baseline": {"di_band": [1e-09, 999999999.9999999]},
            "tests": {"disparate_impact": {}, "baseline_disparate_impact": {}},
        },
        {"baseline": {"di_band": [0.5, 2.0]}, "tests": {"baseline_disparate_impact": {}}},
    ]
    _clamped_bands(history)
    assert history[0]["baseline"]["di_band"] is None
    assert "selected no one in a group" in history[0]["baseline"]["di_reason"]
    assert list(history[0]["tests"]) == ["disparate_impact"]
    assert history[1]["baseline"] == {"di_band": [0.5, 2.0]}  # a real band as stored


def test_a_store_continued_with_a_clamped_band_tests_no_di(tmp_path):
    request = MonitorRequest(
        target=tmp_path / "t.csv", time="ts", window="1d", y_pred="pred",
        protected=("g=a",), baseline_windows=1,
    )  # fmt: skip
    zeros = np.zeros(6)
    saved = [{"base.ref": zeros + [50, 0, 0, 0, 0, 0], "base.grp": zeros + [50, 0, 0, 0, 0, 0],
              "base.di_t": 1e-9}]  # fmt: skip
    baseline = Baseline(request, False, [("g", "b")], saved)
    assert baseline.info["di_t"][0] == 0.0
    reason = baseline.di_reasons()[0]
    assert "(--baseline-windows 1) selected no one in either group" in reason
