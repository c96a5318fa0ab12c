"""Round 50 (review, atomic writes): the web's comparison of two uploaded files wrote the
joined table straight into uploads/ (pandas' to_csv/to_parquet on the path): a failure while
writing (a full disk) left half a table there and answered a bare server error. It is now
made whole, then renamed into place (io.write_atomic); a failure leaves nothing in uploads/
and is refused in model B's field, without the server's paths."""

from __future__ import annotations

import errno
import os
import re

import pytest

from tests.web.conftest import csrf_of, make_frame, rev_of, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize("name", ["a.csv", "a.parquet"])
def test_a_failed_joined_table_leaves_nothing(client, tmp_path, monkeypatch, name):
    def content(frame):
        return (
            frame.to_parquet() if name.endswith("parquet") else frame.to_csv(index=False).encode()
        )

    b = make_frame(300)
    b["pred"] = 1 - b["pred"]
    upload(client, content(b), "b" + name[1:])
    url = upload(client, content(make_frame(300)), name).headers["location"]
    page = client.get(url).text
    choice = re.search(r'value="([0-9a-f]{24}:1)">b\.\w+: pred<', page)[1]
    uploads = tmp_path / "data" / "uploads"
    kept = sorted(p.name for p in uploads.iterdir())
    real = os.replace

    def full(src, dst, *a, **k):
        if str(dst).startswith(str(uploads)):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", full)
    form = {"csrf": csrf_of(page), "rev": rev_of(page), "y_true": "label", "y_pred": "pred"}
    r = client.post(url, data={**form, "protected": ["3"], "n_boot": "200", "model_b": choice})
    monkeypatch.undo()
    assert r.status_code == 422
    said = " ".join(re.findall(r'class="error"[^>]*>([^<]*)', r.text))
    assert "could not save the table joining the two files (No space left on device)" in said
    assert str(tmp_path) not in r.text
    assert sorted(p.name for p in uploads.iterdir()) == kept
