"""Two models from two uploads of the same rows (issue 25, "compare two models ... or two
uploads of the same rows"): model B's file is uploaded from model A's mapping screen, checked
to hold the same rows (count, label, groups), and joined into the one table the library
compares; the config names that table, which the result page offers, and the CLI reproduces
the comparison from the two downloads."""

from __future__ import annotations

import html
import json
import re

import pytest

from .conftest import (
    assert_no_server_path,
    assert_same_json,
    cli_json,
    make_frame,
    mapping_form,
    upload,
    wait_done,
)

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _frames():
    a = make_frame().drop(columns=["age", "constant"])
    b = a.copy()
    b["pred"] = b["pred"].where(b.index % 4 != 0, 1 - b["pred"])  # model B differs on 1 in 4
    return a, b


def _upload_b(client, audit: str, content: bytes, name="model-b.csv"):
    page = client.get(f"/audits/{audit}/mapping").text
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
    return client.post(
        f"/upload?for={audit}", data={"csrf": token}, files={"file": (name, content)}
    )


def _uploads(tmp_path) -> list:
    return sorted(p.name for p in (tmp_path / "data" / "uploads").iterdir())


@pytest.fixture
def model_a(client):
    a, b = _frames()
    r = upload(client, a.to_csv(index=False).encode(), "model-a.csv")
    return r.headers["location"].split("/")[2], a, b


def test_two_uploads_compared_and_reproduced_by_the_cli(client, model_a, tmp_path):
    audit, a, b = model_a
    r = _upload_b(client, audit, b.to_csv(index=False).encode())
    assert r.status_code == 303 and r.headers["location"].startswith(f"/audits/{audit}/mapping?b=")
    page = client.get(r.headers["location"]).text
    form = mapping_form(page, n_boot="200")
    assert form["model_b"] and form["y_pred_b"] == ""  # B's prediction column is proposed
    assert "model-b.csv: pred" in page
    r = client.post(f"/audits/{audit}/mapping", data=form)
    assert r.status_code == 303, re.findall(r'class="error"[^>]*>([^<]*)', r.text)
    done = wait_done(client, r.headers["location"])
    url = r.headers["location"]
    assert "model A (pred)" in done.text and "model B (model-b)" in done.text
    assert 'id="dl-table"' in done.text
    table = client.get(url + "/download/table")
    assert table.status_code == 200
    assert 'filename="model-a-vs-model-b.csv"' in table.headers["content-disposition"]
    config = client.get(url + "/download/config").text
    assert "file: model-a-vs-model-b.csv" in config and "uploads" not in config
    assert "y_pred:\n  - pred\n  - model-b" in config
    cli = cli_json(tmp_path / "user", config, {"model-a-vs-model-b.csv": table.content}, "compare")
    web = json.loads(client.get(url + "/download/json").content)
    assert_same_json(web, cli)
    assert_no_server_path(client, url, tmp_path)
    assert web["models"] == {"a": "pred", "b": "model-b"}


def _refused(client, audit, tmp_path, content: bytes, **fields):
    """Model B's file uploaded, then the mapping submitted: the page that comes back."""
    r = _upload_b(client, audit, content)
    assert r.status_code == 303
    page = client.get(r.headers["location"]).text
    before = _uploads(tmp_path)
    r = client.post(f"/audits/{audit}/mapping", data=mapping_form(page, n_boot="200", **fields))
    assert _uploads(tmp_path) == before  # nothing written for a refused pair
    return r


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda b: b.iloc[:-10], "has 3,990 rows, model A's 4,000"),
        (lambda b: b.assign(label=1 - b["label"]), "column 'label' differs between the two files"),
        (lambda b: b.iloc[::-1], "column 'label' differs"),
        (lambda b: b.drop(columns=["group"]), "model B's file (model-b.csv) has no column 'group'"),
    ],
)
def test_files_of_other_rows_are_refused_by_model_b(client, model_a, tmp_path, change, words):
    audit, _a, b = model_a
    r = _refused(client, audit, tmp_path, change(b).to_csv(index=False).encode())
    assert r.status_code == 422
    said = html.unescape(re.search(r'id="error-model_b"[^>]*>([^<]*)', r.text).group(1))
    assert words in said and "Fix:" in said and "cannot be read" not in said
    assert client.get("/").status_code == 200  # the server keeps serving


def test_model_b_as_a_column_and_a_file_is_refused(client, model_a, tmp_path):
    audit, _a, b = model_a
    r = _refused(client, audit, tmp_path, b.to_csv(index=False).encode(), y_pred_b="score")
    assert r.status_code == 422 and "not both" in html.unescape(r.text)
    assert 'id="error-model_b"' in r.text


def test_a_refused_model_b_file_is_said_on_model_a_mapping(client, model_a, tmp_path):
    audit, _a, _b = model_a
    r = _upload_b(client, audit, b"")
    assert r.status_code == 400 and 'id="mapping-form"' in r.text
    assert "the file is empty" in re.search(r'id="error-model_b"[^>]*>([^<]*)', r.text).group(1)
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', client.get("/").text).group(1)
    r = client.post(
        "/upload?for=0123456789abcdef01234567",
        data={"csrf": token},
        files={"file": ("b.csv", b"a,b\n1,2\n")},
    )
    assert r.status_code == 400 and "gone or already running" in r.text
    page = client.get(f"/audits/{audit}/mapping").text
    forged = mapping_form(page, model_b="0123456789abcdef01234567:1")
    r = client.post(f"/audits/{audit}/mapping", data=forged)
    assert r.status_code == 422 and "not a file uploaded to this server" in r.text


def test_a_parquet_model_a_and_a_csv_model_b(client, tmp_path):
    """Rows compared as numbers across formats; the joined table keeps model A's format."""
    import io

    a, b = _frames()
    buf = io.BytesIO()
    a.to_parquet(buf, index=False)
    audit = upload(client, buf.getvalue(), "model-a.parquet").headers["location"].split("/")[2]
    r = _upload_b(client, audit, b.to_csv(index=False).encode())
    form = mapping_form(client.get(r.headers["location"]).text, n_boot="200")
    url = client.post(f"/audits/{audit}/mapping", data=form).headers["location"]
    page = wait_done(client, url).text
    assert "model B (model-b)" in page, re.findall(r"id=\"problem\">(.*?)</p>", page, re.S)
    table = client.get(url + "/download/table")
    assert 'filename="model-a-vs-model-b.parquet"' in table.headers["content-disposition"]
    config = client.get(url + "/download/config").text
    files = {"model-a-vs-model-b.parquet": table.content}
    cli = cli_json(tmp_path / "user", config, files, "compare")
    assert_same_json(json.loads(client.get(url + "/download/json").content), cli)


def test_a_protected_column_with_an_equals_sign_is_found_in_both_files(client, tmp_path):
    """``age>=65`` with reference ``A`` is the request's ``age>=65=A``: read against the file's
    columns (the library's parse_protected), not cut at the first "=" (round 4)."""
    a, b = (f.rename(columns={"group": "age>=65"}) for f in _frames())
    r = upload(client, a.to_csv(index=False).encode(), "model-a.csv")
    audit = r.headers["location"].split("/")[2]
    r = _upload_b(client, audit, b.to_csv(index=False).encode())
    page = client.get(r.headers["location"]).text
    index = re.search(r'name="protected" value="(\d+)"[^>]*>\s*age&gt;=65', page)
    index = index.group(1) if index else str(list(a.columns).index("age>=65"))
    form = mapping_form(page, n_boot="200", protected=[index], **{f"ref_{index}": "A"})
    r = client.post(f"/audits/{audit}/mapping", data=form)
    assert r.status_code == 303, re.findall(r'class="error"[^>]*>([^<]*)', r.text)
    done = wait_done(client, r.headers["location"])
    result = json.loads(client.get(r.headers["location"] + "/download/json").content)
    assert "model A (pred)" in done.text
    assert {d["attribute"] for d in result["differences"]} == {"age>=65"}
