"""A released table's Y / Ŷ holding 0 and 1 as other types of number (an object column of
Decimal('1'), ``table.astype(object)``) is the release it was; a value that is not 0/1 is
named, never "released values []"."""

import dataclasses
from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, release


@pytest.fixture(scope="module")
def rel():
    rng = np.random.default_rng(0)
    n = 200
    df = pd.DataFrame(
        {"g": rng.choice(["a", "b"], n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )
    return release(make_request(150, "g", epsilon=5.0), df, "y", "p", random_state=1)


def _with(rel, **cols):
    table = rel.table.copy()
    for name, convert in cols.items():
        table[name] = convert(table[name])
    return dataclasses.replace(rel, table=table)


def _metrics(est):
    return est.values


@pytest.mark.parametrize(
    "convert",
    [
        lambda s: s.astype(object),
        lambda s: pd.Series([Decimal(int(v)) for v in s], index=s.index, dtype=object),
        lambda s: pd.Series([np.float64(v) for v in s], index=s.index, dtype=object),
        lambda s: s.astype("category"),
    ],
    ids=["object", "decimal", "np-float-object", "category"],
)
def test_equal_numbers_are_the_domain(rel, convert):
    want = _metrics(estimate(rel, n_boot=0))
    assert _metrics(estimate(_with(rel, Y=convert, Y_hat=convert), n_boot=0)) == want


@pytest.mark.parametrize(
    "convert, named",
    [
        (lambda s: s.astype(str), "'0', '1'"),
        (lambda s: s.astype(object).where(s.index != s.index[0], "1"), "'1'"),
        (lambda s: s.astype(float).where(s.index != s.index[0], 0.5), "0.5"),
        (lambda s: s.astype(object).where(s.index != s.index[0], Decimal("2")), "Decimal('2')"),
    ],
    ids=["text", "one-text", "half", "decimal-two"],
)
def test_values_outside_are_named(rel, convert, named):
    with pytest.raises(EthicLensInputError) as info:
        estimate(_with(rel, Y_hat=convert), n_boot=0)
    assert f"released values {named} are outside the manifest's domain 0, 1" in str(info.value)
    assert info.value.column == "Y_hat"
