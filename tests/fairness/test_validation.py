"""Bad input: a clear error naming the column and the fix, never a crash or a silent number."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import EthicLensInputError


@pytest.fixture
def frame():
    rng = np.random.default_rng(0)
    n = 400
    return pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "score": rng.random(n),
            "sex": rng.choice(["F", "M"], n),
            "w": rng.uniform(0.5, 2, n),
        }
    )


def _audit(df, **kw):
    kw.setdefault("n_boot", 200)
    return ethiclens.audit(df["label"], df["pred"], df["sex"], **kw)


def test_lengths_differ(frame):
    with pytest.raises(EthicLensInputError, match=r"label \(y_true\).*lengths differ"):
        ethiclens.audit(frame["label"][:-1], frame["pred"], frame["sex"])


@pytest.mark.parametrize("col", ["label", "pred"])
def test_nan_in_labels_or_predictions(frame, col):
    frame[col] = frame[col].astype(float)
    frame.loc[5, col] = np.nan
    with pytest.raises(EthicLensInputError, match=rf"{col}.*missing value.*row 5.*Fix"):
        _audit(frame)


def test_nan_in_protected_attribute(frame):
    frame.loc[3, "sex"] = None
    with pytest.raises(EthicLensInputError, match=r"'sex'.*missing group.*row 3"):
        _audit(frame)


@pytest.mark.parametrize("values", [[1, 2], ["yes", "no"]])
def test_non_binary_needs_pos_label(frame, values):
    frame["pred"] = np.where(frame["pred"] == 1, values[0], values[1])
    with pytest.raises(EthicLensInputError, match=r"pred.*not binary.*pos_label"):
        _audit(frame)


def test_pos_label_recodes(frame):
    frame["label"] = np.where(frame["label"] == 1, "yes", "no")
    frame["pred"] = np.where(frame["pred"] == 1, "yes", "no")
    result = _audit(frame, pos_label="yes", random_state=0)
    assert result.comparisons[0].metrics["disparate_impact"].value > 0


def test_unknown_pos_label(frame):
    with pytest.raises(EthicLensInputError, match="argument 'pos_label': no row of the column"):
        _audit(frame, pos_label=7)


def test_scores_outside_unit_interval(frame):
    frame.loc[9, "score"] = 1.7
    with pytest.raises(EthicLensInputError, match=r"score.*\[0, 1\].*row 9.*1.7"):
        _audit(frame, y_score=frame["score"])


def test_unknown_reference(frame):
    with pytest.raises(EthicLensInputError, match=r"'sex'.*unknown reference.*'X'.*one of F, M$"):
        _audit(frame, reference="X")


def test_single_group(frame):
    frame["sex"] = "F"
    with pytest.raises(EthicLensInputError, match=r"'sex'.*single group"):
        _audit(frame)


def test_empty_group_after_filtering(frame):
    frame["sex"] = pd.Categorical(frame["sex"], categories=["F", "M", "X"])
    with pytest.raises(EthicLensInputError, match=r"'sex'.*group\(s\) X have no rows.*remove_unu"):
        _audit(frame)


@pytest.mark.parametrize("bad", [-1.0, np.nan, np.inf])
def test_bad_weights(frame, bad):
    frame.loc[2, "w"] = bad
    with pytest.raises(EthicLensInputError, match=r"w \(sample_weight\).*row 2"):
        _audit(frame, sample_weight=frame["w"])


def test_empty_input():
    with pytest.raises(EthicLensInputError, match="no rows"):
        ethiclens.audit([], [], [])


def test_too_few_bootstrap_replicates(frame):
    with pytest.raises(EthicLensInputError, match="n_boot"):
        _audit(frame, n_boot=10)


def test_reference_for_unknown_attribute(frame):
    with pytest.raises(EthicLensInputError, match="argument 'reference'.*unknown attribute 'race'"):
        _audit(frame, reference={"race": "A"})
