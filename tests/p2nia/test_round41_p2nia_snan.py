"""A Decimal('sNaN') in a release's data, a released table or a black-box model's answers is
the missing value it reads as, refused by name as Decimal('NaN') is: it raised
decimal.InvalidOperation or "TypeError: Cannot hash a signaling NaN value"."""

import dataclasses
from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit, estimate
from ethiclens.p2nia._protocol import make_request, release

pytestmark = pytest.mark.filterwarnings("ignore:a seeded release")
SNAN, QNAN = Decimal("sNaN"), Decimal("NaN")
RNG = np.random.default_rng(0)
DATA = pd.DataFrame(
    {
        "sex": RNG.choice(["a", "b"], 60),
        "y": RNG.integers(0, 2, 60),
        "p": RNG.integers(0, 2, 60),
        "job": RNG.choice(["u", "v"], 60),
    }
)


def _refusal(call):
    with pytest.raises(EthicLensInputError) as info:
        call()
    return info.value.problem, info.value.column


@pytest.mark.parametrize("column", ["sex", "y", "p", "job"])
def test_release_refuses_a_signalling_nan_as_missing(column):
    request = make_request(50, "sex", epsilon=1.0, mechanism="mst", delta=1e-6)

    def call(bad):
        data = DATA.astype({column: object})
        data.loc[3, column] = bad
        return lambda: release(request, data, "y", "p", columns=["job"], random_state=0)

    refused = _refusal(call(SNAN))
    assert refused == _refusal(call(QNAN)) and refused[1] == column


def test_estimate_refuses_a_signalling_nan_in_the_released_table():
    rel = release(make_request(50, "sex", epsilon=1.0), DATA, "y", "p", random_state=0)
    table = rel.table.astype(object)
    table.iloc[0, 0] = SNAN
    problem, _ = _refusal(lambda: estimate(dataclasses.replace(rel, table=table), n_boot=None))
    assert problem == "missing values in the released table"


def test_blackbox_refuses_a_signalling_nan_answer():
    def predict(q):
        return np.array([SNAN] + [1] * (len(q) - 1), dtype=object)

    domains = {"sex": ["a", "b"], "x": (0, 1)}
    problem, column = _refusal(lambda: blackbox_audit(predict, domains, "sex", n=10))
    assert column == "predict" and "other than 0/1" in problem
