"""Round 20 (E): bin edges go back into the mapping form exactly as run (1234567, not
1.23457e+06), so "Run it again" bins the rows as the first run did and reports the same
numbers; the edges suggested for a continuous column are written exactly too, so they cover
the data they were suggested for."""

from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd

from tests.web.conftest import csrf_of, mapping_form, upload, wait_done

EDGES = "1234567,2345678,3456789"


def _frame(n=1200) -> pd.DataFrame:
    rng = np.random.default_rng(5)
    inc = rng.choice([1.5e6, 2345678, 2345679, 3e6], n)  # two rows' worth on an edge
    return pd.DataFrame(
        {"label": rng.integers(0, 2, n), "pred": rng.integers(0, 2, n), "income": inc}
    )


def _groups(client, url: str) -> dict:
    doc = json.loads(client.get(f"{url}/download/json").text)
    return {g["group"]: g["n"] for g in doc["attributes"][0]["groups"]}


def test_run_it_again_keeps_the_edges_and_the_numbers(client):
    frame = _frame()
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    form = mapping_form(page, protected=["2"], bins_2=EDGES)
    r = client.post(url, data={**form, "n_boot": "200"})
    assert r.status_code == 303, r.text[-800:]
    first = r.headers["location"]
    done = wait_done(client, first)
    assert done.status_code == 200
    n_low = int((frame["income"] < 2345678).sum())
    expected = {"[1234567, 2345678)": n_low, "[2345678, 3456789]": len(frame) - n_low}
    assert _groups(client, first) == expected
    r = client.post(first + "/again", data={"csrf": csrf_of(done.text)})
    assert r.status_code == 303
    mapping = client.get(r.headers["location"]).text
    assert re.search(rf'name="bins_2" id="bins_2" value="{EDGES}"', mapping), mapping[-2000:]
    r = client.post(r.headers["location"], data=mapping_form(mapping))
    assert r.status_code == 303, r.text[-800:]
    second = r.headers["location"]
    assert wait_done(client, second).status_code == 200
    assert _groups(client, second) == expected


def test_suggested_edges_cover_the_data_they_are_suggested_for():
    from ethiclens.web._roles import suggest_bins

    text = suggest_bins({"name": "income", "range": [12345678, 12345999]})
    edges = [float(e) for e in text.split(",")]
    assert edges[0] <= 12345678 and edges[-1] >= 12345999, text
    assert "e+" not in text
    assert suggest_bins({"name": "score", "range": [0, 1]}) == "0,0.3,0.6,0.9,1.2"


def test_edges_suggested_for_a_float32_column_cover_it_as_the_audit_reads_it(tmp_path):
    """A Parquet float32 0.95 is read as 0.95 (not 0.949999988): its suggested last edge
    covers it, so the audit takes the edges as suggested."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from ethiclens.fairness import bin_attribute
    from ethiclens.web._roles import profile, suggest_bins

    values = np.arange(15, 96, dtype=np.float32) / np.float32(100)  # 0.15 .. 0.95
    path = tmp_path / "f.parquet"
    pq.write_table(pa.table({"income": pa.array(values)}), path)
    column = profile(path, "parquet")["columns"][0]
    assert column["range"] == [0.15, 0.95]
    edges = [float(e) for e in suggest_bins(column).split(",")]
    assert edges[-1] == 0.95, edges
    assert len(bin_attribute(pd.Series(values), edges, "income")) == len(values)
