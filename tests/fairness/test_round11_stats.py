"""Round 11 of the statistics core (tester O): verdicts that must not depend on which group
is the reference, or on whether labels are given; a model that never selects anyone."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


def _few_positives():
    """Group b is selected 4 times in 205: some bootstrap replicates select no one in b."""
    g = np.array(["a"] * 250 + ["b"] * 205)
    pred = np.r_[np.ones(30), np.zeros(220), np.ones(4), np.zeros(201)].astype(int)
    true = np.random.default_rng(0).integers(0, 2, len(g))
    return true, pred, pd.Series(g, name="g")


def _di(result) -> dict:
    return result.to_dict()["comparisons"][0]["metrics"]["disparate_impact"]


@pytest.mark.parametrize("ci", ["percentile", "bca"])
def test_a_bootstrap_di_verdict_does_not_depend_on_the_reference(ci):
    """With b as the reference, replicates with b's rate 0 give DI = +inf: they were dropped
    as undefined (34 of 2,000, above the 1% limit), the interval withheld and the 6x disparity
    INCONCLUSIVE, while with a as the reference the same replicates (DI 0) were kept: FLAGGED."""
    true, pred, g = _few_positives()
    runs = {
        ref: _di(ethiclens.audit(true, pred, g, reference=ref, ci=ci, n_boot=2000, random_state=0))
        for ref in "ab"
    }
    assert runs["a"]["status"] == runs["b"]["status"] == "FLAGGED"
    assert "divide by a zero reference rate: ordered as +inf" in runs["b"]["ci_method"]
    if ci == "percentile":  # percentile intervals respect 1/x exactly
        assert runs["b"]["ci_low"] == pytest.approx(1 / runs["a"]["ci_high"], rel=1e-4)
        assert runs["b"]["ci_high"] == pytest.approx(1 / runs["a"]["ci_low"], rel=1e-4)


def test_a_bound_among_the_infinite_replicates_is_unbounded_not_a_number():
    """A reference selected once in 200: a third of the replicates select no one there. The
    upper bound that falls among them is +inf (null in JSON, the lower bound still judged)."""
    g = pd.Series(["a"] * 200 + ["b"] * 200, name="g")
    pred = np.r_[np.ones(100), np.zeros(100), np.ones(1), np.zeros(199)].astype(int)
    kw = dict(ci="percentile", n_boot=1000, random_state=0)
    di = ethiclens.audit(None, pred, g, reference="b", **kw).comparisons[0].metrics
    di = di["disparate_impact"]
    assert di.status == "FLAGGED" and np.isinf(di.ci_high) and 1.25 < di.ci_low < 1e6
    swapped = ethiclens.audit(None, pred, g, reference="a", **kw).comparisons[0].metrics
    assert swapped["disparate_impact"].status == "FLAGGED"


def test_labels_do_not_change_the_selection_rate_or_di_interval():
    """Labels gave each of four cells +1/2, so the selection rate (two cells summed) had the
    prior Beta(1, 1) instead of Jeffreys' Beta(1/2, 1/2): the same predictions got another DI
    interval, and a verdict could flip, when labels were given."""
    g = pd.Series(["a"] * 100 + ["b"] * 100, name="g")
    true = np.tile([0, 1], 100)
    pred = np.r_[np.ones(2), np.zeros(98), np.ones(10), np.zeros(90)].astype(int)
    with_labels, without = (
        ethiclens.audit(y, pred, g, n_boot=4000, random_state=0, reference="b").to_dict()
        for y in (true, None)
    )
    for report in (with_labels, without):
        report["sr"] = report["attributes"][0]["groups"][0]["metrics"]["selection_rate"]
        report["di"] = report["comparisons"][0]["metrics"]["disparate_impact"]
    for key in ("sr", "di"):
        for end in ("ci_low", "ci_high"):
            assert with_labels[key][end] == without[key][end], key
    from scipy.stats import beta

    jeffreys = beta.ppf([0.025, 0.975], 2.5, 98.5)  # 2 of 100 selected
    sr = with_labels["sr"]
    assert sr["ci_low"] == pytest.approx(jeffreys[0], abs=0.001)
    assert sr["ci_high"] == pytest.approx(jeffreys[1], abs=0.002)


def test_a_model_that_never_predicts_the_positive_label_is_audited():
    """Labels 'yes'/'no' and predictions all 'no' with pos_label='yes' were refused ('pos_label
    does not occur in the column'): the most discriminating model could not be audited."""
    rng = np.random.default_rng(0)
    g = pd.Series(rng.choice(["a", "b"], 400), name="g")
    true = np.where(rng.random(400) < 0.5, "yes", "no")
    words = ethiclens.audit(
        true, np.array(["no"] * 400), g, pos_label="yes", n_boot=200, random_state=0
    )
    numbers = ethiclens.audit(
        (true == "yes").astype(int), np.zeros(400, int), g, n_boot=200, random_state=0
    )
    assert words.to_dict()["comparisons"] == numbers.to_dict()["comparisons"]
    # labels yes/no and predictions 1/0: the two write the label differently, still refused
    with pytest.raises(EthicLensInputError, match="argument 'pos_label': no row of the column"):
        ethiclens.audit(true, rng.integers(0, 2, 400), g, pos_label="yes", n_boot=200)


@pytest.mark.parametrize(
    "change, words",
    [
        (dict(groups={"g": ["a", "b"] * 200, "h": ["a"] * 399}), "different lengths"),
        (dict(groups=np.zeros((400, 2, 2))), "shape (400, 2, 2)"),
        (dict(groups={"a", "b"}), "is a set, which has no row order"),
        (dict(groups=iter(["a", "b"] * 200)), "which has no row order"),
        (dict(provenance="from the warehouse"), "must be a dict, not a str"),
        (dict(provenance={"when": __import__("datetime").date(2024, 1, 1)}), "cannot be written"),
    ],
)
@pytest.mark.parametrize("function", ["audit", "compare", "threshold_table"])
def test_malformed_python_inputs_are_refused_in_words(function, change, words):
    """A dict of unequal columns, a 3-D array, a set or a generator raised pandas'/numpy's own
    errors (IndexError, TypeError); a provenance holding a date failed to_json() after the
    audit had run."""
    y_true, y_pred = np.array([0, 1] * 200), np.array([1, 0, 0, 1] * 100)
    groups = change.get("groups", np.array(["a", "b"] * 200))
    extra = {"provenance": change["provenance"]} if "provenance" in change else {}
    if function == "threshold_table" and extra:
        return  # the threshold view records no provenance
    calls = {
        "audit": lambda: ethiclens.audit(y_true, y_pred, groups, n_boot=100, **extra),
        "compare": lambda: ethiclens.compare(
            y_true, y_pred, 1 - y_pred, groups, n_boot=100, **extra
        ),
        "threshold_table": lambda: ethiclens.threshold_table(
            y_true, y_pred * 0.9, groups, n_boot=100
        ),
    }
    with pytest.raises(EthicLensInputError, match=words.replace("(", r"\(").replace(")", r"\)")):
        calls[function]()


def test_a_generator_of_predictions_is_refused_in_words():
    with pytest.raises(EthicLensInputError, match="is a generator, which has no row order"):
        ethiclens.audit(None, (x for x in [0, 1] * 200), ["a", "b"] * 200, n_boot=100)


@pytest.mark.parametrize(
    "value, words",
    [
        ((x for x in ["a", "b"] * 200), "is a generator"),
        ({"a", "b"}, "is a set"),
        ("a", "is a string"),
        (np.c_[["a", "b"] * 200, ["a", "b"] * 200], "shape (400, 2)"),
    ],
)
def test_a_malformed_column_of_a_sensitive_features_dict_is_refused_in_words(value, words):
    """One level down from the set/generator refusals: pandas said 'If using all scalar
    values, you must pass an index'."""
    with pytest.raises(EthicLensInputError, match=r"sensitive_features\['g'\]") as err:
        ethiclens.audit([0, 1] * 200, [1, 0] * 200, {"g": value}, n_boot=100)
    assert words in str(err.value)


def test_threshold_table_refuses_no_rows_and_a_generator_in_words():
    with pytest.raises(EthicLensInputError, match="no rows to audit"):
        ethiclens.threshold_table([], [], {"g": []})
    with pytest.raises(EthicLensInputError, match="is a generator"):
        ethiclens.threshold_table([0, 1] * 50, (x for x in [0.2, 0.8] * 50), {"g": ["a", "b"] * 50})


@pytest.mark.parametrize(
    "true, pred, pos_label",
    [
        ([0, 1] * 100, [0.0] * 200, 1),  # float predictions of the integer labels' 0
        ([1, 2] * 100, [2.0] * 200, 1),  # another label coded 1/2
        ([False, True] * 100, [False] * 200, True),
        (["0", "1"] * 100, [0] * 200, "1"),
    ],
)
def test_a_never_positive_column_is_judged_by_value_not_by_its_text(true, pred, pos_label):
    """0.0 was refused as '0.0' not written in the labels [0, 1] when pos_label was typed out,
    and accepted with the default: the same data, two answers."""
    g = ["a", "b", "b", "a"] * 50
    result = ethiclens.audit(true, pred, g, pos_label=pos_label, n_boot=100, random_state=0)
    assert result.to_dict()["comparisons"][0]["metrics"]["disparate_impact"]["status"] == (
        "UNDEFINED"
    )


def test_minus_zero_and_zero_are_one_group_labelled_0_0():
    """In memory, a float attribute whose first row is -0.0 labelled the group '-0.0'; every
    engine reading a file labels it '0.0' (tests/sources/test_round11_labels.py)."""
    g = pd.Series([-0.0, 0.0, 1.0, 1.0] * 100, name="g")
    result = ethiclens.audit([0, 1] * 200, [1, 0, 0, 1] * 100, g, n_boot=100, random_state=0)
    assert result.to_dict()["attributes"][0]["reference"] == "0.0"


def test_a_compare_di_difference_orders_infinite_replicates():
    """Model A selects one of 120 in the reference: a third of the replicates give A's DI
    x / 0 = +inf and B − A = −inf. They were dropped as undefined (above 1%), so no interval;
    they are ordered, and the lower bound is −inf."""
    from ethiclens.fairness import Policy

    g = pd.Series(["a"] * 150 + ["b"] * 120, name="g")
    a = np.r_[np.ones(45), np.zeros(105), np.ones(1), np.zeros(119)].astype(int)
    b = np.r_[np.ones(45), np.zeros(105), np.ones(31), np.zeros(89)].astype(int)
    kw = dict(ci="percentile", n_boot=300, random_state=0, policy=Policy(min_group_size=50))
    result = ethiclens.compare(None, a, b, g, reference="b", **kw)
    diff = result.difference("g", "a", "disparate_impact").difference
    assert diff.ci_low == -np.inf and diff.ci_high < -1
    assert "ordered as −inf" in diff.ci_method
