"""A group or attribute named in audit's options (reference, merge_groups, exclude_groups,
intersections, bins) or a sensitive_features dict key given as a whole number past Python's
int-to-text limit (10**5000) is refused (or named) in the shortened text every long whole
number is written in, never Python's ValueError about 'the limit (4300 digits)' (4227f1e0
fixed the names read by names_of; these reached str() first)."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

HUGE = 10**5000
SHOWN = "100000000000…000000 (5,001 digits)"
FRAME = pd.DataFrame({"g": ["a", "b"] * 10, "y": [0, 1] * 10, "p": [1, 0, 0, 1] * 5})

OPTIONS = {
    "reference dict": {"reference": {"g": HUGE}},
    "reference": {"reference": HUGE},
    "merge new name": {"merge_groups": {"g": {HUGE: ["a"]}}},
    "merge attribute": {"merge_groups": {HUGE: {"x": ["a", "b"]}}},
    "exclude attribute": {"exclude_groups": {HUGE: ["a"]}},
    "intersections": {"intersections": [[HUGE, "g"]]},
    "bins": {"bins": {HUGE: [0, 1]}},
}


@pytest.mark.parametrize("options", OPTIONS.values(), ids=OPTIONS.keys())
def test_huge_whole_number_group_option_is_refused_by_its_text(options):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(FRAME.y, FRAME.p, FRAME[["g"]], **options)
    assert "4300" not in str(err.value)
    assert SHOWN in str(err.value) or "merge needs two" in str(err.value)


def test_huge_whole_number_dict_key_is_the_column_name():
    result = ethiclens.audit(FRAME.y, FRAME.p, {HUGE: FRAME.g})
    assert SHOWN in repr(result)


def test_a_group_named_by_a_number_still_matches():
    frame = FRAME.assign(g=[1, 2] * 10)
    result = ethiclens.audit(frame.y, frame.p, {5: frame.g}, reference={5: 2})
    assert "5" in repr(result)


def test_a_huge_bin_edge_stays_a_number_in_its_refusal():
    frame = FRAME.assign(age=range(20))
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(frame.y, frame.p, frame[["age"]], bins={"age": [0, HUGE]})
    assert "finite numbers in increasing order" in str(err.value)
    assert f"[0, {SHOWN}]" in str(err.value)
