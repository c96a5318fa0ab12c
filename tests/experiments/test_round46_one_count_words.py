"""Round 46 (sibling of 727c555e): more counts of one printed with a plural noun: a p2nia
release's summary '(1 rows, GRR, ...)' and its estimate's basis, a sweep's '1 runs in the grid'
and '1 of 1 runs failed', the oracle's '... of 1 runs judged', the compare summary and report's
'Verdicts changed for 1 of 1 comparisons', a damaged monitor store's 'window 1 has 1 rows, not
100'. Each now words its count with the one helper (ethiclens._text.plural)."""

from __future__ import annotations

import sqlite3
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments._sweep import SweepSummary
from ethiclens.monitor._store import Store
from ethiclens.p2nia._protocol import Release
from ethiclens.probes._oracle import _flag_words
from ethiclens.report._compare_report import build_comparison_report

from ..monitor.conftest import run_cli
from ..monitor.test_round12_monitor import _feed


def test_a_release_of_one_row_and_a_sweep_of_one_run():
    manifest = {"rows": 1, "mechanism": "grr", "epsilon": 1.0, "record_epsilon": 1.0}
    said = Release.summary(SimpleNamespace(manifest=manifest), "out")
    assert "(1 row, GRR, ε = 1)" in said, said
    manifest["rows"] = 2000  # many: as before, no separators
    assert "(2000 rows, GRR" in Release.summary(SimpleNamespace(manifest=manifest), "out")
    summary = SweepSummary(total=1, skipped=0)
    summary.failed = [("compas", 1.0, 0, "boom")]
    assert summary.lines()[0].startswith("1 run in the grid: 0 already"), summary.lines()
    assert summary.failure_message().startswith("1 of 1 run failed: compas ε=1 seed=0")
    rate = {"any_rule": 0.0, "any_rule_runs_judged": 1, "di_rule": 0.5, "di_rule_runs_judged": 2}
    assert _flag_words(rate) == "0.0% of 1 run judged (via the DI rule: 50.0% of 2 runs judged)"


def test_verdicts_changed_for_one_of_one_comparison():
    rng = np.random.default_rng(3)
    g = pd.DataFrame({"g": np.repeat(["a", "b"], 300)})
    y, p = rng.integers(0, 2, 600), rng.integers(0, 2, 600)
    q = np.where(np.arange(600) >= 300, 0, 1)  # b never selected: DI fails
    q[::7] = p[::7]
    comp = el.compare(y, p, q, g, n_boot=100, random_state=1, names=("A", "B"))
    assert comp.changed, repr(comp)
    assert "Verdicts changed for 1 of 1 comparison: " in repr(comp), repr(comp)
    report = str(build_comparison_report(comp).sections)
    assert "Verdicts changed for 1 of 1 comparison." in report


def test_a_store_whose_window_holds_one_row(tmp_path, capsys):
    feed, store = _feed(tmp_path / "feed", n_days=2), tmp_path / "s.sqlite"
    flags = ("--time", "ts", "--window", "100", "--y-pred", "p", "--protected", "g=A")
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store)
    assert rc == 0, err
    con = sqlite3.connect(store)
    con.execute('UPDATE windows SET rows = 1 WHERE "window" = 1')
    con.commit()
    con.close()
    with pytest.raises(EthicLensInputError) as refused:
        Store.open(store).check_intact()
    assert "windows: window 1 has 1 row, not 100" in str(refused.value), refused.value


def test_a_frame_of_one_row_in_a_spec_field():
    from ethiclens.spec._shapes import data_words

    assert data_words(pd.DataFrame({"e": ["pandas"]})) == "a pandas DataFrame of 1 row"
    assert data_words(pd.DataFrame({"e": ["a", "b"]})) == "a pandas DataFrame of 2 rows"


def test_min_cell_dropping_every_cell_of_one_row():
    from ethiclens.sources._counts_table import suppress_small_cells

    table = pd.DataFrame({"g": ["a", "b"], "y_pred": [1, 0], "count": [1, 1]})
    with pytest.raises(EthicLensInputError) as refused:
        suppress_small_cells(table, 2)
    assert "drops every cell: the largest holds 1 row " in str(refused.value), refused.value


def test_a_held_window_of_one_row(tmp_path):
    from ethiclens.monitor import MonitorRequest, run_monitor

    feed = tmp_path / "f.csv"
    feed.write_text(
        "t,g,y,p\n2024-01-01T00:00:01Z,a,1,1\n2024-01-01T00:00:02Z,b,0,1\n"
        "2024-01-01T00:00:03Z,a,1,0\n2024-01-01T00:00:03Z,b,1,0\n"
    )
    request = MonitorRequest(
        target=str(feed), time="t", window="1", y_pred="p", y_true="y", protected=("g=a",),
        min_group_size=1,
    )  # fmt: skip
    note = run_monitor(request, tmp_path / "m.sqlite", warn=False).to_dict()["run"]["note"]
    assert "held back until it holds 1 row and rows of a later time" in note, note


def test_one_label_below_the_floor_on_every_face():
    from ethiclens.fairness import Policy
    from ethiclens.monitor._run import _below_label_floor
    from ethiclens.p2nia._estimate import _below_floor

    cells = np.array([[1.0, 0, 0, 50], [40, 0, 10, 50]])  # group a: one positive label
    said = _below_floor("eopp", cells, True, ["a", "b"], Policy(), "g")
    assert said == "1 positive label, below the floor of 30 (g:a)", said
    cells[0, 0] = 2
    assert _below_floor("eopp", cells, True, ["a", "b"], Policy(), "g").startswith(
        "2 positive labels"
    )
    row = SimpleNamespace(ref={"pos": 40, "neg": 50}, grp={"pos": 1, "neg": 1})
    reasons = _below_label_floor(SimpleNamespace(min_labels=30), row)
    assert "1 positive label, below the floor of 30" in reasons.values(), reasons
    assert "1 positive / 1 negative labels, below the floor of 30 each" in reasons.values()
    rng = np.random.default_rng(5)
    y = np.r_[np.zeros(100, int), rng.integers(0, 2, 100)]
    y[0] = 1  # group a: one positive label
    g = pd.DataFrame({"g": np.repeat(["a", "b"], 100)})
    audit = el.audit(y, rng.integers(0, 2, 200), g, n_boot=100, random_state=1, reference="b")
    reason = audit.comparison("g", "a").metrics["equal_opportunity_difference"].reason
    assert reason.startswith("1 positive label, below the floor of 30 (g:a)"), reason
