"""Round 40: two merges whose new names read as one group. {1: [a, b], '1': [c, d]} merged
all four into '1' and the result's config stated only {'1': ['c', 'd']}; {'x': [a, b],
'x ': [c, d]} made two groups a page prints alike (the data's 'x' beside 'x ' is refused).
Now refused on every face that edits groups, both names shown."""

import numpy as np
import pytest

import ethiclens as el
import ethiclens.fairness  # noqa: F401 - imported at collection, not in the first test
from ethiclens.errors import EthicLensInputError

RNG = np.random.default_rng(0)
N = 500
G = RNG.choice(list("abcde"), N)
Y, P = RNG.integers(0, 2, N), RNG.integers(0, 2, N)
FACES = {
    "audit": lambda **k: el.audit(Y, P, {"g": G}, n_boot=100, **k),
    "threshold_table": lambda **k: el.threshold_table(Y, P * 0.5 + 0.2, {"g": G}, n_boot=100, **k),
    "compare": lambda **k: el.compare(Y, P, 1 - P, {"g": G}, n_boot=100, **k),
}


@pytest.mark.parametrize("face", sorted(FACES))
@pytest.mark.parametrize(
    ("merge", "shown"),
    [
        ({1: ["a", "b"], "1": ["c", "d"]}, "'1' and '1'"),
        ({"x": ["a", "b"], "x ": ["c", "d"]}, "'x' and 'x '"),
        ({"\u00e9": ["a", "b"], "e\u0301": ["c", "d"]}, "which read as one group"),
    ],
)
def test_two_merges_of_one_name_are_refused(face, merge, shown):
    with pytest.raises(EthicLensInputError, match="two merges are named") as err:
        FACES[face](merge_groups={"g": merge})
    assert shown in str(err.value) and err.value.column == "merge_groups"


def test_two_merges_of_their_own_names_still_run():
    r = FACES["audit"](merge_groups={"g": {"x": ["a", "b"], "y": ["c", "d"]}})
    assert r.config["merge_groups"] == {"g": {"x": ["a", "b"], "y": ["c", "d"]}}
