"""Round 48 (leftover 2): the HTML reports left out the run's own notes (data.provenance.notes,
e.g. a label's other values 'counted as negative'), which the terminal warns, the JSON holds
and the web shows: the comparison and threshold reports said nothing, the audit's showed the
note only as a JSON string in its provenance list. Each report now says them in its summary,
escaped, from the result's notes; the provenance list no longer repeats them."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.report import _audit_report, _compare_report, _threshold_report
from ethiclens.report._threshold_report import build_threshold_report

NOTE = "counted as negative: &#39;&lt;b&gt;maybe&lt;/b&gt;&#39;"


@pytest.fixture(scope="module")
def frame():
    rng = np.random.default_rng(0)
    n = 300
    return pd.DataFrame(
        {
            "y": rng.choice(["yes", "no", "<b>maybe</b>"], n),
            "p": rng.choice(["yes", "no"], n),
            "q": rng.choice(["yes", "no"], n),
            "s": rng.random(n),
            "g": rng.choice(["a", "b"], n),
        }
    )


def _audit(df):
    result = ethiclens.audit(df["y"], df["p"], df[["g"]], pos_label="yes", n_boot=100)
    return str(_audit_report._summary(result)) + str(_audit_report._provenance(result))


def _compare(df):
    comp = ethiclens.compare(df["y"], df["p"], df["q"], df[["g"]], pos_label="yes", n_boot=100)
    return str(_compare_report._summary(comp))


def _thresholds(df):
    table = ethiclens.threshold_table(
        df["y"], df["s"], df[["g"]], pos_label="yes", thresholds=[0.5], n_boot=100
    )
    return "".join(str(s.html) for s in build_threshold_report(table).sections)


@pytest.mark.parametrize("write", [_audit, _compare, _thresholds])
def test_each_html_report_says_the_run_notes_once_escaped(frame, write, monkeypatch):
    monkeypatch.setattr(_threshold_report, "threshold_figure_png", lambda table, attr: b"")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        html = write(frame)
    said = re.findall(r"<p>column [^<]*counted as negative[^<]*</p>", html)
    assert len(said) == 1 and NOTE in said[0]
    assert html.count("counted as negative") == 1 and "<b>maybe" not in html
