"""Round 13, the Python API: an index of 0..n-1 written out (not a RangeIndex) beside
reordered labels is as ambiguous as pandas' default one; a weighted audit's default reference
is never a group weighted all 0; a missing comparison of the reference says so; an unused
category is said to be one."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.fairness import audit


def _data(n=2000, seed=8):
    rng = np.random.default_rng(seed)
    race = rng.choice(["A", "B"], n)
    y = rng.integers(0, 2, n)
    p = (rng.uniform(size=n) < np.where(race == "A", 0.6, 0.4)).astype(int)
    return race, y, p, rng.permutation(n)


@pytest.mark.parametrize(
    "index", [lambda n: pd.Index(list(range(n))), lambda n: pd.Index(np.arange(n, dtype="uint32"))]
)
def test_an_integer_index_of_positions_beside_reordered_labels_is_ambiguous(index):
    race, y, p, perm = _data()
    labelled = pd.Series(y, index=perm), pd.Series(p, index=perm)
    with pytest.raises(EthicLensInputError, match="another order"):
        audit(*labelled, pd.Series(race, index=index(len(race))), n_boot=200)


def test_labels_that_are_not_positions_are_still_paired_by_label():
    race, y, p, perm = _data()
    ids = perm + 10  # 10..n+9: labels, not positions
    kw = dict(n_boot=200, random_state=0)
    shuffled = pd.Series(race, index=ids)[::-1]  # the same labels, reversed: paired by label
    r = audit(pd.Series(y, index=ids), pd.Series(p, index=ids), shuffled, **kw)
    assert r.to_dict()["comparisons"] == audit(y, p, race, **kw).to_dict()["comparisons"]


def test_a_weighted_audits_default_reference_has_weight():
    race, y, p, _ = _data()
    race = np.where(np.arange(len(race)) < 1200, "big", race)  # the largest group by rows
    weights = np.where(race == "big", 0.0, 1.0)
    r = audit(y, p, race, sample_weight=weights, n_boot=200, random_state=0)
    assert r.attributes[0].reference != "big"


def test_asking_for_the_reference_groups_comparison_says_it_is_the_reference():
    race, y, p, _ = _data()
    r = audit(y, p, pd.Series(race, name="race"), n_boot=200, random_state=0)
    ref = r.attributes[0].reference
    with pytest.raises(KeyError, match=f"{ref} is race's reference group"):
        r.comparison("race", ref)


def test_an_unused_category_is_named_as_one():
    race, y, p, _ = _data()
    groups = pd.Categorical(race, categories=["A", "B", "D"])
    with pytest.raises(EthicLensInputError, match="categories of the column's type that no row"):
        audit(y, p, groups, n_boot=200)


def test_a_2d_score_names_the_positive_labels_column_not_column_1():
    """``predict_proba(X)[:, 1]`` is the negative class's for a model whose ``classes_`` put the
    positive label first; the fix names the column by ``model.classes_``."""
    race, y, p, _ = _data()
    with pytest.raises(EthicLensInputError, match=r"model\.classes_") as err:
        audit(y, p, race, y_score=np.zeros((len(y), 2)), n_boot=200)
    assert "[:, 1]" not in str(err.value)
