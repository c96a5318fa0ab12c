"""Round 47: an unknown group or attribute of 2,000 characters (a long whole number given to
exclude_groups or merge_groups) was printed whole in the refusal's sentence (2,085 characters);
it is cut in its middle as every value a refusal shows is."""

import numpy as np
import pytest

import ethiclens

Y = np.arange(40) % 2
GROUPS = {"a": np.where(np.arange(40) % 3 == 0, "A", "B")}
BIG = 10**2000


@pytest.mark.parametrize(
    ("options", "start"),
    [
        ({"exclude_groups": {"a": [BIG]}}, "argument 'exclude_groups': attribute 'a' has no group"),
        ({"merge_groups": {"a": {"M": [BIG, "A"]}}}, "argument 'merge_groups': attribute 'a' has"),
        ({"exclude_groups": {"q" * 3000: ["A"]}}, "argument 'exclude_groups': unknown attribute"),
    ],
    ids=["excluded", "merged", "attribute"],
)
def test_a_long_unknown_name_is_cut(options, start):
    with pytest.raises(ethiclens.EthicLensInputError) as info:
        ethiclens.audit(Y, Y[::-1].copy(), GROUPS, **options)
    message = str(info.value)
    assert message.startswith(start) and "..." in message
    assert len(message) < 500
