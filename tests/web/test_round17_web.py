"""Round 17 of the web app: a typed threshold checked against the audit's rows, a mapped
score cleared (and said) when two models are compared, the reopened form in the run's
attribute order, a client gone mid-upload, over-long database fields named, the positive
label's refusal by its field, a database's score proposed by name, repeated fields refused,
model B's labels compared as numbers."""

from __future__ import annotations

import re

import numpy as np

from tests.web.conftest import csrf_of, make_frame, mapping_form, upload, wait_done


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def _audit(client, frame, **fields) -> str:
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")
    form.update(fields)
    r = client.post(url, data=form)
    assert r.status_code == 303, _text(r.text)[-800:]
    return r.headers["location"]


def _view_form(done: str, **fields) -> dict:
    form = re.search(r'<form[^>]*id="threshold-form".*?</form>', done, re.S)[0]
    rev = re.search(r'name="rev" value="(\d+)"', form)[1]
    return {"csrf": csrf_of(done), "rev": rev, **fields}


# -- 1. a typed threshold is checked against the rows ------------------------------------------
def test_a_typed_threshold_the_rows_contradict_is_refused_by_its_field(client):
    frame = make_frame(n=1500)
    frame["pred_b"] = (frame["score"] >= 0.5).astype(int)
    url = _audit(client, frame, y_pred="pred_b", y_score="score")
    done = wait_done(client, url).text
    r = client.post(url + "/thresholds", data=_view_form(done, threshold="0.9"))
    assert r.status_code == 422, _text(r.text)[-600:]
    text = _text(r.text)
    assert "0.9 is not the threshold the audit's predictions used" in text
    assert "the rows say 0.5" in text
    assert "The threshold the predictions used" in text


def test_a_typed_threshold_for_predictions_unrelated_to_the_score_is_refused(client):
    frame = make_frame(n=1500)
    frame["pred_b"] = np.random.default_rng(3).integers(0, 2, len(frame))
    url = _audit(client, frame, y_pred="pred_b", y_score="score")
    done = wait_done(client, url).text
    r = client.post(url + "/thresholds", data=_view_form(done, threshold="0.5"))
    assert r.status_code == 422, _text(r.text)[-600:]
    assert "0.5 is not the threshold the audit's predictions used" in _text(r.text).lower()
    assert "no threshold is theirs" in _text(r.text).lower()
    # the empty field's refusal no longer asks for a threshold that would be refused
    r = client.post(url + "/thresholds", data=_view_form(done))
    assert r.status_code == 422
    assert "no threshold is theirs" in _text(r.text).lower()


def test_a_typed_threshold_the_rows_agree_with_is_marked_audited(client):
    frame = make_frame(n=1500)
    frame["pred_b"] = (frame["score"] >= 0.7).astype(int)
    url = _audit(client, frame, y_pred="pred_b", y_score="score")
    done = wait_done(client, url).text
    r = client.post(url + "/thresholds", data=_view_form(done, threshold="0.7"))
    assert r.status_code == 303, _text(r.text)[-600:]
    assert "at the audited threshold 0.7" in _text(wait_done(client, r.headers["location"]).text)


# -- 2. a score mapped for a comparison ----------------------------------------------------------
def test_a_score_mapped_for_a_comparison_is_cleared_and_said_on_the_result(client):
    frame = make_frame(n=1500)
    frame["pred_b"] = (frame["score"] >= 0.6).astype(int)
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    form = mapping_form(page, protected=["3"], bins_4="", n_boot="200", y_pred_b="pred_b")
    assert form["y_score"] == "score"  # proposed by default
    r = client.post(url, data=form)
    assert r.status_code == 303, _text(r.text)[-600:]
    done = wait_done(client, r.headers["location"]).text
    assert "The score column 'score' was not used: a comparison compares" in _text(done)
    config = client.get(r.headers["location"] + "/download/config").text
    assert "y_score" not in config
    # an audit of one model says nothing of it
    url = _audit(client, frame, y_score="score")
    assert 'id="note"' not in wait_done(client, url).text


# -- 3. the reopened form keeps the run's attribute order ------------------------------------
def test_change_and_run_again_unchanged_is_the_same_request_in_the_same_order(client):
    frame = make_frame(n=1500)
    frame["sex"] = np.random.default_rng(5).choice(["F", "M"], len(frame))
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, bins_4="", n_boot="200", seed="7")
    form["protected"] = ["6", "3"]  # sex first, then group: the run's order
    r = client.post(url, data=form)
    assert r.status_code == 303, _text(r.text)[-600:]
    first = r.headers["location"]
    done = wait_done(client, first).text
    r = client.post(first + "/again", data={"csrf": csrf_of(done)})
    again = r.headers["location"]
    page = client.get(again).text
    assert 'name="protected_order" value="6,3"' in page
    form = mapping_form(page, n_boot="200", seed="7")
    assert form["protected"] == ["3", "6"]  # the boxes, in the page's order
    form["protected_order"] = re.search(r'name="protected_order" value="([^"]*)"', page)[1]
    r = client.post(again, data=form)
    assert r.status_code == 303, _text(r.text)[-600:]
    second = r.headers["location"]
    wait_done(client, second)
    one, two = (client.get(u + "/download/config").text for u in (first, second))
    assert one == two and one.index("sex") < one.index("group")
    json_one, json_two = (client.get(u + "/download/json").json() for u in (first, second))
    assert json_one["comparisons"] == json_two["comparisons"]


# -- 4. a client gone mid-upload -----------------------------------------------------------------
def test_a_client_gone_mid_upload_logs_one_line_and_leaves_no_file(app, client, tmp_path, caplog):
    import asyncio
    import logging

    home = client.get("/")
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    head = (
        f'--BND\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{csrf_of(home.text)}\r\n'
        '--BND\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n'
        "Content-Type: text/csv\r\n\r\nlabel,pred,race\n"
    ).encode() + b"1,0,A\n" * 1000
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/upload",
        "raw_path": b"/upload",
        "query_string": b"",
        "root_path": "",
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 5000),
        "headers": [
            (b"host", b"testserver"),
            (b"cookie", cookie.encode()),
            (b"content-type", b"multipart/form-data; boundary=BND"),
            (b"content-length", b"150000"),
        ],
    }
    messages = iter(
        [{"type": "http.request", "body": head, "more_body": True}, {"type": "http.disconnect"}]
    )

    async def receive():
        return next(messages, {"type": "http.disconnect"})

    async def send(message):
        pass

    with caplog.at_level(logging.INFO, logger="ethiclens.web"):
        asyncio.run(app(scope, receive, send))
    logged = [r for r in caplog.records if r.name == "ethiclens.web"]
    assert not any(r.exc_info for r in logged), [r.getMessage() for r in logged]
    assert not any("internal error" in r.getMessage() for r in logged)
    assert len(logged) <= 1
    uploads = tmp_path / "data" / "uploads"
    assert not uploads.exists() or not any(uploads.iterdir())
    assert client.get("/").status_code == 200


# -- 5. over-long database fields ----------------------------------------------------------------
def test_over_long_database_fields_are_named_as_too_long(tmp_path, monkeypatch):
    import html

    from starlette.testclient import TestClient

    from tests.web.conftest import make_app

    monkeypatch.setenv("WAREHOUSE_URL", f"sqlite:///{tmp_path / 'none.db'}")
    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    with TestClient(app, follow_redirects=False) as client:
        token = csrf_of(client.get("/").text)
        for field, other in (("table", ("db", "WAREHOUSE_URL")), ("db", ("table", "t"))):
            data = {"csrf": token, field: "x" * 70_000, other[0]: other[1]}
            r = client.post("/database", data=data)
            shown = re.search(rf'id="error-{field}"[^>]*>([^<]*)<', r.text)
            assert r.status_code == 422 and shown, field
            assert "is 68.4 kB long, over this form's limit of 64 kB" in html.unescape(shown[1])


# -- 6. a yes/no column's refusal by the positive label's field ----------------------------------
def test_a_yes_no_prediction_is_refused_by_the_positive_label_field(client):
    frame = make_frame(n=800)
    frame["label"] = np.where(frame["label"] == 1, "yes", "no")
    frame["pred"] = np.where(frame["pred"] == 1, "yes", "no")
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")
    r = client.post(url, data=form)
    failed = wait_done(client, r.headers["location"])
    text = _text(failed.text)
    assert "Positive label value" in text and "in Python" not in text, text[-600:]
    r = client.post(r.headers["location"] + "/reopen", data={"csrf": csrf_of(failed.text)})
    page = client.get(r.headers["location"]).text
    shown = re.search(r'id="error-pos_label"[^>]*>([^<]*)<', page)
    assert shown, _text(page)[-800:]
    assert "is not binary 0/1" in shown[1] and "--pos-label" not in shown[1]
    assert not re.search(r'id="error-y_(pred|true)"', page)


def test_a_yes_no_label_beside_a_0_1_prediction_is_refused_by_the_label_in_form_words(client):
    frame = make_frame(n=800)
    frame["label"] = np.where(frame["label"] == 1, "yes", "no")
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")
    r = client.post(url, data=form)
    failed = wait_done(client, r.headers["location"])
    r = client.post(r.headers["location"] + "/reopen", data={"csrf": csrf_of(failed.text)})
    page = client.get(r.headers["location"]).text
    shown = re.search(r'id="error-y_true"[^>]*>([^<]*)<', page)
    assert shown and "recode it to 0/1 in the file" in shown[1], _text(page)[-800:]
    assert "in Python" not in shown[1] and "--pos-label" not in shown[1]


# -- 7. a database table's score proposed by name --------------------------------------------
def test_a_database_tables_score_column_is_proposed_by_its_name(tmp_path, monkeypatch):
    import sqlite3

    import pytest
    from starlette.testclient import TestClient

    from tests.web.conftest import make_app

    pytest.importorskip("sqlalchemy")
    db = tmp_path / "warehouse.db"
    con = sqlite3.connect(db)
    make_frame(n=1500).drop(columns=["age", "constant"]).to_sql("predictions", con, index=False)
    con.close()
    monkeypatch.setenv("WAREHOUSE_URL", f"sqlite:///{db}")
    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    with TestClient(app, follow_redirects=False) as client:
        token = csrf_of(client.get("/").text)
        data = {"csrf": token, "db": "WAREHOUSE_URL", "table": "predictions"}
        r = client.post("/database", data=data)
        assert r.status_code == 303
        url = r.headers["location"]
        form = mapping_form(client.get(url).text, n_boot="200")
        assert form["y_score"] == "score"
        r = client.post(url, data=form)
        done = wait_done(client, r.headers["location"])
        assert done.status_code == 200, _text(done.text)[-600:]


# -- 8. a repeated single-valued field -----------------------------------------------------------
def _post_pairs(client, url, pairs):
    from urllib.parse import urlencode

    kind = {"content-type": "application/x-www-form-urlencoded"}
    return client.post(url, content=urlencode(pairs).encode(), headers=kind)


def test_a_field_sent_twice_is_refused_by_its_name_on_every_form(client):
    frame = make_frame(n=800)
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, bins_4="", n_boot="200")
    pairs = [(k, v) for k, v in form.items() if k != "protected"]
    pairs += [("protected", "3"), ("seed", "1"), ("seed", "2")]
    r = _post_pairs(client, url, pairs)
    assert (
        r.status_code == 400 and "the field 'seed' is sent more than once" in _text(r.text).lower()
    )
    token = csrf_of(client.get("/").text)
    r = _post_pairs(client, "/pick", [("csrf", token), ("path", "a.csv"), ("path", "b.csv")])
    assert (
        r.status_code == 400 and "the field 'path' is sent more than once" in _text(r.text).lower()
    )
    r = client.get(url + "?b=x&b=y")
    assert r.status_code == 400 and "the field 'b' is sent more than once" in _text(r.text).lower()
    r = client.get("/diff?a=x&a=y&b=z")
    assert r.status_code == 400 and "the field 'a' is sent more than once" in _text(r.text).lower()
    r = client.post(
        "/upload",
        data={"csrf": [token, token]},
        files={"file": ("a.csv", frame.to_csv(index=False).encode())},
    )
    assert (
        r.status_code == 400 and "the field 'csrf' is sent more than once" in _text(r.text).lower()
    )
    # the ticked attributes are the one field sent once per box
    pairs = [(k, v) for k, v in form.items() if k not in ("protected", "bins_4")]
    pairs += [("bins_4", "0,45,120"), ("protected", "3"), ("protected", "4")]
    r = _post_pairs(client, url, pairs)
    assert r.status_code == 303, _text(r.text)[-600:]


# -- 9. model B's file compared as numbers ---------------------------------------------------
def test_model_b_labels_written_as_floats_are_the_same_rows_whatever_the_dtype():
    from pathlib import Path

    import pandas as pd

    from ethiclens.web._twofiles import _differ

    for dtype in (object, "str"):
        a = pd.Series(["0", "1", "A", "1"], dtype=dtype)
        b = pd.Series(["0.0", "1.0", "A", "0"], dtype=dtype)
        assert list(_differ(a, b)) == [3], dtype  # 0.0 is 0; a text group as written
        assert list(_differ(a, pd.Series(["0", "1", "a", "1"], dtype=dtype))) == [2]
    docs = " ".join((Path(__file__).parents[2] / "docs" / "web.md").read_text().split())
    assert "a label written `0.0` in one file and `0` in the other is the same" in docs


def test_model_b_file_with_float_labels_is_compared(client):
    frame = make_frame(n=800)
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    b = frame[["label", "group"]].assign(
        label=frame["label"].map("{:.1f}".format), pred=1 - frame["pred"]
    )
    r = client.post(
        "/upload?for=" + url.split("/")[2],
        data={"csrf": csrf_of(client.get("/").text)},
        files={"file": ("b.csv", b.to_csv(index=False).encode())},
    )
    assert r.status_code == 303, _text(r.text)[-600:]
    page = client.get(r.headers["location"]).text
    form = mapping_form(page, protected=["3"], bins_4="", n_boot="200", y_score="")
    assert form["model_b"], "model B's file is not chosen"
    r = client.post(url, data=form)
    assert r.status_code == 303, _text(r.text)[-600:]
    assert "compared with model A" in wait_done(client, r.headers["location"]).text
