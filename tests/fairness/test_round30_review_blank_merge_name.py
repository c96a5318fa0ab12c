"""Round 30 review: a merge into an empty or blank group name given in Python with arrays
(merge_groups={'g': {'': ['A', 'B']}}) was audited with a group '' (the spec and the command
line refuse it since c96d4934): refused alike, naming merge_groups and the attribute."""

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("name", ["", " ", "\t"])
def test_a_blank_merged_name_is_refused(name):
    y, p, g = [0, 1] * 6, [0, 1, 1, 0] * 3, ["A", "B", "C"] * 4
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(y, p, {"g": g}, merge_groups={"g": {name: ["A", "B"]}}, n_boot=100)
    assert "merged group's new name is empty or only spaces" in str(err.value)
    assert "merge_groups" in str(err.value)
