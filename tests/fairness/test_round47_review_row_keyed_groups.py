"""Round 47 review: a dict keyed by rows given as sensitive_features (dict(enumerate(g)),
{'r0': 'a', ...}) was split into one 'column' per row and refused as "column
'sensitive_features[0]': is a string ... df[np.str_('a')]", where the same dict given as y_true
is refused as a dict of one value per key. A dict of columns is audited as before."""

import numpy as np
import pytest

import ethiclens

Y = np.array([0, 1, 0, 1, 1, 0])
P = np.array([1, 1, 0, 0, 1, 0])
G = np.array(["a", "a", "b", "b", "a", "b"])
BY_ROW = dict(enumerate(G))


@pytest.mark.parametrize(
    "call",
    [
        lambda: ethiclens.audit(Y, P, BY_ROW),
        lambda: ethiclens.audit(Y, P, {f"r{i}": str(g) for i, g in enumerate(G)}),
        lambda: ethiclens.audit(Y, P, dict(enumerate([1, 2, None, 1, 2, 1]))),
        lambda: ethiclens.compare(Y, Y, P, BY_ROW),
        lambda: ethiclens.threshold_table(Y, P * 0.5, BY_ROW),
    ],
    ids=["audit", "text keys", "numbers", "compare", "thresholds"],
)
def test_a_row_keyed_dict_of_groups_is_refused_as_a_dict(call):
    with pytest.raises(ethiclens.EthicLensInputError) as info:
        call()
    text = str(info.value)
    assert text.startswith("argument 'sensitive_features': is a dict (6 keys), not one value per")
    assert "list(d.values())" in text and "a dict of columns" in text


def test_a_dict_of_columns_is_still_audited():
    result = ethiclens.audit(Y, P, {"sex": G, "race": list(G[::-1])})
    assert [a.name for a in result.attributes][:2] == ["sex", "race"]
