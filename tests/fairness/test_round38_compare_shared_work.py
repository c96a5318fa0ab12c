"""``ethiclens.compare`` does each piece of shared work once (round 38): the groups are encoded
once for both audits and the differences, the audits do not re-check the 0/1 columns compare
recoded, and B − A's intervals are worked as one batch, with the same results."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import _compare, _validate, compare


def _rows(seed=0, n=300):
    rng = np.random.default_rng(seed)
    group = rng.choice(["r", "g", "h"], n)
    other = rng.choice(["x", "y"], n)
    y = (rng.random(n) < 0.4).astype(int)
    a = (rng.random(n) < 0.4).astype(int)
    b = np.where(rng.random(n) < 0.2, 1 - a, a)
    return y, a, b, {"grp": group, "other": other}


def _counting(monkeypatch, module, name):
    calls = []
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_the_groups_are_encoded_once_and_each_audit_is_the_models_own(monkeypatch):
    y, a, b, sf = _rows()
    calls = _counting(monkeypatch, _validate, "encode_groups")
    c = compare(y, a, b, sf, random_state=2, n_boot=100, merge_groups={"grp": {"gh": ["g", "h"]}})
    assert len(calls) == 1  # was 3: audit A, audit B and the differences each encoded them
    for model, own in ((a, c.audit_a), (b, c.audit_b)):
        alone = ethiclens.audit(
            y, model, sf, random_state=2, n_boot=100, merge_groups={"grp": {"gh": ["g", "h"]}}
        )
        assert own.to_dict() == alone.to_dict()
    pairs = {(d.group, d.reference) for d in c.differences if d.attribute == "grp"}
    assert {name for pair in pairs for name in pair} == {"gh", "r"}


def test_the_audits_do_not_recheck_the_columns_compare_recoded(monkeypatch):
    y, a, b, sf = _rows(1)
    yes = {name: np.where(v == 1, "yes", "no") for name, v in (("y", y), ("a", a), ("b", b))}
    calls = _counting(monkeypatch, _validate, "check_labels_print_apart")
    text = compare(yes["y"], yes["a"], yes["b"], sf, pos_label="yes", random_state=0, n_boot=100)
    # compare's own checks of y, A and B, and the 2 attributes' groups when encoded (once);
    # was 13: each audit checked its y and predictions again, and encoded the groups again
    assert len(calls) == 5
    plain = compare(y, a, b, sf, random_state=0, n_boot=100)
    assert text.to_dict()["differences"] == plain.to_dict()["differences"]
    # a 0/1 numpy column takes the one-pass path with the full path's answer; others as before
    for values in (a, a.astype(bool), a.astype(np.uint8), a.astype(np.int8)):
        assert np.array_equal(_validate.as_binary(values, "y_pred"), a)
        assert _validate.as_binary(values, "y_pred").dtype == np.int8
    with pytest.raises(EthicLensInputError, match="is not binary"):
        _validate.as_binary(np.array([0, 1, 2]), "y_pred")
    with pytest.raises(EthicLensInputError):
        _validate.as_binary(np.zeros((3, 2), int), "y_pred")


def test_b_minus_a_intervals_are_one_batch_per_attribute(monkeypatch):
    y, a, b, sf = _rows(2)
    whole = compare(y, a, b, sf, random_state=5, n_boot=200).to_dict()
    calls = _counting(monkeypatch, _compare, "equal_tailed")
    compare(y, a, b, sf, random_state=5, n_boot=200)
    assert len(calls) == 2  # one per attribute; was one per metric (21 each with labels)
    monkeypatch.setattr(_compare, "BATCH_DRAWS", 700)  # batches of 1-3 metrics: same numbers
    calls.clear()
    assert compare(y, a, b, sf, random_state=5, n_boot=200).to_dict() == whole
    assert len(calls) > 2
