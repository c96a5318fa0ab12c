"""Round 48 (holdout data: ACSIncome's OCCP, 481 occupation codes): the mapping form refused
numbers past 50 values with "give bin edges" only, while the audit's refusal also says what to
do with group codes; the form now says it as the command line does (fairness' continuous_fix):
in a file, codes are text that is not a number, or a Parquet string column."""

from __future__ import annotations

import html

import numpy as np
import pandas as pd

from tests.web.conftest import mapping_form, upload


def test_form_tells_how_to_audit_numeric_group_codes(client):
    r = np.random.default_rng(0)
    n = 300
    d = pd.DataFrame(
        {
            "label": r.integers(0, 2, n),
            "pred": r.integers(0, 2, n),
            "occ": r.choice(np.arange(60) * 150 + 10, n),
        }
    )
    url = upload(client, d.to_csv(index=False).encode(), "codes.csv").headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, protected=["2"], n_boot="200"))
    assert r.status_code == 422
    text = html.unescape(r.text)
    assert "occ looks continuous (58 distinct numbers): give bin edges" in text
    assert "if the numbers are group codes, write them in the file as text" in text
