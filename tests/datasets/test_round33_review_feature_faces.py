"""Round 33 review of 27ba5801/cf2c2473 on their other faces: a public loader called directly
(load_compas(features='Paper')) refused a near miss of a feature set without it, as the
registry did before; and datasets.load(name, feature='paper') (the likeliest typo of the
option every loader takes) was told 'use one of [...]' without 'did you mean 'features'?'."""

import pytest

from ethiclens import datasets
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    "loader",
    [datasets.load_compas, datasets.load_adult, datasets.load_acs_income, datasets.load_bios],
)
def test_a_loader_suggests_the_near_feature_set(loader):
    with pytest.raises(EthicLensInputError, match="unknown feature set") as info:
        loader(features="Paper")
    assert info.value.fix == "did you mean 'paper'? choose from ('full', 'paper')"
    with pytest.raises(EthicLensInputError) as info:
        loader(features="everything")
    assert info.value.fix == "choose from ('full', 'paper')"


@pytest.mark.parametrize("name", ["adult", "acs-income", "compas", "german", "bios"])
def test_a_near_miss_of_features_is_suggested(name):
    with pytest.raises(EthicLensInputError, match="unexpected keyword argument 'feature'") as info:
        datasets.load(name, feature="paper")
    assert str(info.value).endswith("; did you mean 'features'?")
