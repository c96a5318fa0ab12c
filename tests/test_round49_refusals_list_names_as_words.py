"""Round 49: refusals still printing a Python list where every other refusal lists names as
words (_checks.names_words): the label fix's "the column holds two values ['no', 'yes']"
(audit, pcer audit, p2nia release, the probe), a manifest's "required keys ['library'] are
missing" and its request's "lacks the key(s) ['metrics']"."""

import pytest

from ethiclens._checks import label_fix
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia._protocol import validate_manifest


@pytest.mark.parametrize(
    ("values", "said"), [(["no", "yes"], "two values no, yes:"), ([-1, 1], "two values -1, 1:")]
)
def test_the_label_fix_names_the_two_values_as_words(values, said):
    fix = label_fix("y", values)
    assert said in fix and "values [" not in fix, fix


def test_a_manifest_missing_keys_names_them_as_words():
    with pytest.raises(EthicLensInputError) as info:
        validate_manifest({"format": "x"})
    problem = info.value.problem
    assert problem.startswith("required keys are missing: ") and "[" not in problem, problem
