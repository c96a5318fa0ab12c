"""Round 34: a Parquet file with a map column of text keys (as Spark writes ``map<string,
int>``) was refused on upload as one that "cannot be read" (415: pyarrow's "Function
'list_flatten' has no kernel matching input types (map<dictionary<...>>)", from sizing its
text against a decompression bomb), though the command line audits it. It is uploaded and
audited as the CLI audits it."""

from __future__ import annotations

import io

import pytest

from .conftest import assert_same_json, cli_json, make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_parquet_file_with_a_map_column_is_uploaded_and_audited(client, tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    frame = make_frame(1000).drop(columns=["age", "constant"])
    table = pa.Table.from_pandas(frame, preserve_index=False)
    tags = pa.array([[("k", 1)], [("k", 2), ("z", 3)]] * 500, pa.map_(pa.string(), pa.int64()))
    buffer = io.BytesIO()
    pq.write_table(table.append_column("tags", tags), buffer)
    content = buffer.getvalue()
    r = upload(client, content, "spark.parquet")
    assert r.status_code == 303, r.status_code
    url = r.headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200")
    sent = client.post(url, data=form)
    assert sent.status_code == 303, sent.status_code
    audit = sent.headers["location"]
    assert 'id="verdict-word">FLAGGED<' in wait_done(client, audit).text
    web = client.get(audit + "/download/json").json()
    config = client.get(audit + "/download/config").text
    assert_same_json(web, cli_json(tmp_path / "cli", config, {"spark.parquet": content}))
