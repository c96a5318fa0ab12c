"""Round 41: ε = +∞. The trainers read ``math.inf`` as no DP while ``TrainRequest`` and a sweep
grid refused it ("ε overflows to infinity"), and a grid file's ``inf`` (TOML), ``.inf`` (YAML),
``Infinity`` (JSON) were refused although the text ``'inf'`` meant no DP. Now +∞ is no DP on
every face, and a number written too large for a double (``1e400``) is refused on every face,
quoting what was written."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid, load_grid
from ethiclens.experiments._pcer_commands import TrainRequest, _check_train_request
from ethiclens.privacy._dpsgd import dp_epsilon

INFINITIES = [math.inf, np.float64(np.inf), np.float32(np.inf), "inf"]


@pytest.mark.parametrize("value", INFINITIES)
def test_infinity_is_no_dp_on_every_python_face(value):
    assert dp_epsilon(value) is None
    assert _check_train_request(TrainRequest(dataset="compas", epsilon=value))[0] is None
    assert SweepGrid(datasets=["compas"], epsilons=[value, 1.0]).epsilons == [None, 1.0]


def test_infinity_and_none_in_one_grid_are_one_budget_twice():
    with pytest.raises(EthicLensInputError, match="duplicate budgets"):
        SweepGrid(datasets=["compas"], epsilons=[math.inf, None])


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("g.toml", "datasets = ['compas']\nepsilons = [inf, 1.0]\n"),
        ("g.yaml", "datasets: [compas]\nepsilons: [.inf, 1.0]\n"),
        ("g.json", '{"datasets": ["compas"], "epsilons": [Infinity, 1.0]}'),
    ],
)
def test_a_grid_files_infinity_is_no_dp(tmp_path, name, text):
    (tmp_path / name).write_text(text, encoding="utf-8")
    assert load_grid(tmp_path / name).epsilons == [None, 1.0]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("g.toml", "datasets = ['compas']\nepsilons = [1e400]\n"),
        ("g.yaml", "datasets: [compas]\nepsilons: [1e400]\n"),
        ("g.json", '{"datasets": ["compas"], "epsilons": [1e400]}'),
    ],
)
def test_a_grid_files_overflow_is_refused_as_written(tmp_path, name, text):
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(EthicLensInputError, match="ε is above .*: DP-SGD.s noise is then") as info:
        load_grid(tmp_path / name)
    assert info.value.column == "epsilons" and info.value.value == "1e400"


def test_a_huge_integer_is_an_overflow_on_every_face():
    for face in (
        lambda: dp_epsilon(10**400),
        lambda: _check_train_request(TrainRequest(dataset="compas", epsilon=10**400)),
        lambda: SweepGrid(datasets=["compas"], epsilons=[10**400]),
    ):
        with pytest.raises(EthicLensInputError, match="ε is above .*: DP-SGD.s noise is then"):
            face()
