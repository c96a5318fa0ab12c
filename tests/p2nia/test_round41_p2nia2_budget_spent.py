"""A release --replace whose cumulative ε would pass 10,000 (or cumulative δ reach 1) was
refused as an "invalid manifest ... damaged or tampered with" telling the platform to ask
itself for a new release; it is refused naming --out: this data's budget is spent, and the
folder keeps the last release."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, read_release, release, write_release
from ethiclens.p2nia._protocol import _refuse_spent


def _data():
    rng = np.random.default_rng(0)
    n = 200
    return pd.DataFrame(
        {"g": rng.choice(["a", "b"], n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )


def test_cumulative_epsilon_past_the_cap_is_a_spent_budget(tmp_path):
    req = make_request(100, "g", protected_domain=["a", "b"], epsilon=4000, track_budget=True)
    out, df = tmp_path / "rel", _data()
    for seed in (1, 2):
        write_release(release(req, df, "y", "p", random_state=seed), out, replace=True)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with pytest.raises(EthicLensInputError) as info:
        write_release(release(req, df, "y", "p", random_state=3), out, replace=True)
    assert info.value.column == "--out"
    assert (
        "this release would bring the cumulative ε to 12000 on this data over 3 releases, "
        "above 10000: its privacy budget is spent"
    ) in str(info.value)
    assert "release no more of this data" in info.value.fix
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert read_release(out).manifest["budget"]["releases"] == 2


def test_cumulative_delta_reaching_one_is_a_spent_budget():
    budget = {
        "this_release": 1.0,
        "cumulative_on_this_data": 3.0,
        "releases": 3,
        "cumulative_delta_on_this_data": 0.9995 + 1e-3,
    }
    with pytest.raises(EthicLensInputError) as info:
        _refuse_spent(budget)
    assert "cumulative δ to 1.0005 on this data over 3 releases, at least 1" in str(info.value)
    assert info.value.column == "--out"
    below = {**budget, "cumulative_delta_on_this_data": 0.9995}
    _refuse_spent(below)  # below 1: written
    _refuse_spent({**below, "cumulative_on_this_data": 10000.0})  # at the cap: written
