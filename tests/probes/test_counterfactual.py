import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

from ethiclens import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, counterfactual, make_counterfactuals


class UsesGroup:
    """Predicts 1 when f > 0.5 or the group is 'A': flips are known exactly."""

    def predict(self, X):
        return ((X["f"] > 0.5) | (X["g"] == "A")).astype(int).to_numpy()


@pytest.fixture
def records():
    rng = np.random.default_rng(0)
    n = 2000
    return pd.DataFrame(
        {"f": rng.random(n), "g": rng.choice(["A", "B"], n), "h": rng.normal(size=n)}
    )


def test_known_flip_rate(records):
    res = counterfactual(UsesGroup(), records, "g", n_boot=300, random_state=0)
    pairs = {(p.source, p.target): p for p in res.pairs}
    b_low = ((records.g == "B") & (records.f <= 0.5)).sum() / (records.g == "B").sum()
    a_low = ((records.g == "A") & (records.f <= 0.5)).sum() / (records.g == "A").sum()
    assert pairs[("B", "A")].flip_rate == pytest.approx(b_low)
    assert pairs[("B", "A")].to_favorable_rate == pytest.approx(b_low)  # 0 -> 1
    assert pairs[("A", "B")].flip_rate == pytest.approx(a_low)
    assert pairs[("A", "B")].to_unfavorable_rate == pytest.approx(a_low)
    ci = pairs[("B", "A")].flip_rate_ci
    assert ci.low < b_low < ci.high and ci.method
    assert res.uses_attribute


def _pipeline(cols_cat, cols_num, handle_unknown="error"):
    enc = ColumnTransformer(
        [
            ("num", StandardScaler(), cols_num),
            ("cat", OneHotEncoder(handle_unknown=handle_unknown), cols_cat),
        ]
    )
    return Pipeline([("enc", enc), ("lr", LogisticRegression())])


def test_sklearn_pipeline_flips_before_encoding(records):
    y = ((records.f + (records.g == "A") * 0.6) > 0.8).astype(int)
    model = _pipeline(["g"], ["f", "h"]).fit(records, y)
    res = counterfactual(model, records, "g", n_boot=300, random_state=0)
    pairs = {(p.source, p.target): p for p in res.pairs}
    assert pairs[("B", "A")].flip_rate > 0.1
    assert pairs[("B", "A")].mean_score_shift > 0.1  # towards the positive label
    assert pairs[("A", "B")].mean_score_shift < -0.1
    assert pairs[("B", "A")].score_shift_quantiles["0.5"] > 0


def test_model_that_cannot_use_the_attribute(records):
    y = (records.f > 0.5).astype(int)
    model = _pipeline([], ["f", "h"]).fit(records, y)
    res = counterfactual(model, records, "g", n_boot=200, random_state=0)
    assert not res.uses_attribute
    assert all(p.flip_rate == 0 and p.mean_score_shift == 0 for p in res.pairs)
    assert any("does not use it directly" in n for n in res.notes)
    assert any("proxies" in n for n in res.notes)


def test_unseen_group(records):
    y = (records.f > 0.5).astype(int)
    strict = _pipeline(["g"], ["f"]).fit(records, y)
    with pytest.raises(EthicLensInputError, match="did not see in training.*handle_unknown"):
        counterfactual(strict, records, "g", groups=["A", "B", "C"], n_boot=200)
    lenient = _pipeline(["g"], ["f"], handle_unknown="ignore").fit(records, y)
    res = counterfactual(lenient, records, "g", groups=["A", "B", "C"], n_boot=200)
    assert any("Groups C were never seen" in n for n in res.notes)  # 067f3a07: names as words


def test_bad_model_and_column(records):
    with pytest.raises(EthicLensInputError, match="no predict"):
        counterfactual(object(), records, "g")
    with pytest.raises(EthicLensInputError, match="'race'.*not in X"):
        counterfactual(UsesGroup(), records, "race")


def test_make_then_analyze_equals_direct_probe(records):
    frame = make_counterfactuals(records, "g")
    assert len(frame) == 2 * len(records)  # observed copy + one flip per row (two groups)
    features = frame.drop(columns=["_cf_row", "_cf_source", "_cf_target"])
    pred = UsesGroup().predict(features)
    via_file = analyze_counterfactuals(frame, pred, attribute="g", n_boot=300, random_state=0)
    direct = counterfactual(UsesGroup(), records, "g", n_boot=300, random_state=0)
    assert [p.to_dict() for p in via_file.pairs] == [p.to_dict() for p in direct.pairs]


def _cf_table():
    X = pd.DataFrame({"sex": ["a", "b"] * 50, "x": range(100)})
    return make_counterfactuals(X, "sex")


@pytest.mark.parametrize(
    "tamper,match",
    [
        (lambda f: f.assign(_cf_row=f["_cf_row"].where(f.index != 150, -3)), "non-negative"),
        (
            lambda f: pd.concat([f, f[f["_cf_source"] == f["_cf_target"]].head(50)]),
            "more than one observed copy",
        ),
        (
            lambda f: pd.concat([f, f[f["_cf_source"] != f["_cf_target"]].head(5)]),
            "repeat a \\(record, target\\) pair",
        ),
        (lambda f: f[f["_cf_source"] == f["_cf_target"]], "no flipped rows"),
        (lambda f: f.assign(_cf_row=f["_cf_row"].astype(float) + 0.5), "non-negative integers"),
        # a missing flipped copy is refused as a missing observed copy is
        (lambda f: f.drop(index=f.index[f["_cf_source"] != f["_cf_target"]][3]), "lack a flipped"),
    ],
)
def test_analyze_refuses_tampered_tables(tamper, match):
    frame = tamper(_cf_table()).reset_index(drop=True)
    with pytest.raises(EthicLensInputError, match=match):
        analyze_counterfactuals(frame, np.zeros(len(frame), int), attribute="sex")


def test_a_flip_rate_of_zero_gets_a_proper_interval(records):
    # every bootstrap replicate of a 0 rate is 0; the Jeffreys interval still says how large
    # a rate the data cannot rule out
    y = (records.f > 0.5).astype(int)
    model = _pipeline([], ["f", "h"]).fit(records, y)
    res = counterfactual(model, records, "g", n_boot=200, random_state=0)
    for p in res.pairs:
        assert p.flip_rate == 0 and p.flip_rate_ci.low == 0 < p.flip_rate_ci.high < 0.01
        assert "jeffreys" in p.flip_rate_ci.method


def test_stale_scores_copied_from_the_input_are_pointed_out(records):
    # make-counterfactuals copies every column: analysing the input's old score column on the
    # flipped table would say "does not use it"; the result says why that may be wrong
    frame = records.assign(score=np.round(records.f, 3))
    table = make_counterfactuals(frame, "g")
    res = analyze_counterfactuals(
        table, (table.score > 0.5).astype(int), table.score, n_boot=200, random_state=0
    )
    assert any("score the flipped rows with the model" in n for n in res.notes)


def test_a_missing_flipped_copy_among_three_groups_is_refused():
    X = pd.DataFrame({"g": ["a", "b", "c"] * 30, "x": range(90)})
    frame = make_counterfactuals(X, "g")
    gone = frame.index[(frame["_cf_source"] == "b") & (frame["_cf_target"] == "a")][0]
    frame = frame.drop(index=gone).reset_index(drop=True)
    with pytest.raises(EthicLensInputError, match=r"1 record\(s\) lack a flipped copy.*b → a"):
        analyze_counterfactuals(frame, np.zeros(len(frame), int))


def test_analyze_names_the_flipped_column_and_how_intervals_were_drawn(records):
    frame = make_counterfactuals(records, "g")
    pred = UsesGroup().predict(frame.drop(columns=["_cf_row", "_cf_source", "_cf_target"]))
    res = analyze_counterfactuals(frame, pred, n_boot=200, random_state=7)
    d = res.to_dict()
    assert d["attribute"] == "g"  # found from the table, never the placeholder "attribute"
    assert (d["ci"], d["n_boot"], d["seed"]) == (None, None, 7)  # no scores: no draws
    assert all(p["flip_rate_ci_method"] for p in d["pairs"])
    line = res.interval_line()
    # no scores: the flip rates' exact interval draws nothing, so no bootstrap is claimed
    assert line.startswith("95% intervals: flip rate jeffreys") and "bootstrap" not in line
