"""Round 33 review: model B's file replaced by a folder since it was uploaded or picked was
"model B's file cannot be read: [Errno 21] Is a directory: 'the file'" (a CSV; a Parquet
file: pyarrow's words), where a removed one is "no longer on this server": a path that is no
longer a regular file is removed."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import csrf_of, make_frame
from tests.web.test_round30_model_b_values import _post, _said

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_model_bs_file_now_a_folder_is_no_longer_on_this_server(client, app, suffix):
    folder = app.state.config.data_dir
    a, b = make_frame(300), make_frame(300)
    a.to_csv(folder / "a.csv", index=False)
    (b.to_parquet if suffix == "parquet" else b.to_csv)(folder / f"b.{suffix}", index=False)
    for name in (f"b.{suffix}", "a.csv"):
        token = csrf_of(client.get("/").text)
        url = client.post("/pick", data={"csrf": token, "path": name}).headers["location"]
    page = client.get(url).text
    choice = re.search(rf'value="([0-9a-f]{{24}}:1)">b.{suffix}: pred<', page)[1]
    (folder / f"b.{suffix}").unlink()
    (folder / f"b.{suffix}").mkdir()
    r = _post(client, url, page, model_b=choice)
    assert r.status_code == 422
    assert _said(r.text, "model_b") == (
        f"model B's file (b.{suffix}) is no longer on this server. Fix: upload it again"
    )
