"""Round 21: settings the Python API used to accept and then ignore, or refuse without a
suggestion, are refused with one clear EthicLensInputError (or taken, and recorded)."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import (
    GROUP_METRIC_SPECS,
    ComparisonMetric,
    GroupMetric,
    register_comparison_metric,
    register_group_metric,
    selection_rate,
)


def _rows(n=400, seed=0):
    rng = np.random.default_rng(seed)
    g = rng.choice(["a", "b"], n)
    return rng.integers(0, 2, n), rng.integers(0, 2, n), g


# -- ComparisonMetric: a setting it would ignore is refused when it is built ------------------


@pytest.mark.parametrize(
    ("policy", "words"),
    [("zz", "use one of di, eo"), ("DI", "did you mean 'di'?")],
)
def test_unknown_policy_judge_is_refused(policy, words):
    with pytest.raises(EthicLensInputError) as err:
        ComparisonMetric("z_ratio", "Z", "ratio", ("selection_rate",), False, policy=policy)
    text = str(err.value)
    assert text.startswith("argument 'policy': unknown policy judge of comparison metric 'z_ratio'")
    assert f"(value: {policy!r})" in text and words in text


@pytest.mark.parametrize("kind", ["ratio", "difference", "abs_difference"])
def test_second_component_of_a_one_component_kind_is_refused(kind):
    with pytest.raises(EthicLensInputError, match="reads exactly one component") as err:
        ComparisonMetric("u_x", "U", kind, ("selection_rate", "base_rate"), False)
    text = str(err.value)
    assert text.startswith("argument 'components':") and "'u_x'" in text
    assert "it was given 2" in text and "max_abs_difference" in text


def test_components_as_a_string_and_an_unknown_kind_are_refused():
    with pytest.raises(EthicLensInputError, match=r"components=\('selection_rate',\)"):
        ComparisonMetric("w_ratio", "W", "ratio", "selection_rate", False)
    with pytest.raises(EthicLensInputError, match="did you mean 'ratio'"):
        ComparisonMetric("y_ratio", "Y", "ratoi", ("selection_rate",), False)


def test_several_components_of_max_abs_difference_still_build():
    spec = ComparisonMetric(
        "gap", "Gap", "max_abs_difference", ["selection_rate", "base_rate"], True
    )
    assert spec.components == ("selection_rate", "base_rate")


def test_unknown_component_suggests_the_closest_registered_one():
    spec = ComparisonMetric("sr_ratio", "SR", "ratio", ("selection_rat",), False)
    with pytest.raises(EthicLensInputError, match="did you mean 'selection_rate'") as err:
        register_comparison_metric(spec)
    assert str(err.value).startswith("comparison metric 'sr_ratio': unknown component")


# -- GroupMetric -----------------------------------------------------------------------------


def test_group_metric_docstring_states_the_cell_layout_and_short():
    doc = GroupMetric.__doc__
    assert "tp, fp, fn, tn" in doc and "pos, neg" in doc and "short : str" in doc


def test_group_metric_name_with_a_space_is_refused_when_built():
    with pytest.raises(EthicLensInputError, match="has no spaces") as err:
        GroupMetric("has space", "x", selection_rate, False, "x")
    assert str(err.value).startswith("group metric 'has space':")
    assert "'has_space'" in str(err.value)


def test_group_metric_fn_that_is_not_a_function_is_refused_when_built():
    with pytest.raises(EthicLensInputError, match="fn must be a function") as err:
        GroupMetric("bad4", "x", 5, False, "x")
    assert str(err.value).startswith("group metric 'bad4':")
    assert "tp, fp, fn, tn" in str(err.value)


def test_builtin_name_is_refused_as_builtin_before_its_fn_is_tried():
    def broken(cells, labelled):
        return cells[..., 9]  # IndexError on the test cells

    for replace in (False, True):
        with pytest.raises(EthicLensInputError) as err:
            register_group_metric(
                GroupMetric("selection_rate", "x", broken, False, "x"), replace=replace
            )
        text = str(err.value)
        assert text.startswith("group metric 'selection_rate': already registered (built-in)")
        assert "cannot be replaced" in text and "IndexError" not in text
    assert GROUP_METRIC_SPECS["selection_rate"].fn is not broken


def test_registry_errors_name_the_metric_not_a_column():
    with pytest.raises(EthicLensInputError) as err:
        register_comparison_metric(
            ComparisonMetric("disparate_impact", "x", "ratio", ("selection_rate",), False)
        )
    assert str(err.value).startswith("comparison metric 'disparate_impact':")
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.fairness.unregister_metric("selection_rate")
    assert str(err.value).startswith("group metric 'selection_rate':")
    assert "column" not in str(err.value)


# -- Policy(...) with a misspelt setting -----------------------------------------------------


def test_policy_unknown_keyword_suggests_the_closest_setting():
    with pytest.raises(TypeError) as err:
        ethiclens.Policy(min_grup_size=5)
    assert isinstance(err.value, EthicLensInputError)
    assert str(err.value) == (
        "Policy() got an unexpected keyword argument 'min_grup_size'; "
        "did you mean 'min_group_size'?"
    )
    with pytest.raises(EthicLensInputError, match="use one of di_threshold, "):
        ethiclens.Policy(foo=1)


def test_policy_still_builds_copies_and_shows_its_signature():
    import copy
    import inspect

    policy = ethiclens.Policy(min_group_size=5)
    assert copy.deepcopy(policy) == policy and policy.min_group_size == 5
    assert "min_group_size" in str(inspect.signature(ethiclens.Policy))


# -- random_state: a numpy Generator -----------------------------------------------------------


def test_audit_takes_a_generator_and_records_the_seed_it_drew():
    yt, yp, g = _rows()
    result = ethiclens.audit(yt, yp, g, random_state=np.random.default_rng(0), n_boot=200)
    seed = result.config["random_state"]
    assert isinstance(seed, int) and seed == int(np.random.default_rng(0).integers(2**32))
    again = ethiclens.audit(yt, yp, g, random_state=seed, n_boot=200)
    di, di2 = (r.comparisons[0].metrics["disparate_impact"] for r in (result, again))
    assert (di.ci_low, di.ci_high) == (di2.ci_low, di2.ci_high)


def test_compare_and_threshold_table_take_a_generator_too():
    yt, yp, g = _rows()
    expected = int(np.random.default_rng(1).integers(2**32))
    cmp = ethiclens.compare(yt, yp, 1 - yp, g, random_state=np.random.default_rng(1), n_boot=200)
    assert cmp.config["random_state"] == expected
    scores = np.random.default_rng(2).random(len(yt))
    view = ethiclens.threshold_table(
        yt, scores, g, random_state=np.random.default_rng(1), n_boot=200
    )
    assert view.config["random_state"] == expected


def test_a_spec_refuses_a_generator_saying_why_and_what_to_pass():
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit("compas", random_state=np.random.default_rng(0), n_boot=200)
    text = str(err.value)
    assert text.startswith("argument 'random_state':")
    assert "not a numpy Generator" in text and "int(rng.integers(2**32))" in text


# -- bins= for arrays: a numeric attribute audited by bands, as a file's audit bins it ----------


def _ages(n=800, seed=0):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 2, n), rng.integers(0, 2, n), rng.integers(18, 90, n)


def test_audit_of_arrays_bins_as_the_file_audit_does(tmp_path):
    import pandas as pd

    yt, yp, age = _ages()
    path = tmp_path / "a.csv"
    pd.DataFrame({"label": yt, "pred": yp, "age": age}).to_csv(path, index=False)
    bins = {"age": [0, 40, 65, 120]}
    kw = {"bins": bins, "random_state": 3, "n_boot": 200}
    arrays = ethiclens.audit(yt, yp, {"age": age}, **kw)
    on_file = ethiclens.audit(str(path), y_true="label", y_pred="pred", protected=["age"], **kw)
    assert arrays.to_frame().equals(on_file.to_frame())
    assert sorted(arrays.by_group().index.get_level_values("group")) == [
        "[0, 40)",
        "[40, 65)",
        "[65, 120]",
    ]


def test_bins_take_merges_and_references_by_band_in_compare_and_threshold_table():
    yt, yp, age = _ages()
    result = ethiclens.audit(
        yt,
        yp,
        {"age": age},
        bins={"age": [0, 30, 50, 120]},
        merge_groups={"age": {"young": ["[0, 30)", "[30, 50)"]}},
        reference={"age": "[50, 120]"},
        random_state=0,
        n_boot=200,
    )
    assert [(c.group, c.reference) for c in result.comparisons] == [("young", "[50, 120]")]
    kw = {"bins": {"age": [0, 40, 120]}, "random_state": 0, "n_boot": 200}
    cmp = ethiclens.compare(yt, yp, 1 - yp, {"age": age}, **kw)
    assert set(cmp.to_frame()["group"]) == {"[0, 40)"}
    scores = np.random.default_rng(1).random(len(yt))
    view = ethiclens.threshold_table(yt, scores, {"age": age}, **kw)
    assert "[0, 40)" in view.frame.to_string()


@pytest.mark.parametrize(
    ("bins", "start", "words"),
    [
        ({"agee": [0, 40, 120]}, "argument 'bins'", "did you mean 'age'? add 'agee' to"),
        ({"age": [40, 0]}, "argument 'bins'", "increasing order"),
        ([0, 40, 120], "argument 'bins'", "must be a dict"),
        ({"age": [20, 40, 120]}, "column 'age'", "outside the bin edges [20, 120]"),
    ],
)
def test_bad_bins_are_refused_by_name(bins, start, words):
    yt, yp, age = _ages()
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(yt, yp, {"age": age}, bins=bins)
    assert str(err.value).startswith(start) and words in str(err.value)


def test_audit_counts_bins_points_to_bin_counts_not_n_bins():
    import pandas as pd

    with pytest.raises(TypeError) as err:
        ethiclens.audit_counts(pd.DataFrame(), bins={"age": [0, 40, 120]})
    assert "did you mean 'n_bins'" not in str(err.value)
    assert "bin_counts(table, bins)" in str(err.value)


def test_a_continuous_attribute_of_arrays_is_told_to_use_bins():
    yt, yp, _ = _ages()
    ages = np.random.default_rng(3).random(len(yt)) * 70 + 18
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(yt, yp, {"age": ages})
    text = str(err.value)
    assert "bins={'age': [0, 25, 45, 65, 120]} in Python" in text
    assert "--bins age=0,25,45,65,120 on the command line" in text
