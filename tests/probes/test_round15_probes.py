"""Round 15: the oracle judges coverage and flag rates only over the runs the audit judged
(a withheld interval is not "not covered"), with a Wilson interval; the counterfactual probe
aligns pandas predictions by index and checks its groups; inject_bias checks its inputs."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, inject_bias, make_counterfactuals, run_oracle


def _oracle(n, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return run_oracle(n, repetitions=4, n_boot=100, **kw)


def test_a_withheld_interval_is_not_counted_as_not_covered():
    res = _oracle(100, disparate_impact=1.0)
    for row in res.rows:
        assert row["runs_judged"] == 0
        assert row["coverage"] is None and row["coverage_ci"] is None
        assert "INSUFFICIENT_DATA" in row["not_assessable"]
        if row["metric"] == "equalized_odds_difference":  # 25 of each label expected
            assert row["fix"].startswith("use n well above 120 (--n;")
            assert "expected 25 times" in row["fix"]
        else:
            assert row["fix"].startswith("use n of at least 200 (--n): the audit reports no")
            assert "at n = 100 the smaller group has 50" in row["fix"]
    for rate in res.flag_rate.values():
        assert rate["any_rule"] is None and rate["di_rule"] is None
        assert rate["any_rule_runs_judged"] == 0 == rate["di_rule_runs_judged"]


def test_coverage_counts_only_the_runs_judged():
    # 150 rows: DI/SPD below the row floor (75 per group), EO judged from its labels
    res = _oracle(150, disparate_impact=0.05)
    by = {(r["metric"], r["method"]): r for r in res.rows}
    assert by["disparate_impact", "jeffreys"]["coverage"] is None
    eo = by["equalized_odds_difference", "jeffreys"]
    assert eo["runs_judged"] >= 1 and eo["coverage"] is not None
    assert res.flag_rate["jeffreys"]["di_rule"] is None
    assert res.flag_rate["jeffreys"]["any_rule_runs_judged"] >= 1


def test_coverage_at_the_boundary_has_a_wilson_interval_of_positive_width():
    res = _oracle(400, disparate_impact=0.6)
    row = res.rows[0]
    assert row["runs_judged"] == 4
    low, high = row["coverage_ci"]
    assert low < high and 0 <= low and high <= 1
    assert row["coverage_ci_method"].startswith("Wilson")
    if row["coverage"] == 1.0:
        assert low == pytest.approx(0.5101, abs=1e-3)  # Wilson 4 of 4


def test_the_oracle_cli_says_not_assessable_and_why(capsys):
    argv = ["oracle", "--n", "100", "--repetitions", "10", "--n-boot", "100", "--di", "1.0"]
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "0.000 ± 0.000" not in out and "0.0%" not in out
    assert "not assessable" in out and "0 of 10" in out
    assert "below the floor of 100" in out and "Fix: use n of at least 200 (--n)" in out
    assert "Wilson" in out


def _scored() -> pd.DataFrame:
    rng = np.random.default_rng(0)
    rec = pd.DataFrame({"sex": rng.choice(["F", "M"], 300), "income": rng.normal(50, 8, 300)})
    frame = make_counterfactuals(rec, "sex")
    p = 1 / (1 + np.exp(-(frame.income - 50) / 5)) + np.where(frame.sex == "M", 0.1, 0)
    return frame.assign(pred=(p > 0.5).astype(int))


def _rates(result) -> list:
    return [(p.source, p.target, round(p.flip_rate, 6)) for p in result.pairs]


def test_a_series_of_predictions_follows_the_frames_index_labels():
    frame = _scored()
    shuffled = frame.sample(frac=1, random_state=1)
    want = _rates(analyze_counterfactuals(frame, frame.pred, random_state=0))
    # the predictions in the original order, the frame shuffled: aligned by label
    assert _rates(analyze_counterfactuals(shuffled, frame.pred, random_state=0)) == want
    assert _rates(analyze_counterfactuals(shuffled, shuffled.pred.to_numpy(), random_state=0)) == (
        want
    )


def test_a_series_with_other_index_labels_is_refused_naming_y_pred():
    frame = _scored()
    pred = frame.pred.set_axis(frame.index + 10_000)
    with pytest.raises(EthicLensInputError) as info:
        analyze_counterfactuals(frame, pred, random_state=0)
    msg = str(info.value)
    assert msg.startswith("argument 'y_pred': is a pandas Series whose index labels are not")
    assert "first: 10000" in msg and "y_pred.to_numpy()" in msg


RECORDS = pd.DataFrame({"sex": ["F", "M"] * 10, "income": np.arange(20.0)})


@pytest.mark.parametrize(
    "groups,needles",
    [
        (["F", None], ["has a missing label", "['F', None]"]),
        (["F", float("nan")], ["has a missing label", "['F', nan]"]),
        (["F", "F", "M"], ["names group 'F' more than once", "name each group once"]),
        ([], ["is empty", "leave groups out"]),
        ("FM", ["not a single string (read as its characters)", "groups=['FM']"]),
    ],
)
def test_make_counterfactuals_checks_its_groups(groups, needles):
    with pytest.raises(EthicLensInputError) as info:
        make_counterfactuals(RECORDS, "sex", groups=groups)
    msg = str(info.value)
    assert msg.startswith("argument 'groups': ")
    for needle in needles:
        assert needle in msg


def test_make_counterfactuals_still_takes_a_group_no_record_has():
    frame = make_counterfactuals(RECORDS, "sex", groups=("F", "M", "X"))
    assert frame["_cf_target"].value_counts().to_dict() == {"F": 20, "M": 20, "X": 20}


@pytest.mark.parametrize(
    "kwargs,start,needle",
    [
        (  # f95836d8: a whole decimal in range is told the whole number to give
            {"n": 100.0},
            "argument 'n': must be a whole number, written without a decimal point",
            "(value: 100.0). Fix: give 100",
        ),
        ({"n": 10.0}, "argument 'n': must be a whole number of rows from 20", "(value: 10.0)"),
        ({"n": 0}, "argument 'n': must be a whole number of rows from 20", "(value: 0)"),
        (
            {"base_rates": (0, 1)},
            "argument 'base_rates': must be a number strictly between 0 and 1",
            "(value: 0)",
        ),
        (
            {"base_rates": (1.5, 0.5)},
            "argument 'base_rates': must be a number strictly between 0 and 1",
            "(value: 1.5)",
        ),
        ({"base_rates": 0.5}, "argument 'base_rates': must be a pair", "(value: 0.5)"),
        (
            {"group_sizes": (0.7, 0.7)},
            "argument 'group_sizes': the shares sum to 1.4, not 1",
            "(0.7, 0.3)",
        ),
        (
            {"group_sizes": (0.999, 0.001)},
            "argument 'group_sizes': gives a group no rows",
            "n = 100",
        ),
    ],
)
def test_inject_bias_checks_its_inputs(kwargs, start, needle):
    args = {"n": 100, "disparate_impact": 0.6, **kwargs}
    with pytest.raises(EthicLensInputError) as info:
        inject_bias(**args)
    msg = str(info.value)
    assert msg.startswith(start) and needle in msg and "Fix: " in msg


def test_inject_bias_and_run_oracle_refuse_rows_in_the_same_words():
    with pytest.raises(EthicLensInputError) as a:
        inject_bias(10, disparate_impact=0.6)
    with pytest.raises(EthicLensInputError) as b:
        run_oracle(10, repetitions=2, n_boot=100)
    assert str(a.value) == str(b.value)


@pytest.mark.parametrize(
    "call,start",
    [
        (lambda f: analyze_counterfactuals(f, f.pred, ci="foo"), "argument 'ci': "),
        (lambda f: analyze_counterfactuals(f, f.pred, favorable_label=2), "argument 'favorable_"),
        (lambda f: inject_bias(100, disparate_impact=0.6, separation=2.0), "argument 'separation'"),
        (
            lambda f: inject_bias(100, disparate_impact=0.6, reference_rate=1.5),
            "argument 'reference_rate': must lie in (0, 1]",
        ),
        (lambda f: inject_bias(100, disparate_impact=9.0), "argument 'disparate_impact': "),
        (lambda f: inject_bias(100, disparate_impact=0.9, eo_gap=0.95), "argument 'eo_gap': "),
        (lambda f: inject_bias(100, disparate_impact=float("nan")), "argument 'disparate_imp"),
        (lambda f: make_counterfactuals([1, 2], "sex"), "argument 'X': "),
    ],
)
def test_python_arguments_are_named_arguments_not_columns(call, start):
    with pytest.raises(EthicLensInputError) as info:
        call(_scored())
    assert str(info.value).startswith(start)


def test_the_oracle_cli_still_names_its_flags(capsys):
    argv = ["oracle", "--n", "10", "--repetitions", "2", "--n-boot", "100"]
    assert main(argv) == 2
    assert "option '--n': must be a whole number of rows from 20" in capsys.readouterr().err


def test_analyze_counterfactuals_refuses_an_attribute_the_frame_lacks():
    frame = _scored()
    with pytest.raises(EthicLensInputError) as info:
        analyze_counterfactuals(frame, frame.pred, attribute="nope", random_state=0)
    msg = str(info.value)
    assert msg.startswith("argument 'attribute': is not a column of the frame (value: 'nope')")
    assert "use 'sex', the column flipped to _cf_target" in msg
    ok = analyze_counterfactuals(frame, frame.pred, attribute="sex", n_boot=100, random_state=0)
    assert ok.attribute == "sex"


MODEL = """
import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder

def load():
    d = pd.DataFrame({"sex": ["F", "M"] * 20, "income": [float(i) for i in range(40)]})
    ct = make_column_transformer((OneHotEncoder(), ["sex"]), remainder="passthrough")
    return make_pipeline(ct, LogisticRegression()).fit(d, [0, 1] * 20)
"""


def test_an_unseen_group_is_fixed_in_the_words_of_the_face_that_raised_it(
    tmp_path, monkeypatch, capsys
):
    from ethiclens.probes import counterfactual, load_entry_point

    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "unseen_model.py").write_text(MODEL)
    records = pd.DataFrame({"sex": ["F", "M", "X"] * 10, "income": np.arange(30.0)})
    records.to_csv(tmp_path / "rec.csv", index=False)
    with pytest.raises(EthicLensInputError) as info:
        counterfactual(load_entry_point("unseen_model:load"), records, "sex", n_boot=100)
    py = str(info.value)
    assert py.startswith("argument 'model': the model's encoder rejects a group it did not see")
    assert "counterfactual(..., groups=[...])" in py and "--data" not in py
    argv = ["probe", "counterfactual", "--model", "unseen_model:load", "--data", "rec.csv"]
    assert main([*argv, "--attribute", "sex", "--n-boot", "100"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "option '--model': the model's encoder rejects a group" in err
    assert "drop from --data the records of groups the model was not trained on" in err
    assert "groups=" not in err and "handle_unknown='ignore'" in err


def test_the_floor_fix_counts_the_smaller_group():
    res = _oracle(500, disparate_impact=0.6, group_sizes=(0.9, 0.1))
    row = res.rows[0]
    assert row["metric"] == "disparate_impact" and row["coverage"] is None
    assert row["fix"].startswith("use n of at least 1000 (--n)")
    assert row["fix"].endswith("at n = 500 the smaller group has 50")
