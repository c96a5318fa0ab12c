"""Round 39 review: the gate read a report dict's comparison status without checking it, so a
hand-edited or damaged JSON report whose FLAGGED comparison said "BOGUS" (flagged false) passed
fail_on="flagged", and as the new side of a baseline it read as PASS (the web history's diff too).
Now an unknown or missing status is refused naming the comparison and the field."""

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
import ethiclens.fairness as f
from ethiclens.errors import EthicLensInputError
from ethiclens.web._routes_history import _baseline_gate

WORDS = "must be one of FLAGGED, INCONCLUSIVE, PASS, INSUFFICIENT_DATA, UNDEFINED"


def _csv(path):
    rng = np.random.default_rng(0)
    n = 600
    g = rng.choice(["a", "b"], n)
    p = rng.integers(0, 2, n)
    p[g == "b"] = 0  # 'b' is never selected: FLAGGED
    pd.DataFrame({"y": rng.integers(0, 2, n), "p": p, "g": g}).to_csv(path, index=False)
    return str(path)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    path = _csv(tmp_path_factory.mktemp("gate") / "d.csv")
    kw = {"y_true": "y", "y_pred": "p", "protected": ["g"], "reference": {"g": "a"}}
    result = ethiclens.audit(path, **kw, n_boot=100, random_state=0)
    data = json.loads(result.to_json())
    assert data["comparisons"][0]["status"] == f.FLAGGED
    return data


def _edited(report, status=None, drop=False):
    data = json.loads(json.dumps(report))
    c = data["comparisons"][0]
    c["flagged"] = False
    if drop:
        del c["status"]
    else:
        c["status"] = status
    return data


@pytest.mark.parametrize("status", ["BOGUS", "flagged", 5])
def test_unknown_status_is_refused_not_passed(report, status):
    bad = _edited(report, status)
    for call in (lambda: f.gate(bad, fail_on="flagged"), lambda: f.gate(bad, baseline=report)):
        with pytest.raises(EthicLensInputError) as err:
            call()
        text = str(err.value)
        assert "argument 'report': is not an audit report: comparisons[0].status (g:b vs a)" in text
        assert f"{WORDS} (value: {status!r})" in text


def test_missing_status_names_the_comparison(report):
    with pytest.raises(EthicLensInputError, match=r"comparisons\[0\]\.status \(g:b vs a\) is miss"):
        f.gate(_edited(report, drop=True), fail_on="flagged")


def test_web_history_diff_says_the_same(report):
    out = _baseline_gate(report, _edited(report, "BOGUS"))
    assert "comparisons[0].status (g:b vs a) " + WORDS in out["refused"]


def test_an_unedited_report_still_gates(report):
    assert f.gate(report, fail_on="flagged").failures == ("g:b (FLAGGED)",)
    assert f.gate(report, fail_on="never", baseline=report).passed
