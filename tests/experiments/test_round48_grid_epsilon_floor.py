"""Round 48 leftover 4: a PCER grid's ε of 1e-300 (or 0.005) passed the grid's checks and failed
each run at training, minutes in ('the PRV accountant cannot reach ε = 1e-300 ...'). A grid
now refuses an ε below DP_EPSILON_MIN when it is loaded, in the words of its other ε limit."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid, load_grid


@pytest.mark.parametrize("eps, shown", [(1e-300, "1e-300"), (0.005, "0.005")])
def test_a_grid_file_refuses_an_unreachable_epsilon(tmp_path, eps, shown):
    path = tmp_path / "g.yaml"
    path.write_text(f"datasets: [compas]\nepsilons: [1.0, {shown}]\n")
    with pytest.raises(EthicLensInputError) as info:
        load_grid(path)
    message = str(info.value)
    assert f"'epsilons': ε = {shown} is below 0.01: DP-SGD's accountant cannot reach" in message
    assert "Fix: use ε >= 0.01" in message, message
    with pytest.raises(EthicLensInputError, match="is below 0.01"):
        SweepGrid(datasets=["compas"], epsilons=[eps])


def test_the_floor_and_no_dp_are_taken():
    assert SweepGrid(datasets=["compas"], epsilons=[0.01, 0.1, "none"]).epsilons == [
        0.01,
        0.1,
        None,
    ]
