"""Round 48 leftover: a PCER grid's ``train.delta`` was range-checked to (0, 0.1] in the grid's
own words ('must be a number in (0, 0.1]'), so δ = 0.05 (no guarantee worth the name) and
1e-300 (DP-SGD's accountants fail: PRV's 'floating point errors will dominate') loaded, and each
run of the latter failed at training. It is now checked by check_delta's range and words
(0, 1e-3] (as every other δ), with DP-SGD's floor DP_DELTA_MIN, before anything is trained."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid, load_grid


@pytest.mark.parametrize(
    ("delta", "words"),
    [
        ("1e-300", "δ = 1e-300 is below 1e-10, the smallest DP-SGD takes here"),
        ("0.05", "δ must be in (0, 0.001]: δ is the probability that the guarantee fails"),
        ("nan", "δ must be a finite number"),
    ],
)
def test_a_grid_file_refuses_delta_in_check_deltas_words(tmp_path, delta, words):
    (tmp_path / "g.toml").write_text(f"datasets = ['compas']\n[train]\ndelta = {delta}\n")
    with pytest.raises(EthicLensInputError) as info:
        load_grid(tmp_path / "g.toml")
    assert info.value.column == "train.delta" and words in str(info.value), str(info.value)
    assert "Fix: e.g. delta = 1e-05" in str(info.value)


def test_python_grid_alike_and_a_usual_delta_loads():
    with pytest.raises(EthicLensInputError, match="below 1e-10"):
        SweepGrid(datasets=["compas"], train={"delta": 1e-300})
    assert SweepGrid(datasets=["compas"], train={"delta": 1e-6}).train["delta"] == 1e-6
