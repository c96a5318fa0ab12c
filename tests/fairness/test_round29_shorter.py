"""Round 29 made the fairness package shorter without changing what it does: these pin the
behaviour of the places that were rewritten (each against the code it replaced, where that is
a few lines to restate)."""

import math

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._compare import draw_joint, joint_counts, marginals, model_cells
from ethiclens.fairness._display import fmt
from ethiclens.fairness._keywords import UnknownKeywordError, refuse_unknown
from ethiclens.fairness._validate import (
    check_reference_kept,
    encode_groups,
    followed_references,
)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (None, "—"),
        (float("nan"), "—"),
        (np.nan, "—"),
        (math.inf, "inf"),
        (-math.inf, "-inf"),
        (np.float32(0.7), "0.700"),
        (-0.0001, "0.000"),
        (1, "1.000"),
    ],
)
def test_fmt_writes_undefined_unbounded_and_negative_zero_as_before(value, shown):
    assert fmt(value) == shown


def _independent_draws(counts, n_boot, rng, labelled):
    """The unpaired draws as they were written before: each model's own cells, group by group,
    Dirichlet(cells + 1/2) scaled to the group's total."""
    totals = counts.sum(axis=1)
    out = []
    for m in marginals(counts, labelled):
        d = np.empty((n_boot, *m.shape))
        for g in range(m.shape[0]):
            d[:, g, :] = rng.dirichlet(m[g] + 0.5, size=n_boot) * totals[g]
        out.append(d)
    return out


@pytest.mark.parametrize("labelled", [True, False])
def test_unpaired_draws_are_the_same_numbers(labelled):
    counts = np.random.default_rng(3).integers(0, 30, size=(4, 8 if labelled else 4)).astype(float)
    old = _independent_draws(counts, 64, np.random.default_rng(11), labelled)
    new = draw_joint(counts, 64, np.random.default_rng(11), "jeffreys", False, labelled)
    assert len(new) == 2
    for a, b in zip(old, new, strict=True):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("labelled", [True, False])
def test_joint_and_model_cells_are_bincounts(labelled):
    codes = np.array([0, 1, 1, 2, 0, 2, 1, 0])
    joint = np.array([0, 1, 2, 3, 3, 2, 1, 0]) % (8 if labelled else 4)
    w = np.arange(1, 9) / 3
    k = 8 if labelled else 4
    expected = np.zeros((3, k))
    np.add.at(expected, (codes, joint), w)
    np.testing.assert_allclose(joint_counts(codes, joint, 3, labelled, w), expected)
    unweighted = joint_counts(codes, joint, 3, labelled)
    assert unweighted.dtype == float and unweighted.sum() == len(codes)
    a, b = model_cells(codes, joint, 3, labelled, w)
    own_a, own_b = marginals(expected, labelled)
    np.testing.assert_allclose(a, own_a)
    np.testing.assert_allclose(b, own_b)


def _edits(**done):
    return {"merge_groups": {}, "exclude_groups": {}} | done


def test_a_merged_reference_is_followed_to_the_merged_group():
    edits = _edits(merge_groups={"race": {"X": ["A", "B"]}})
    check_reference_kept({"race": "B"}, edits, ["race"])  # not refused: followed, as a file's
    assert followed_references({"race": "B"}, edits) == {"race": "X"}


def test_an_excluded_reference_is_refused():
    edits = _edits(exclude_groups={"race": ["C"]})
    with pytest.raises(EthicLensInputError) as exc:
        check_reference_kept("C", edits, ["race"])
    e = exc.value
    assert e.problem == "the reference group 'C' of race is excluded"
    assert e.column == "reference" and e.kind == "argument" and e.value == "C"
    assert e.fix == "keep it, or choose another reference: reference={'race': GROUP}"


def test_a_kept_reference_passes():
    edits = _edits(merge_groups={"race": {"X": ["A", "B"]}}, exclude_groups={"race": ["C"]})
    check_reference_kept({"race": "D"}, edits, ["race"])
    check_reference_kept(None, edits, ["race"])


def test_an_unknown_keyword_names_the_closest_or_the_meant_one():
    refuse_unknown("audit", {"n_boot": 5}, ["n_boot"])  # nothing unknown
    with pytest.raises(UnknownKeywordError, match=r"'n_bot'; did you mean 'n_boot'\?"):
        refuse_unknown("audit", {"n_boot": 1, "n_bot": 5}, ["n_boot"])
    with pytest.raises(UnknownKeywordError, match=r"'seed'; did you mean 'random_state'\?"):
        refuse_unknown("audit", {"seed": 5}, ["random_state"], meant={"seed": "random_state"})
    with pytest.raises(UnknownKeywordError) as exc:
        refuse_unknown("audit", {"zzz": 5}, ["n_boot"])
    assert exc.value.fix == "use one of n_boot"


@pytest.mark.parametrize(
    ("labels", "why"),
    [
        (["A B", "A  B"], "the same words, other whitespace between them"),
        (["A", "A "], "the same name, one with whitespace around it"),
        (["caf\u00e9", "cafe\u0301"], "the same letters in other Unicode code points"),
        (["ab", "a\u200bb"], "the same letters, one with invisible format characters"),
    ],
)
def test_group_names_that_read_the_same_are_refused_in_their_words(labels, why):
    with pytest.raises(EthicLensInputError, match=why):
        encode_groups({"g": np.array(labels * 3, dtype=object)}, 6)


def test_a_counts_table_audit_says_why_auc_is_not_computed():
    count = [30, 40, 20, 10, 25, 35, 15, 25]
    rows = pd.DataFrame(
        {
            "g": ["a"] * 4 + ["b"] * 4,
            "y_true": [1, 0, 1, 0] * 2,
            "y_pred": [1, 0, 0, 1] * 2,
            "count": count,
            "score_bin": [7, 2, 3, 6] * 2,
            "score_sum": [n * s for n, s in zip(count, [0.75, 0.25, 0.35, 0.65] * 2, strict=True)],
        }
    )
    result = ethiclens.audit_counts(rows, protected=["g"], n_bins=10, random_state=0, n_boot=200)
    notes = result.by_group()["auc_note"].tolist()
    assert (
        notes
        == [
            "not computed: a counts table holds scores in 10 bins, and AUC needs each row's score "
            "(audit the rows, or use ethiclens.fairness.group_auc)"
        ]
        * 2
    )
