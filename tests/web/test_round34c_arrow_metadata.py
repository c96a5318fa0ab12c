"""Round 34c: a Parquet upload written by pandas with a ``list<...>[pyarrow]`` or
``dictionary<...>[pyarrow]`` column (its dtype's name, kept in the file's pandas metadata, is
one pandas cannot parse back) was an internal error (500) profiling it for the mapping screen,
even though the audit does not use that column. It is profiled and audited as the CLI audits
it."""

from __future__ import annotations

import io

import pandas as pd
import pyarrow as pa
import pytest

from .conftest import assert_same_json, cli_json, make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_column_pandas_cannot_type_back_is_profiled_and_audited(client, tmp_path):
    frame = make_frame(1500)
    frame["group"] = frame["group"].astype("string[pyarrow]")
    frame["tags"] = pd.array([[1, 2]] * len(frame), dtype=pd.ArrowDtype(pa.list_(pa.int64())))
    frame["code"] = pd.array(
        ["x"] * len(frame), dtype=pd.ArrowDtype(pa.dictionary(pa.int32(), pa.string()))
    )
    buffer = io.BytesIO()
    frame.to_parquet(buffer, index=False)
    content = buffer.getvalue()
    r = upload(client, content, "nested.parquet")
    assert r.status_code == 303, r.status_code
    url = r.headers["location"]
    page = client.get(url)
    assert page.status_code == 200, page.status_code
    form = mapping_form(page.text, protected=["3"], bins_4="", n_boot="200")
    assert (form["y_true"], form["y_pred"], form["y_score"]) == ("label", "pred", "score")
    sent = client.post(url, data=form)
    assert sent.status_code == 303, sent.status_code
    audit = sent.headers["location"]
    assert 'id="verdict-word">FLAGGED<' in wait_done(client, audit).text
    web = client.get(audit + "/download/json").json()
    config = client.get(audit + "/download/config").text
    assert_same_json(web, cli_json(tmp_path / "cli", config, {"nested.parquet": content}))
