"""Round 28 (P2NIA): inputs an expert tries on ``release``.

Audit data with fewer rows than a request draws crashed with an IndexError (a category
column) or numpy's "zero-size array to reduction operation" (a binned column) before the
rows were counted; now the request's n′ is checked first, and data too small for any request
(fewer than 10 rows) is told to add rows rather than "ask for a request of at most 0 rows".
Bin edges given as text in Python (``discretization={"age": "0,50,100"}``) are read as the
command line and the audit read them, not refused with a garbled fix."""

from __future__ import annotations

import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import check_edges, make_request, release

from .conftest import audit_frame


def _data(n=600, seed=0):
    return audit_frame(
        n,
        seed,
        age=lambda rng, n: rng.integers(18, 80, n),
        job=lambda rng, n: rng.choice(["a", "b"], n),
    )


@pytest.mark.parametrize(
    ("columns", "bins"), [(None, None), (["job"], None), (["age"], {"age": [0, 50, 100]})]
)
@pytest.mark.parametrize("rows", [0, 5])
def test_too_few_audit_rows_are_refused_before_any_column(columns, bins, rows):
    req = make_request(10, "sex", epsilon=3, mechanism="mst")
    with pytest.raises(EthicLensInputError) as exc:
        release(req, _data().iloc[:rows], "y", "pred", columns=columns, discretization=bins)
    text = str(exc.value)
    assert f"exceeds the {rows} audit rows" in text and "add audit rows" in text, text


def test_a_request_larger_than_the_data_still_names_the_largest():
    with pytest.raises(EthicLensInputError, match="at most 600 rows"):
        release(make_request(700, "sex", epsilon=3), _data(), "y", "pred")


def test_text_edges_are_read_as_the_command_line_reads_them():
    assert check_edges("age", "0,50,100").tolist() == [0.0, 50.0, 100.0]
    req = make_request(300, "sex", epsilon=3, mechanism="mst", metrics="dp")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = release(
            req,
            _data(),
            "y",
            "pred",
            columns=["age"],
            discretization={"age": "0,50,100"},
            random_state=0,
        )
        listed = release(
            req,
            _data(),
            "y",
            "pred",
            columns=["age"],
            discretization={"age": [0, 50, 100]},
            random_state=0,
        )
    assert text.manifest == listed.manifest
    assert text.table.equals(listed.table)
    with pytest.raises(EthicLensInputError) as exc:
        release(req, _data(), "y", "pred", columns=["age"], discretization={"age": 5})
    assert "discretization" in str(exc.value) and "{" not in exc.value.fix, str(exc.value)
