"""group_auc's AUC is unweighted: a row weight is refused in words that say so (never taken
and ignored, never only 'use one of ...'), under each name a weight goes by."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import group_auc

ROWS = ([0, 1, 0, 1], [0.1, 0.9, 0.2, 0.8], ["a", "a", "b", "b"])


@pytest.mark.parametrize("key", ["sample_weight", "weight", "weights"])
def test_a_row_weight_is_refused_as_unweighted(key):
    with pytest.raises(EthicLensInputError) as e:
        group_auc(*ROWS, **{key: [1, 2, 1, 2]})
    said = str(e.value)
    assert e.value.column == key and isinstance(e.value, TypeError)
    assert "unweighted" in said and f"leave {key} out" in said


def test_without_weights_and_other_keywords_unchanged():
    assert list(group_auc(*ROWS)["auc"]) == [1.0, 1.0]
    with pytest.raises(EthicLensInputError, match="did you mean 'confidence_level'"):
        group_auc(*ROWS, confidnce_level=0.9)
    assert "Unweighted" in group_auc.__doc__
