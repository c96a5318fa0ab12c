"""Round 43 review (rcfg) of 35b4c730/ef6a49d8: a 0-d numpy array of text is told "pass it as
text" only where its text would be taken (a text field, or a choice it names); a number's
field, a choice's typo and an earlier problem keep their words; a pandas Series, Index or
Categorical is never a choice (it was kept, or a ValueError traceback)."""

import numpy as np
import pandas as pd
import pytest

from ethiclens._checks import check_member
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._gate import check_fail_on
from ethiclens.spec import AuditSpec


def _refusal(make) -> str:
    with pytest.raises(EthicLensInputError) as info:
        make()
    return str(info.value)


@pytest.mark.parametrize(
    ("keyword", "value", "words"),
    [("di_threshold", "0.8", "must be a number"), ("n_boot", "100", "must be a whole number")],
)
def test_a_0d_text_array_for_a_number_keeps_the_number_words(keyword, value, words):
    said = _refusal(lambda: AuditSpec.of("compas", **{keyword: np.array(value)}))
    assert f"argument '{keyword}': {words}" in said and "pass it as text" not in said


def test_a_0d_text_array_naming_no_choice_is_told_the_choices():
    said = _refusal(lambda: AuditSpec.of("compas", ci=np.array("jefreys")))
    assert "use one of jeffreys, bca, percentile" in said and "pass it as text" not in said
    fixed = _refusal(lambda: check_member(np.array("flaged"), ("flagged", "never"), column="c",
                                          problem="bad"))  # fmt: skip
    assert "did you mean 'flagged'?" in fixed and "pass it as text" not in fixed
    numbers = _refusal(lambda: check_member(np.array("yes"), (0, 1), column="c", problem="bad"))
    assert "use one of 0, 1" in numbers and "pass it as text" not in numbers
    one = _refusal(lambda: check_member(np.array(1), (0, 1), column="c", problem="bad"))
    assert "pass it as 1 (value.item()), not a 0-d numpy array" in one


def test_the_first_problem_is_still_named_first():
    data = {"target": {"dataset": "compas"}, "bogus": 1, "policy": {"ci": np.array("bca")}}
    assert _refusal(lambda: AuditSpec.from_dict(data)).startswith("key 'bogus': unknown key")
    data.pop("bogus")
    assert "key 'policy.ci': must be text, not a 0-d numpy array" in _refusal(
        lambda: AuditSpec.from_dict(data)
    )


@pytest.mark.parametrize(
    "value",
    [
        pd.Series(["flagged"]),
        pd.Series(["flagged", "x"]),
        pd.Index(["flagged"]),
        pd.Categorical(["flagged"]),
    ],  # fmt: skip
    ids=["series", "series2", "index", "categorical"],
)
@pytest.mark.parametrize("allowed", [("flagged", "never"), np.array(["flagged", "never"])])
def test_a_pandas_array_is_never_a_choice(value, allowed):
    said = _refusal(lambda: check_member(value, allowed, column="c", problem="is not a choice"))
    assert said.startswith("column 'c': is not a choice")
    assert _refusal(lambda: check_fail_on(value)).startswith("argument 'fail_on': unknown gate")


def test_a_list_is_no_choice_of_an_array_of_choices():
    allowed = np.array(["flagged", "never"])
    said = _refusal(lambda: check_member(["flagged"], allowed, column="c", problem="bad"))
    assert said.startswith("column 'c': bad")
