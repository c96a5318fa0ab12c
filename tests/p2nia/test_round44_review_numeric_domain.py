"""Round 44 review (p2nia): a request's groups given as numbers (an integer column's 0 and 1:
make_request(100, 'gi', protected_domain=[0, 1], epsilon=1), or a request file's
"protected_domain": [0, 1]) were refused with the fix 'e.g. ["Female", "Male"]', which says
nothing of what to pass. The fix now names the groups as text, as the data's values read
(['0', '1']; a float column's ['0.0', '1.0']): a release of that integer column takes them."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, read_request, release


@pytest.mark.parametrize(
    "domain, fix",
    [
        ([0, 1], "['0', '1']"),
        ([np.int64(0), np.int64(1)], "['0', '1']"),
        ([0.0, 1.0], "['0.0', '1.0']"),
        (["a", 2], "['a', '2']"),
    ],
)
def test_numbers_are_told_as_text(domain, fix):
    with pytest.raises(EthicLensInputError) as info:
        make_request(100, "gi", protected_domain=domain, epsilon=1)
    assert info.value.fix == f"give the groups as text, as the data's values read: {fix}"


def test_no_text_to_suggest_keeps_the_example():
    for domain in ([None, "a"], ["", "a"], [float("nan"), 1]):
        with pytest.raises(EthicLensInputError, match=r'Fix: e\.g\. \["Female", "Male"\]'):
            make_request(100, "gi", protected_domain=domain, epsilon=1)


def test_a_request_file_is_told_the_same_and_the_text_releases(tmp_path):
    body = make_request(100, "gi", protected_domain=["0", "1"], epsilon=1).to_dict()
    with pytest.raises(EthicLensInputError, match=r"as the data's values read: \['0', '1'\]"):
        path = tmp_path / "req.json"
        path.write_text(json.dumps({**body, "protected_domain": [0, 1]}))
        read_request(path)
    rng = np.random.default_rng(0)
    data = pd.DataFrame({"gi": rng.integers(0, 2, 200), "y": rng.integers(0, 2, 200)})
    data["p"] = data["y"]
    with pytest.warns(Warning):  # seeded: not private
        release(
            make_request(100, "gi", protected_domain=["0", "1"], epsilon=1),
            data,
            "y",
            "p",
            random_state=0,
        )
