"""Round 33: an unknown feature set near a known one (another case, a typo) was refused without
the near miss that unknown dataset names get ("did you mean 'compas'?")."""

import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("features", ["Paper", "papr", "ful"])
def test_a_near_miss_feature_set_is_suggested(features, capsys):
    with pytest.raises(EthicLensInputError, match="no such feature set") as info:
        datasets.load("compas", features=features)
    assert "did you mean" in info.value.fix and "choose from full, paper" in info.value.fix
    assert main(["datasets", "info", "adult", "--features", features]) == 2
    assert "did you mean" in capsys.readouterr().err


def test_a_name_near_nothing_lists_the_sets_alone():
    with pytest.raises(EthicLensInputError) as info:
        datasets.load("compas", features="everything")
    assert info.value.fix == "choose from full, paper"
