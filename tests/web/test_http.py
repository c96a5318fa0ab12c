"""The web app over HTTP (Starlette's TestClient): the happy path, every bad input of issue 25
(a clear message next to the field, the right status, nothing stored half, the server keeps
serving), the token, CSRF, security headers and the history."""

from __future__ import annotations

import gzip
import html
import io
import json
import pickle
import re
import sqlite3
import zipfile

import pandas as pd
import pytest

from .conftest import (
    assert_no_server_path,
    assert_same_json,
    cli_json,
    csrf_of,
    make_app,
    make_frame,
    mapping_form,
    upload,
    wait_done,
)

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _run(client, content: bytes, name="preds.csv", **fields):
    r = upload(client, content, name)
    assert r.status_code == 303, r.text
    mapping = r.headers["location"]
    page = client.get(mapping)
    form = mapping_form(page.text, n_boot="200", **fields)
    r = client.post(mapping, data=form)
    assert r.status_code == 303, re.findall(r'class="error"[^>]*>([^<]*)', r.text)
    return r.headers["location"]


def _stored(app) -> tuple[int, int]:
    db = sqlite3.connect(app.state.store.path)
    return (
        db.execute("SELECT COUNT(*) FROM data").fetchone()[0],
        db.execute("SELECT COUNT(*) FROM audits").fetchone()[0],
    )


def _uploads(tmp_path) -> list:
    return sorted(p.name for p in (tmp_path / "data" / "uploads").iterdir())


# -- the happy path ---------------------------------------------------------------------------
def test_upload_map_run_read_download(client, csv_bytes, tmp_path):
    r = upload(client, csv_bytes)
    assert r.status_code == 303
    page = client.get(r.headers["location"])
    assert page.status_code == 200
    # the proposal: label, prediction and score by name and values, group and binned age
    form = mapping_form(page.text)
    assert (form["y_true"], form["y_pred"], form["y_score"]) == ("label", "pred", "score")
    assert form["protected"] == ["3", "4"] and form["bins_4"] == "0,25,45,65,120"
    audit_url = _run(client, csv_bytes)
    done = wait_done(client, audit_url)
    assert done.status_code == 200
    assert re.search(r'id="verdict-word">FLAGGED<', done.text)
    assert "B is disadvantaged" in done.text
    for kind, media in (
        ("json", "application/json"),
        ("html", "text/html"),
        ("card", "text/markdown"),
        ("config", "application/yaml"),
    ):
        d = client.get(f"{audit_url}/download/{kind}")
        assert d.status_code == 200 and d.headers["content-type"].startswith(media), kind
        assert d.headers["content-disposition"].startswith("attachment")
    report = client.get(f"{audit_url}/report")
    assert "frame-ancestors 'self'" in report.headers["content-security-policy"]
    assert "<script" not in report.text.lower()
    # the config is portable: it names the user's file, never the server's path, and run in
    # the folder holding that file it reproduces the audit from the command line
    config = client.get(f"{audit_url}/download/config").text
    assert "file: preds.csv" in config and "uploads" not in config
    assert str(tmp_path) not in config
    cli = cli_json(tmp_path / "user", config, {"preds.csv": csv_bytes})
    assert_same_json(json.loads(client.get(f"{audit_url}/download/json").content), cli)
    assert_no_server_path(client, audit_url, tmp_path)


def test_pdf_when_the_library_prints_them(client, csv_bytes):
    from ethiclens.web._portable import pdf_available

    url = _run(client, csv_bytes, bins_4="", protected=["3"])
    page = wait_done(client, url)
    r = client.get(url + "/download/pdf")
    if not pdf_available():
        assert 'id="dl-pdf"' not in page.text and r.status_code == 404
        assert "print it from the browser" in html.unescape(r.text)
        pytest.skip("ethiclens.report offers no html_to_pdf (or no browser) here")
    assert 'id="dl-pdf"' in page.text
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    assert client.get(url + "/download/pdf").content == r.content  # kept after the first


def test_security_headers_on_every_page(client):
    for url in ("/", "/history", "/no-such-page", "/static/style.css"):
        r = client.get(url)
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert "unsafe-inline" not in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"
    assert client.get("/no-such-page").status_code == 404
    html = client.get("/").text
    assert "<script" not in html and "http://" not in html and "https://" not in html


def test_benchmark_audit(client):
    token = csrf_of(client.get("/").text)
    r = client.post("/benchmark", data={"csrf": token, "dataset": "compas", "n_boot": "200"})
    assert r.status_code == 303
    done = wait_done(client, r.headers["location"])
    assert re.search(r'id="verdict-word">FLAGGED<', done.text)
    assert "race: African-American vs Caucasian" in done.text
    cfg = client.get(r.headers["location"] + "/download/config").text
    assert "dataset: compas" in cfg


def test_two_models_compared(client, tmp_path):
    frame = make_frame()
    frame["pred_b"] = frame["pred"].where(frame.index % 5 != 0, 1 - frame["pred"])
    url = _run(
        client, frame.to_csv(index=False).encode(), y_pred_b="pred_b", bins_4="", protected=["3"]
    )
    done = wait_done(client, url)
    assert done.status_code == 200
    assert "model A (pred)" in done.text and "model B (pred_b)" in done.text
    assert client.get(url + "/download/card").status_code == 404
    config = client.get(url + "/download/config").text
    cli = cli_json(tmp_path / "user", config, {"preds.csv": frame.to_csv(index=False).encode()})
    assert_same_json(json.loads(client.get(url + "/download/json").content), cli)


def test_threshold_view_from_an_audit(client, csv_bytes, tmp_path):
    url = _run(client, csv_bytes, bins_4="", protected=["3"])
    done = wait_done(client, url)
    assert 'id="threshold-view"' in done.text
    r = client.post(url + "/thresholds", data={"csrf": csrf_of(done.text)})
    assert r.status_code == 303
    view = r.headers["location"]
    page = wait_done(client, view)
    assert page.status_code == 200 and "at the audited threshold 0.5" in page.text
    assert re.search(r'id="verdict-word">FLAGGED<', page.text)
    csv = client.get(view + "/download/csv")
    assert csv.status_code == 200 and csv.text.startswith("attribute,")
    assert "<img" in client.get(view + "/report").text  # the plot
    config = client.get(view + "/download/config").text
    assert "ethiclens thresholds --config" in config
    cli = cli_json(tmp_path / "user", config, {"preds.csv": csv_bytes}, "thresholds")
    assert_same_json(json.loads(client.get(view + "/download/json").content), cli)
    assert_no_server_path(client, view, tmp_path)
    assert client.post(url + "/thresholds").status_code == 403  # CSRF here too


def test_threshold_view_of_an_audit_with_a_card_and_an_interval_method(client, csv_bytes):
    # round 6: the view refused the audit's own spec once runs refused keys they do not use
    url = _run(client, csv_bytes, bins_4="", protected=["3"], ci="bca", model_name="Screener")
    done = wait_done(client, url)
    r = client.post(url + "/thresholds", data={"csrf": csrf_of(done.text)})
    assert r.status_code == 303, r.text
    assert wait_done(client, r.headers["location"]).status_code == 200


def test_a_database_table(tmp_path, monkeypatch):
    import sqlite3 as sq

    from starlette.testclient import TestClient

    pytest.importorskip("sqlalchemy")
    db = tmp_path / "warehouse.db"
    con = sq.connect(db)
    make_frame().drop(columns=["age", "constant"]).to_sql("predictions", con, index=False)
    con.close()
    monkeypatch.setenv("WAREHOUSE_URL", f"sqlite:///{db}")
    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    with TestClient(app, follow_redirects=False) as client:
        home = client.get("/").text
        assert "WAREHOUSE_URL" in home and str(db) not in home  # the name, never the URL
        token = csrf_of(home)
        for table, words in (("no_such", "no_such"), ("x; DROP TABLE predictions", "letters")):
            r = client.post(
                "/database", data={"csrf": token, "db": "WAREHOUSE_URL", "table": table}
            )
            assert r.status_code == 422 and words in html.unescape(r.text)
        r = client.post("/database", data={"csrf": token, "db": "OTHER", "table": "t"})
        assert r.status_code == 422 and 'id="error-db"' in r.text
        r = client.post(
            "/database", data={"csrf": token, "db": "WAREHOUSE_URL", "table": "predictions"}
        )
        assert r.status_code == 303
        page = client.get(r.headers["location"]).text
        form = mapping_form(page, n_boot="200")
        assert (form["y_true"], form["y_pred"], form["protected"]) == ("label", "pred", ["3"])
        r = client.post(r.headers["location"], data=form)
        done = wait_done(client, r.headers["location"])
        assert re.search(r'id="verdict-word">FLAGGED<', done.text)
        config = client.get(r.headers["location"] + "/download/config").text
        assert "db_env: WAREHOUSE_URL" in config and str(db) not in config
        # (the JSON report's provenance names the database as the library masks it)


def test_parquet_upload(client, tmp_path):
    buf = io.BytesIO()
    make_frame().to_parquet(buf)
    url = _run(client, buf.getvalue(), name="preds.parquet")
    assert re.search(r'id="verdict-word">FLAGGED<', wait_done(client, url).text)


# -- bad files --------------------------------------------------------------------------------
def _zip_bomb() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a.csv", b"0" * 50_000_000)
    return buf.getvalue()


def _parquet_bomb() -> bytes:
    """A few kB that expand past the upload limit (1 GB): 20 columns of 7,000,000 zeros."""
    import numpy as np

    buf = io.BytesIO()
    zeros = np.zeros(7_000_000, dtype=np.int8)
    pd.DataFrame({f"c{i}": zeros for i in range(20)}).to_parquet(buf)
    return buf.getvalue()


@pytest.mark.parametrize(
    "content, name, status, words",
    [
        (b"", "empty.csv", 400, "the file is empty"),
        (b"just some words\nwithout commas\n", "notes.csv", 422, "no comma"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "photo.csv", 415, "a PNG image"),
        (pickle.dumps(make_frame(50)), "frame.pkl", 415, "pickle"),
        (pickle.dumps({"a": 1}, protocol=2), "data.csv", 415, "pickle"),
        (_zip_bomb(), "bomb.zip", 415, "ZIP archive"),
        (gzip.compress(b"a,b\n" + b"0,1\n" * 100000), "data.csv.gz", 415, "gzip"),
        (_parquet_bomb(), "bomb.parquet", 413, "decompression bomb"),
        (b"PAR1" + b"\x00" * 100, "cut.parquet", 415, "cut short"),
        (b"label,pred\n", "header.csv", 400, "file header.csv has no data rows"),
        # blank lines (and a BOM) are an empty file, not another format: 400 like the above
        (b"\n\n  \n", "blank.csv", 400, "file blank.csv has no data rows"),
        (b"\xef\xbb\xbf\r\n", "bom.csv", 400, "file bom.csv has no data rows"),
        (b"a;b;c\n1;2;3\n", "semi.csv", 422, "separated by semicolons, not commas"),
        (b"label,pred\n\xff\xfe,1\n", "latin.csv", 415, "not UTF-8"),
        # the command line's words, on every engine (a first row too: tests/web/test_round10_web.py)
        (
            b"label,pred,group\n1,0,A\n0,1,B,extra\n",
            "ragged.csv",
            400,
            "ragged.csv line 3 has 4 fields but its header has 3",
        ),
        (b"label,pred\n" + b"1,0\n" * 10 + b'"open,1\n', "quote.csv", 400, "cannot be read"),
        (b"a,a\n1,2\n", "twice.csv", 400, "twice.csv has two columns named"),
    ],
)
def test_bad_files_are_refused_and_nothing_is_kept(
    app, client, tmp_path, content, name, status, words
):
    r = upload(client, content, name)
    assert r.status_code == status, r.text
    error = re.search(r'id="error-file"[^>]*>([^<]*)<', r.text)
    assert error and words in error.group(1), r.text[-2000:]
    assert "Fix:" in error.group(1) and "file the file" not in error.group(1)
    assert "Traceback" not in r.text
    assert _uploads(tmp_path) == [] and _stored(app) == (0, 0)
    assert client.get("/").status_code == 200  # still serving


def test_over_the_limit_is_413_while_streaming_and_by_length(tmp_path):
    from starlette.testclient import TestClient

    app = make_app(tmp_path, max_upload=10_000)
    with TestClient(app, follow_redirects=False) as client:
        big = make_frame(2000).to_csv(index=False).encode()
        assert len(big) > 10_000
        r = upload(client, big)
        assert r.status_code == 413 and "larger than this server&#39;s limit of 9.77 kB" in r.text
        # a chunked body (no Content-Length) is counted as it arrives
        token = csrf_of(client.get("/").text)
        boundary = "b0undary"
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{token}'
                f'\r\n--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                f'filename="x.csv"\r\n\r\n'
            ).encode()
            + big
            + f"\r\n--{boundary}--\r\n".encode()
        )

        def chunks():
            for i in range(0, len(body), 4096):
                yield body[i : i + 4096]

        r = client.post(
            "/upload",
            content=chunks(),
            headers={"content-type": f"multipart/form-data; boundary={boundary}"},
        )
        assert r.status_code == 413
        assert _uploads(tmp_path) == [] and _stored(app) == (0, 0)
        assert client.get("/").status_code == 200


# -- bad mappings -----------------------------------------------------------------------------
@pytest.fixture
def mapping(client, csv_bytes):
    r = upload(client, csv_bytes)
    url = r.headers["location"]
    return url, client.get(url).text


@pytest.mark.parametrize(
    "change, field, words",
    [
        ({"y_true": ""}, "y_true", "choose the label"),
        ({"y_pred": ""}, "y_pred", "choose the prediction"),
        ({"protected": []}, "protected", "at least one protected attribute"),
        ({"protected": ["5"]}, "prot_5", "single group"),
        ({"bins_4": ""}, "bins_4", "looks continuous (72 distinct numbers)"),
        ({"bins_4": "0,abc"}, "bins_4", "bin edges must be numbers"),
        ({"bins_4": "50,20,100"}, "bins_4", "at least two finite numbers in increasing order"),
        ({"bins_4": "50"}, "bins_4", "at least two finite numbers in increasing order"),
        ({"ci": "bootstrap"}, "ci", "is not an interval method of an audit"),
        ({"y_true": "no-such-column"}, "y_true", "not a column"),
        ({"n_boot": "ten"}, "n_boot", "a whole number"),
        ({"n_boot": "5"}, "n_boot", "at least 100"),
        ({"di_threshold": "1.5"}, "di_threshold", "from 0.01 up to (not including) 1"),
        ({"merge": "group=A"}, "merge", "Fix:"),
        ({"y_pred_b": "pred"}, "y_pred_b", "different column"),
        ({"protected": ["0"]}, "prot_0", "already the label column"),
    ],
)
def test_bad_mappings_name_the_field(app, client, mapping, change, field, words):
    url, page = mapping
    r = client.post(url, data=mapping_form(page, **change))
    assert r.status_code == 422
    error = re.search(rf'id="error-{field}"[^>]*>([^<]*)<', r.text)
    assert error and words in error.group(1), re.findall(r'class="error"[^>]*>([^<]*)', r.text)
    assert not error.group(1).startswith("the form:")  # it is next to its field already
    assert "Traceback" not in r.text
    assert app.state.store.audit(url.split("/")[2])["status"] == "draft"  # nothing queued
    good = client.post(url, data=mapping_form(page, n_boot="200"))  # then fixed: it runs
    assert good.status_code == 303


def test_a_group_error_found_by_the_library_names_the_field(app, client, tmp_path):
    # the sample (first 50,000 rows) sees two groups; the library finds the merge leaves one
    # (of a file the form read whole, the form refuses it: test_round21_form_values)
    frame = make_frame(50_001)
    url = _run(
        client,
        frame.to_csv(index=False).encode(),
        bins_4="",
        protected=["3"],
        merge="group=A,B:all",
    )
    done = wait_done(client, url)
    assert done.status_code == 422
    assert 'id="failure"' in done.text and "Fix:" in done.text
    r = client.post(url + "/reopen", data={"csrf": csrf_of(done.text)})
    assert r.status_code == 303 and r.headers["location"].endswith("/mapping")
    page = client.get(r.headers["location"])
    assert "group=A,B:all" in page.text  # the request is kept for fixing
    assert page.status_code == 422 and re.search(r'id="error-(merge|prot_3)"', page.text)


def test_two_tabs_editing_the_same_audit(client, mapping):
    url, page = mapping
    tab1 = mapping_form(page, n_boot="200")
    tab2 = mapping_form(client.get(url).text, n_boot="300")
    assert tab1["rev"] == tab2["rev"]
    assert client.post(url, data=tab1).status_code == 303
    r = client.post(url, data=tab2)
    assert r.status_code == 409 and "another tab" in r.text
    spec = json.loads(client.app.state.store.audit(url.split("/")[2])["spec"])
    assert spec["policy"]["n_boot"] == 200  # the first tab's request, untouched


# -- CSRF, token, paths, escaping -------------------------------------------------------------
def test_forms_without_csrf_are_refused(app, client, csv_bytes, mapping):
    r = client.post("/upload", files={"file": ("a.csv", csv_bytes)})
    assert r.status_code == 403 and "security token" in r.text
    r = client.post("/upload", data={"csrf": "0" * 64}, files={"file": ("a.csv", csv_bytes)})
    assert r.status_code == 403
    assert client.post("/benchmark", data={"dataset": "compas"}).status_code == 403
    url, page = mapping
    form = mapping_form(page)
    form.pop("csrf")
    assert client.post(url, data=form).status_code == 403
    assert client.post("/pick", data={"path": "x.csv"}).status_code == 403
    assert _stored(app) == (1, 1)  # only the fixture's upload
    # a token from another session is refused too
    from starlette.testclient import TestClient

    with TestClient(client.app, follow_redirects=False) as other:
        r = other.post(url, data=mapping_form(page))
        assert r.status_code == 403


def test_token_is_required_when_set(tmp_path, csv_bytes):
    from starlette.testclient import TestClient

    token = "s3cret-token-for-tests-0123456789"
    app = make_app(tmp_path, token=token)
    with TestClient(app, follow_redirects=False) as client:
        r = client.get("/")
        assert r.status_code == 401 and "needs its access token" in r.text
        assert client.get("/?token=wrong").status_code == 401
        assert client.get("/", headers={"authorization": "Bearer nope"}).status_code == 401
        assert client.post("/upload", files={"file": ("a.csv", csv_bytes)}).status_code == 401
        assert client.get("/", headers={"authorization": f"Bearer {token}"}).status_code == 200
        r = client.get(f"/?token={token}")
        assert r.status_code == 303 and r.headers["location"] == "/"  # token off the address
        assert client.get("/").status_code == 200  # the cookie carries it now
        assert upload(client, csv_bytes).status_code == 303


def test_host_header_checked_on_loopback(tmp_path):
    from starlette.testclient import TestClient

    app = make_app(tmp_path, allowed_hosts=("127.0.0.1", "localhost", "testserver"))
    with TestClient(app, follow_redirects=False) as client:
        assert client.get("/").status_code == 200
        r = client.get("/", headers={"host": "evil.example:8765"})
        assert r.status_code == 400


def test_no_path_outside_the_data_folder(app, client, tmp_path):
    data = tmp_path / "data"
    make_frame(200).to_csv(data / "mine.csv", index=False)
    secret = tmp_path / "secret.csv"
    make_frame(200).to_csv(secret, index=False)
    (data / "link.csv").symlink_to(secret)
    outside = tmp_path / "outside"
    outside.mkdir()
    make_frame(200).to_csv(outside / "far.csv", index=False)
    (data / "linked-folder").symlink_to(outside, target_is_directory=True)
    page = client.get("/").text
    assert "mine.csv" in page and "link.csv" not in page and "secret" not in page
    assert "far.csv" not in page
    token = csrf_of(page)
    for path, status in (
        ("../secret.csv", 403),
        (str(secret), 403),
        ("link.csv", 403),
        ("/etc/passwd", 403),
        ("uploads/x.csv", 403),
        ("nope.csv", 403),  # one rule: any path not listed (docs/web.md)
        ("linked-folder/far.csv", 403),
    ):
        r = client.post("/pick", data={"csrf": token, "path": path})
        assert r.status_code == status, path
        assert "not a data file in this server's data folder" in html.unescape(r.text)
    r = client.post("/pick", data={"csrf": token, "path": "mine.csv"})
    assert r.status_code == 303
    for url in (
        "/audits/..%2F..%2Fetc%2Fpasswd",
        "/static/..%2F_app.py",
        "/static/_app.py",
        "/audits/../../etc/passwd/report",
    ):
        assert client.get(url).status_code == 404, url


def test_html_in_names_is_escaped(client):
    evil_col = "<script>alert('c')</script>"
    evil_group = '<img src=x onerror="alert(1)">'
    frame = make_frame()
    frame["group"] = frame["group"].map({"A": evil_group, "B": "B&B"})
    frame = frame.rename(columns={"constant": evil_col})
    r = upload(client, frame.to_csv(index=False).encode(), name="<b>bold</b>.csv")
    url = r.headers["location"]
    page = client.get(url).text
    assert evil_col not in page and "&lt;script&gt;alert(&#39;c&#39;)&lt;/script&gt;" in page
    assert evil_group not in page and "<b>bold" not in page
    audit = _run(client, frame.to_csv(index=False).encode())
    done = wait_done(client, audit)
    assert evil_group not in done.text and "&lt;img src=x" in done.text
    report = client.get(audit + "/report").text
    assert evil_group not in report and "onerror=" not in report.replace("onerror=&#34;", "")
    history = client.get("/history").text
    assert "<b>bold" not in history


def test_history_survives_a_restart(tmp_path, csv_bytes):
    from starlette.testclient import TestClient

    app = make_app(tmp_path)
    with TestClient(app, follow_redirects=False) as client:
        url = _run(client, csv_bytes)
        wait_done(client, url)
        hist = client.get("/history").text
        assert url in hist and "FLAGGED" in hist
    # a row left 'running' by a killed server becomes 'interrupted' at the next start
    db = sqlite3.connect(tmp_path / "data" / "ethiclens-web.sqlite")
    db.execute(
        "INSERT INTO audits (id, created, updated, status, spec) VALUES "
        "('0123456789abcdef01234567', 'x', 'x', 'running', '{}')"
    )
    db.commit()
    db.close()
    app = make_app(tmp_path)
    with TestClient(app, follow_redirects=False) as client:
        hist = client.get("/history").text
        assert url in hist and "FLAGGED" in hist and "interrupted" in hist
        again = client.get(url)
        assert again.status_code == 200 and re.search(r'id="verdict-word">FLAGGED<', again.text)


def test_diff_of_two_audits(client, csv_bytes):
    first = _run(client, csv_bytes, bins_4="", protected=["3"])
    wait_done(client, first)
    second = _run(client, csv_bytes, bins_4="", protected=["3"], di_rule="below")
    wait_done(client, second)
    hist = client.get("/history").text
    assert 'id="diff-form"' in hist
    a, b = first.split("/")[2], second.split("/")[2]
    r = client.get(f"/diff?a={a}&b={b}")
    assert r.status_code == 200
    assert "The same input data" in r.text and "policy.di_rule" in r.text
    assert "group: B" in r.text and "FLAGGED" in r.text
    # another policy: the library's gate refuses to compare them, and the page says why
    assert "with another spec than this run (another policy): policy.di_rule" in html.unescape(
        re.search(r'id="gate-refused">([^<]*)', r.text).group(1)
    )
    assert client.get(f"/diff?a={a}&b=../../etc").status_code == 404


def test_diff_says_what_regressed_in_the_gates_words(client):
    import numpy as np

    biased = make_frame()
    fair = biased.assign(pred=(np.random.default_rng(1).random(len(biased)) < 0.5).astype(int))
    urls = [
        _run(client, f.to_csv(index=False).encode(), bins_4="", protected=["3"])
        for f in (fair, biased)
    ]
    a, b = (wait_done(client, u) and u.split("/")[2] for u in urls)
    worse = client.get(f"/diff?a={a}&b={b}").text
    assert "Worse than before" in worse and "Different input data" in worse
    regressions = re.findall(r"<li>([^<]*)</li>", worse.split('id="regressions"')[1])
    assert "group:B: verdict PASS -&gt; FLAGGED" in regressions
    assert any("Disparate impact moved" in r and "(worse)" in r for r in regressions)
    assert 'class="regressed"' in worse
    better = client.get(f"/diff?a={b}&b={a}").text
    assert "Nothing got worse" in better and 'class="regressed"' not in better
    assert "beyond both intervals (better)" in better


def test_oversized_forms_are_refused(client, mapping):
    url, page = mapping
    form = mapping_form(page, merge="group=A,B:x\n" * 100_000)
    r = client.post(url, data=form)
    assert r.status_code == 413 and "too large" in r.text
    assert client.get("/").status_code == 200


def test_unknown_audit_and_method(client):
    assert client.get("/audits/0123456789abcdef01234567").status_code == 404
    assert client.get("/audits/not-an-id").status_code == 404
    assert client.get("/upload").status_code == 405


def test_core_import_does_not_load_starlette():
    import subprocess
    import sys

    code = (
        "import sys, ethiclens, ethiclens.web, ethiclens.cli._serve; "
        "print(any(m.startswith(('starlette', 'uvicorn', 'multipart', 'python_multipart')) "
        "for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr


def test_a_quoted_header_name_holding_a_line_break_is_uploaded(client):
    """Excel writes a header cell with a line break as a quoted name: the upload reads the
    header as a CSV reader does (it looked for a comma before the first line break)."""
    content = b'"note\nline two",label,pred\nx,1,0\ny,0,1\n'
    r = upload(client, content, "excel.csv")
    assert r.status_code == 303, re.findall(r'class="error"[^>]*>([^<]*)', r.text)


def test_a_text_part_named_file_is_refused_with_400(app, client, tmp_path):
    """A form whose 'file' field is text (a script posting data=, not files=) was a 500: the
    text went to the upload's file handle before one was opened."""
    token = csrf_of(client.get("/").text)
    files = {"file": (None, b"label,pred\n1,0\n")}  # a part without a filename
    r = client.post("/upload", data={"csrf": token}, files=files)
    assert r.status_code == 400, r.text[-500:]
    error = re.search(r'id="error-file"[^>]*>([^<]*)<', r.text)
    assert error and "the form&#39;s field &#39;file&#39; holds text" in error.group(1)
    assert _uploads(tmp_path) == [] and _stored(app) == (0, 0)
