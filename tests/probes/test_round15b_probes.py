"""Round 15b: run_oracle checks every argument before its first run (named as an argument);
its "any rule" flag rate counts runs whether flagged or passed, and its few-runs warning rests
on the runs judged; analyze_counterfactuals refuses 2-D predictions and an attribute other
than the flipped column."""

from __future__ import annotations

import warnings
from types import SimpleNamespace

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import run_oracle
from ethiclens.probes._oracle import _flag_rates


@pytest.mark.parametrize(
    "kwargs,start",
    [
        ({"confidence_level": 1.5}, "argument 'confidence_level': must be a number strictly"),
        ({"confidence_level": -1}, "argument 'confidence_level': must be a number strictly"),
        ({"confidence_level": "0.95"}, "argument 'confidence_level': must be a number strictly"),
        ({"methods": "bca"}, "argument 'methods': must be a non-empty list of interval methods,"),
        ({"methods": ()}, "argument 'methods': must be a non-empty list of interval methods"),
        ({"methods": ("foo",)}, "argument 'methods': unknown interval method (value: 'foo')"),
        ({"methods": ("bca", "bca")}, "argument 'methods': names an interval method more than"),
        ({"progress": 5}, "argument 'progress': must be a function progress(done, total)"),
        ({"n_boot": 5}, "argument 'n_boot': too few draws"),
        ({"sepration": 0.3}, "run_oracle() got an unexpected keyword argument 'sepration'; did"),
    ],
)
def test_run_oracle_checks_every_argument_first(kwargs, start):
    args = {"repetitions": 2, "n_boot": 100, **kwargs}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # refused before any warning or run
        with pytest.raises(EthicLensInputError) as info:
            run_oracle(200, **args)
    msg = str(info.value)
    assert msg.startswith(start) and ("Fix: " in msg or "; did you mean " in msg)
    if kwargs.get("methods") == "bca":
        assert "read as its characters" in msg and "methods=['bca']" in msg
    if "sepration" in kwargs:
        assert "'separation'" in msg


def _run(flagged, di, eo):
    metrics = {
        "disparate_impact": SimpleNamespace(status=di),
        "equalized_odds_difference": SimpleNamespace(status=eo),
    }
    rules = ["DI_BELOW"] if flagged else []
    return ({}, [SimpleNamespace(flagged=flagged, flag_rules=rules, metrics=metrics)])


def test_the_any_rule_denominator_does_not_depend_on_the_verdict():
    # one false flag by DI with EO withheld, one pass with EO withheld, one pass with both
    runs = [
        _run(True, "FLAGGED", "INSUFFICIENT_DATA"),
        _run(False, "PASS", "INSUFFICIENT_DATA"),
        _run(False, "PASS", "PASS"),
        _run(False, "INSUFFICIENT_DATA", "INSUFFICIENT_DATA"),  # no rule judged: left out
    ]
    rates = _flag_rates(runs, 0)
    # before: the flagged run counted, the passed one with EO withheld did not: 1 of 2
    assert rates["any_rule"] == pytest.approx(1 / 3)
    assert rates["any_rule_runs_judged"] == 3 and rates["any_rule_runs_part_withheld"] == 2
    assert rates["di_rule"] == pytest.approx(1 / 3) and rates["di_rule_runs_judged"] == 3


def test_the_few_runs_warning_rests_on_the_runs_judged():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run_oracle(100, repetitions=2, n_boot=100)  # no run judged: the rows say so
    assert [str(w.message) for w in caught] == []
    with pytest.warns(UserWarning) as caught:
        res = run_oracle(200, repetitions=2, n_boot=100, methods=("jeffreys",))
    msg = str(caught[0].message)
    row = next(r for r in res.rows if r["runs_judged"] == 2)
    low, high = row["coverage_ci"]
    assert msg.startswith(f"{row['metric']} (jeffreys): coverage over 2 runs judged (of 2 ")
    assert f"±{(high - low) / 2:.1%} (95% Wilson interval [{low:.3f}, {high:.3f}]" in msg
    assert "use >= 200 runs judged" in msg


def _scored():
    import pandas as pd

    from ethiclens.probes import make_counterfactuals

    rng = np.random.default_rng(0)
    rec = pd.DataFrame({"g": rng.choice(["F", "M"], 60), "x1": rng.normal(50, 8, 60)})
    frame = make_counterfactuals(rec, "g")
    return frame.assign(pred=(frame.x1 > 50).astype(int), score=(frame.x1 > 50) * 0.5)


@pytest.mark.parametrize(
    "which,shape",
    [("y_pred", "(n, 1)"), ("y_score", "(n, 2)"), ("y_pred", "scalar")],
)
def test_analyze_counterfactuals_refuses_predictions_that_are_not_1d(which, shape):
    from ethiclens.probes import analyze_counterfactuals

    frame = _scored()
    n = len(frame)
    pred, score = frame.pred.to_numpy(), frame.score.to_numpy()
    if which == "y_pred":
        pred = 1 if shape == "scalar" else pred.reshape(n, 1)
    else:
        score = np.column_stack([1 - score, score])
    with pytest.raises(EthicLensInputError) as info:
        analyze_counterfactuals(frame, pred, score, n_boot=100, random_state=0)
    msg = str(info.value)
    got = "a scalar" if shape == "scalar" else f"an array of shape {shape.replace('n', str(n))}"
    assert msg.startswith(f"argument '{which}': must be a 1-D array with one value per row, got")
    assert got in msg and "arr.ravel()" in msg


def test_analyze_counterfactuals_refuses_an_attribute_that_was_not_flipped():
    from ethiclens.probes import analyze_counterfactuals

    frame = _scored()
    with pytest.raises(EthicLensInputError) as info:
        analyze_counterfactuals(frame, frame.pred, attribute="x1", n_boot=100, random_state=0)
    msg = str(info.value)
    assert msg.startswith("argument 'attribute': is not the flipped column: its values are not")
    assert "the pairs flip 'g'" in msg and "(value: 'x1')" in msg
    assert "use 'g', the column flipped to _cf_target" in msg
    ok = analyze_counterfactuals(frame, frame.pred, attribute="g", n_boot=100, random_state=0)
    assert ok.attribute == "g"
