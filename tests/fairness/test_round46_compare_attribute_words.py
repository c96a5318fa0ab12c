"""Round 46: ``compare`` checked the attributes' length before audit's own checks of them, so
the same bad ``sensitive_features`` were told otherwise than by ``audit`` and
``threshold_table``: a list of two arrays was 'has 2 rows but pred_a has 300' (audit: 'is a
list of arrays, which may be one column per attribute or one row per person'), a bytes value
'is a string ... (e.g. df[b'ab'])' (audit: 'needs one group label per row'). compare now
leaves them to audit's checks, a length mismatch named against pred_a."""

import numpy as np
import pytest

import ethiclens
from ethiclens import EthicLensInputError

N = 40
Y = np.array([0, 1] * (N // 2))
G = np.array(["A", "B"] * (N // 2))


def _said(call) -> str:
    with pytest.raises(EthicLensInputError) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize("sf", [[G, G], b"ab", "g", None], ids=["arrays", "bytes", "str", "none"])
def test_compare_refuses_attributes_in_audits_words(sf):
    audit = _said(lambda: ethiclens.audit(Y, Y, sf))
    compare = _said(lambda: ethiclens.compare(Y, Y, 1 - Y, sf))
    assert compare == audit


def test_a_short_attribute_is_named_against_pred_a():
    said = _said(lambda: ethiclens.compare(Y, Y, 1 - Y, G[:-1]))
    assert "column 'sensitive_feature_0': has 39 rows but pred_a has 40" in said
    said = _said(lambda: ethiclens.compare(Y, Y, 1 - Y, {"g": G[:-1]}))
    assert "column 'g': has 39 rows but pred_a has 40" in said
