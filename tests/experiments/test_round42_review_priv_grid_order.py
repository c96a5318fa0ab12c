"""Round 42 review of 3e2b47b9: repeated budgets are quoted as written (2.10 and 2.1), but the
check was moved ahead of the grid's other checks, so a grid with an unknown dataset or repeated
seeds and repeated budgets was refused for its budgets, where every earlier version (and
validate()) named the dataset or the seeds first. The first refusal is the same as before."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid


@pytest.mark.parametrize(
    ("grid", "said"),
    [
        ({"datasets": ["nope"], "epsilons": [1, 1.0]}, "key 'datasets': unknown dataset"),
        ({"seeds": [0, 0], "epsilons": [1, 1.0]}, "key 'seeds': duplicate seeds"),
        ({"epsilons": [0.5, "2.10", 2.1]}, "duplicate budgets (value: ['0.5', '2.10', '2.1'])"),
    ],
)
def test_the_first_refusal_of_a_grid_is_unchanged(grid, said):
    with pytest.raises(EthicLensInputError) as info:
        SweepGrid(**grid)
    assert said in str(info.value)
