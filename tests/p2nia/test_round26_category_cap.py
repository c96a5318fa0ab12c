"""Round 26 (P2NIA): a category column's domain is written into the manifest as the data spells
it, outside the DP budget. An identifier column (20,000 distinct ids) was released with every id
listed in the public manifest; a numeric column was already capped at 20 categories. A text
column now has the same cap, refused over the whole data (never the rows a seed draws), with a
fix naming the column."""

from __future__ import annotations

import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release

from .conftest import audit_frame


def _data(n_ids: int, n=400):
    return audit_frame(n, 3, id=lambda rng, n: [f"u{i % n_ids}" for i in range(n)])


def _release(data, mechanism, seed=0):
    req = make_request(40, "sex", epsilon=5, mechanism=mechanism, protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return release(req, data, "y", "pred", columns=["id"], random_state=seed)


@pytest.mark.parametrize("mechanism", ["mst", "aim"])
@pytest.mark.parametrize("seed", [0, 1])
def test_an_identifier_column_is_refused_not_published(mechanism, seed):
    with pytest.raises(EthicLensInputError) as info:
        _release(_data(n_ids=400), mechanism, seed)
    text = str(info.value)
    assert "column 'id'" in text and "400 distinct values" in text
    assert "at most 20" in text and "not under DP" in text
    assert "map id to at most 20 categories" in text


def test_twenty_categories_are_still_released():
    rel = _release(_data(n_ids=20), "mst")
    assert len(rel.manifest["columns"]["id"]["domain"]) == 20
