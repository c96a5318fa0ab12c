"""Round 38 (helper uploads), item 2: the upload's size refused before a byte is read is the
request's, not the file's. With a 2 kB limit, a 25-byte file under a 100 kB name was refused
413 "the file is larger than this server's limit of 2 kB", which was false: the refusal now
says the upload is too large (its size, the limit for the file, the room for the form); a
file over the limit, refused as it arrives, still says the file is larger."""

from __future__ import annotations

import re

import pytest

from .conftest import make_app, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _error(response) -> str:
    found = re.search(r'id="error-file"[^>]*>([^<]*)<', response.text)
    assert found, response.text[-600:]
    return found.group(1).replace("&#39;", "'")


@pytest.fixture
def small(tmp_path):
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path, max_upload=2048), follow_redirects=False) as client:
        yield client


def test_a_small_file_under_a_huge_name_is_not_called_a_large_file(small):
    r = upload(small, b"label,pred,g\n1,0,A\n0,1,B\n", "n" * 100_000 + ".csv")
    assert r.status_code == 413
    said = _error(r)
    assert "the file is larger" not in said, said
    head = "the upload is 98 kB, over this server's limit of 2 kB for the file"
    assert said.startswith(head), said
    assert "(and 64 kB for the rest of the form)" in said, said


def test_a_file_over_the_limit_is_still_called_a_larger_file(small):
    r = upload(small, b"label,pred,g\n" + b"1,0,A\n" * 1000)
    assert r.status_code == 413
    assert _error(r).startswith("the file is larger than this server's limit of 2 kB")
