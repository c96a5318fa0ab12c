"""Round 34: a Parquet file written from pandas' pyarrow-backed columns (``int64[pyarrow]``,
``string[pyarrow]``: their dtypes kept in the file's pandas metadata) was an internal error
(500) on upload: profiling it for the mapping screen took ``% 1`` of an arrow integer column,
which pandas does not implement. It is profiled, audited, and gives the CLI's JSON."""

from __future__ import annotations

import io

import pytest

from .conftest import assert_same_json, cli_json, make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_parquet_file_of_arrow_dtypes_is_audited_as_the_cli_audits_it(client, tmp_path):
    frame = make_frame(1500)
    frame["pred"] = frame["pred"].astype("int64[pyarrow]")
    frame["group"] = frame["group"].astype("string[pyarrow]")
    frame["score"] = frame["score"].astype("double[pyarrow]")
    frame["age"] = frame["age"].astype("uint8[pyarrow]")
    buffer = io.BytesIO()
    frame.to_parquet(buffer, index=False)
    content = buffer.getvalue()
    r = upload(client, content, "arrow.parquet")
    assert r.status_code == 303, r.status_code
    url = r.headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")
    assert (form["y_true"], form["y_pred"], form["y_score"]) == ("label", "pred", "score")
    sent = client.post(url, data=form)
    assert sent.status_code == 303, sent.status_code
    audit = sent.headers["location"]
    assert 'id="verdict-word">FLAGGED<' in wait_done(client, audit).text
    web = client.get(audit + "/download/json").json()
    config = client.get(audit + "/download/config").text
    assert_same_json(web, cli_json(tmp_path / "cli", config, {"arrow.parquet": content}))
