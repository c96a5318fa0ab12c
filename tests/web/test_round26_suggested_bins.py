"""Round 26: the mapping screen's proposed bin edges. A numeric group column holding an infinite
value made the mapping page a 500 (OverflowError in the proposal); numbers past a float's
precision (2**62 + i) were proposed as five equal edges the form's own check then refused. No
edges are proposed where none exist, and the refusal's example is never blank."""

from __future__ import annotations

import re

import numpy as np
import pytest

pytest.importorskip("starlette")

from .conftest import make_frame, mapping_form, upload  # noqa: E402


def _mapping(client, values) -> tuple[str, str]:
    frame = make_frame(300)
    frame["group"] = values
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    page = client.get(url)
    assert page.status_code == 200, page.status_code  # was 500 with an infinite value
    return url, page.text


@pytest.mark.parametrize(
    "values",
    [np.where(np.arange(300) == 0, np.inf, np.arange(300)), np.arange(300) + 2**62],
    ids=["an infinite value", "past a float's precision"],
)
def test_no_edges_are_proposed_where_none_exist(client, values):
    url, page = _mapping(client, values)
    proposed = re.search(r'name="bins_3" id="bins_3" value="([^"]*)"', page)[1]
    assert proposed == "", proposed
    r = client.post(url, data=mapping_form(page, protected=["3"], n_boot="100", bins_4=""))
    assert r.status_code == 422
    error = re.search(r'id="error-bins_3" role="alert">(.*?)</p>', r.text)[1]
    # the generic example, no edges made from the data (a group-codes hint may follow: 2cc1d997)
    assert re.search(r"give bin edges, e\.g\. 0,25,45,65,120(;|$)", error), error


def test_edges_are_still_proposed_over_a_finite_range():
    from ethiclens.web._roles import suggest_bins

    assert suggest_bins({"name": "x", "range": [-150, 170]}) == "-150,-70,10,90,170"
    widest = suggest_bins({"name": "x", "range": [-1e308, 1e308]})  # no overflow on the way
    assert widest == "-1e+308,-5e+307,0,5e+307,1e+308"
    assert suggest_bins({"name": "age", "range": [18, 89]}) == "0,25,45,65,120"
