"""Round 49: audit(..., positve=1) got no near miss (the config's name 'positive' is no
keyword of the engine's list), and positive=1 / 'yes' was refused as "must be favorable,
harmful" without naming pos_label, the keyword of the label's value."""

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

ROWS = ([0, 1] * 20, [1, 0, 0, 1] * 10, ["a", "b"] * 20)


@pytest.mark.parametrize("run", [ethiclens.audit, ethiclens.fairness.audit])
def test_a_misspelt_positive_names_both_keywords(run):
    with pytest.raises(TypeError, match="did you mean 'pos_label'.*'positive_is_favorable'"):
        run(*ROWS, n_boot=100, positve=1)


@pytest.mark.parametrize(
    ("value", "said"),
    [(1, "pos_label=1"), ("yes", "pos_label='yes'"), (True, "positive_is_favorable=True")],
)
def test_a_label_as_positive_names_pos_label(value, said):
    with pytest.raises(EthicLensInputError, match="favorable, harmful") as caught:
        ethiclens.audit(*ROWS, n_boot=100, positive=value)
    assert said in caught.value.fix


def test_a_misspelt_direction_keeps_its_near_miss():
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit(*ROWS, n_boot=100, positive="favourable")
    assert caught.value.fix.startswith("did you mean 'favorable'?")
    assert "pos_label" not in caught.value.fix
