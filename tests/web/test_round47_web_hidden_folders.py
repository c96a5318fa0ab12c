"""Round 47: the data screen's picker left out hidden files ('.x.csv') but listed the files of
a hidden folder ('.cache/x.csv', '.git/...'), which sorts before every visible name: a data
folder with a '.cache' of 200 CSV or Parquet files listed those 200 and none of the user's
own, which could then not be picked (403, 'only the files listed can be audited'), while a
hidden folder's file could. A file under a hidden folder, at any depth, is now not listed
and not picked, as a hidden file is."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from tests.web.conftest import csrf_of, make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

ROWS = "label,pred,grp\n" + "".join(f"{i % 2},{(i // 2) % 2},{'AB'[i % 2]}\n" for i in range(40))


@pytest.fixture
def client(tmp_path):
    from starlette.testclient import TestClient

    data = tmp_path / "data"
    (data / ".cache" / "deep").mkdir(parents=True)
    for i in range(200):  # the picker lists at most 200 files
        (data / ".cache" / f"c{i:03d}.csv").write_text(ROWS)
    (data / ".cache" / "deep" / "d.parquet").write_bytes(b"PAR1")
    (data / "sub" / ".old").mkdir(parents=True)
    (data / "sub" / ".old" / "o.csv").write_text(ROWS)
    (data / ".h.csv").write_text(ROWS)
    (data / "mine.csv").write_text(ROWS)
    (data / "sub" / "kept.csv").write_text(ROWS)
    with TestClient(make_app(tmp_path), follow_redirects=False) as c:
        yield c


def test_files_of_hidden_folders_are_neither_listed_nor_picked(client):
    home = client.get("/").text
    listed = [t for _, t in re.findall(r'<option value="(/[^"]*)">([^<]*)</option>', home)]
    assert listed == ["mine.csv", "sub/kept.csv"], listed[:5]
    token = csrf_of(home)
    for hidden in (".cache/deep/d.parquet", "sub/.old/o.csv"):
        r = client.post("/pick", data={"csrf": token, "path": "/" + quote(hidden)})
        assert r.status_code == 403, (hidden, r.status_code)
        assert "only the files listed can be audited" in r.text


def test_the_docs_say_so():
    from pathlib import Path

    docs = " ".join((Path(__file__).parents[2] / "docs" / "web.md").read_text().split())
    assert "neither a hidden file nor one in a hidden folder such as `.cache/`" in docs
