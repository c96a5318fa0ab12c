"""Round 38 (helper pgnul): PostgreSQL's text holds no NUL (U+0000), which SQLite's does. Since
d11a2c76 an upload's file name is kept as sent, so a name with a NUL (sent raw: a browser
percent-encodes it, a script need not) was a 500 on a PostgreSQL history ("PostgreSQL text
fields cannot contain NUL (0x00) bytes"), where SQLite's showed it escaped. The store now writes
each text's NULs encoded on PostgreSQL and reads them back: both stores hold and return the same
strings, so the pages and downloads are the same. Every test runs on both stores."""

from __future__ import annotations

import io
import json
import re

import pytest

from .conftest import make_app, make_frame, mapping_form, wait_done
from .test_round38_uploads_names import _raw_upload, _shown_name

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")
ESC = "\ufdd0"  # the PostgreSQL store's escape character: a user's text may hold it too
TEXTS = ["a\x00b.csv", "\x00\x00", ESC, ESC + "0", ESC + "\x00" + ESC + ESC, "0\x00" + ESC, "ab"]


@pytest.fixture(params=["sqlite", "postgresql"])
def store_at(request, tmp_path):
    """The history's place: a SQLite file, or the throw-away PostgreSQL server's URL."""
    if request.param == "sqlite":
        return str(tmp_path / "history.sqlite")
    pytest.importorskip("psycopg")
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def client(store_at, tmp_path):
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path, store=store_at), follow_redirects=False) as c:
        yield c


def test_every_text_comes_back_as_written(store_at):
    from ethiclens.web._store import Store

    store = Store(store_at)
    try:
        for text in TEXTS:
            path = f"/r38/{text}/{len(text)}.csv"  # one path per text (a list's rows alike)
            data_id = store.add_data(name=text, kind="csv", path=path, profile="{}")
            assert store.data(data_id)["name"] == text
            assert store.data_at(path)["id"] == data_id  # the WHERE compares it as written
            spec = {"target": {"file": path}, "model": {"name": text}}
            audit_id = store.new_request(data_id, spec, "thresholds")
            store.finish(audit_id, result="{}", html=text, card=text, csv=text,
                         fingerprint=None, verdict=None)  # fmt: skip
            row = store.audit(audit_id)
            assert (row["html"], row["card"], row["csv"]) == (text, text, text)
            assert json.loads(row["spec"]) == spec
            listed = {r["id"]: r["data_name"] for r in store.history(limit=10_000)}
            assert listed[audit_id] == text
    finally:
        store.close()


def test_an_upload_named_with_a_nul_is_shown_escaped(client):
    r = _raw_upload(client, b'filename="a\x00b.csv"')
    assert _shown_name(client, r) == "a\\x00b.csv"
    assert client.app.state.store.files(1)[0]["name"] == "a\x00b.csv"  # kept as sent


def test_an_audit_of_nul_names_and_labels_reads_alike(client):
    """A Parquet file (a CSV with a NUL byte is refused) of a NUL in its name, a column's
    name and a group's label, its model named with one: the result page, the history and the
    JSON download."""
    frame = make_frame(300, seed=1).rename(columns={"group": "gr\x00p"})
    frame["gr\x00p"] = frame["gr\x00p"].map({"A": "A\x00", "B": "B"})
    buf = io.BytesIO()
    frame.to_parquet(buf)
    url = _raw_upload(client, b'filename="p\x00.parquet"', buf.getvalue()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200", bins_4="")
    r = client.post(url, data={**form, "model_name": "m\x00n"})
    assert r.status_code == 303, r.text[-600:]
    done = wait_done(client, r.headers["location"]).text
    assert "gr\\x00p: B vs A\\x00" in done
    assert re.search(r"p\\x00\.parquet</td><td>m\\x00n<", client.get("/history").text)
    report = client.get(r.headers["location"] + "/download/json").json()
    assert report["run"]["spec"]["model"]["name"] == "m\x00n"
    groups = {g["group"] for a in report["attributes"] for g in a["groups"]}
    assert groups == {"A\x00", "B"}
