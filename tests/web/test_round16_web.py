"""Round 16 of the web app: an over-long field is refused by every form (the threshold view
ran at the rows' threshold instead), HEAD is answered as GET, a post from another site is
refused, a comparison's lines give each model's reason, and the data screen's wording."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import csrf_of, make_frame, mapping_form, upload, wait_done

TOO_LONG = "over this form's limit of 64 kB for a field"


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def _finished_with_scores(client) -> tuple[str, str]:
    frame = make_frame(n=1500)
    frame["pred_b"] = (frame["score"] >= 0.7).astype(int)
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(
        client.get(url).text, protected=["3"], bins_4="", n_boot="200", y_pred="pred_b"
    )
    form["y_score"] = "score"
    r = client.post(url, data=form)
    assert r.status_code == 303, _text(r.text)[-600:]
    done = r.headers["location"]
    return done, wait_done(client, done).text


def _view_form(done: str, **fields) -> dict:
    form = re.search(r'<form[^>]*id="threshold-form".*?</form>', done, re.S)
    assert form, "no threshold view form"
    rev = re.search(r'name="rev" value="(\d+)"', form[0])[1]
    return {"csrf": csrf_of(done), "rev": rev, **fields}


def test_an_over_long_field_of_the_threshold_view_is_refused_by_its_field(app, client):
    url, done = _finished_with_scores(client)
    for field, value, words in [
        ("threshold", "x" * 66000, "64.5 kB"),
        ("threshold", "9" * 70000, "68.4 kB"),
        ("rev", "1" * 70000, "68.4 kB"),
    ]:
        r = client.post(url + "/thresholds", data=_view_form(done, **{field: value}))
        assert r.status_code == 422, (field, r.status_code)
        text = _text(r.text)
        assert f"Is {words} long, {TOO_LONG}" in text, text[-600:]
        assert "Fix: shorten it to at most 64 kB" in text
    assert "Field: The threshold the predictions used" in _text(
        client.post(url + "/thresholds", data=_view_form(done, threshold="x" * 66000)).text
    )
    assert not app.state.web.views  # no view was started
    r = client.post(url + "/again", data={"csrf": csrf_of(done), "note": "x" * 66000})
    assert r.status_code == 422 and TOO_LONG in _text(r.text)


def test_head_is_answered_as_get_on_every_page_that_serves_get(client, tmp_path):
    draft = upload(client, make_frame(n=300).to_csv(index=False).encode()).headers["location"]
    url, _done = _finished_with_scores(client)
    pages = [
        draft,  # a draft's mapping page (was 403: HEAD taken for a form)
        url + "/mapping",  # a finished audit's: sent to the audit (was 403)
        url,
        url + "/report",
        url + "/download/json",
        url + "/download/config",
        "/",
        "/history",
        "/monitoring",
        "/static/style.css",
        "/audits/" + "0" * 24 + "/mapping",
    ]
    for page in pages:
        got, head = client.get(page), client.head(page)
        assert head.status_code == got.status_code, (page, head.status_code, got.status_code)
        assert head.content == b"", page
        for name in ("content-type", "location", "content-security-policy"):
            assert head.headers.get(name) == got.headers.get(name), (page, name)


def test_head_with_the_token_drops_it_from_the_address_as_get_does(tmp_path):
    from starlette.testclient import TestClient

    from tests.web.conftest import make_app

    with TestClient(make_app(tmp_path, token="s3cret-token-01234"), follow_redirects=False) as c:
        for method in ("GET", "HEAD"):
            r = c.request(method, "/history?token=s3cret-token-01234")
            assert (r.status_code, r.headers["location"]) == (303, "/history"), method


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://testserver.evil.example"},
        {"Origin": "http://testserver:8080"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://other.testserver"},
        {"Origin": "http://testserver", "Sec-Fetch-Site": "cross-site"},
    ],
)
def test_a_form_sent_from_another_site_is_refused_though_its_token_holds(app, client, headers):
    token = csrf_of(client.get("/").text)
    r = client.post("/benchmark", data={"csrf": token, "dataset": "nosuch"}, headers=headers)
    assert r.status_code == 403, r.status_code
    assert "form was sent from another site" in _text(r.text)
    r = client.post(
        "/upload", data={"csrf": token}, files={"file": ("a.csv", b"a,b\n1,2\n")}, headers=headers
    )
    assert r.status_code == 403 and "another site" in _text(r.text)
    assert app.state.store.history(limit=5) == []  # nothing was started


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Origin": "http://testserver"},
        {"Origin": "https://TestServer:443", "Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "none"},
        # Chromium's own form under Referrer-Policy: no-referrer
        {"Origin": "null", "Sec-Fetch-Site": "same-origin"},
    ],
)
def test_a_form_of_this_server_is_taken_with_or_without_its_origin(client, headers):
    token = csrf_of(client.get("/").text)
    r = client.post("/pick", data={"csrf": token, "path": "nosuch.csv"}, headers=headers)
    assert r.status_code == 403 and "not a data file" in _text(r.text)  # the page's own answer
    r = upload(client, make_frame(n=300).to_csv(index=False).encode())
    assert r.status_code == 303


def test_a_comparison_of_two_models_gives_each_models_reason(client):
    from ethiclens.web._routes_audit import judged_reason

    frame = make_frame(n=2000)
    frame["pred_b"] = frame["pred"].where(frame.index % 5 != 0, 1 - frame["pred"])
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(
        client.get(url).text, y_pred_b="pred_b", protected=["3"], bins_4="", n_boot="200"
    )
    r = client.post(url, data=form)
    assert r.status_code == 303, _text(r.text)[-600:]
    done = _text(wait_done(client, r.headers["location"]).text)
    result = client.get(r.headers["location"] + "/download/json").json()
    for which, name in (("a", "A (pred)"), ("b", "B (pred_b)")):
        for c in result["audits"][which]["comparisons"]:
            reason = judged_reason(c)
            assert reason, c["status"]  # the library gives one
            assert f"model {name}: {c['status']} — {reason}" in done, (which, reason)


def test_an_empty_table_name_is_said_to_be_missing(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from tests.web.conftest import make_app

    monkeypatch.setenv("WAREHOUSE_URL", f"sqlite:///{tmp_path / 'none.db'}")
    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    with TestClient(app, follow_redirects=False) as client:
        token = csrf_of(client.get("/").text)
        for table, words in [
            ("", "the table name is missing. Fix: type the table's name, e.g. predictions"),
            ("   ", "the table name is missing. Fix: type the table's name, e.g. predictions"),
            (
                "x; DROP",
                "a table name is letters, digits and _ (schema.table allowed). Fix: type"
                " the table's name, e.g. predictions",
            ),
        ]:
            data = {"csrf": token, "db": "WAREHOUSE_URL", "table": table}
            r = client.post("/database", data=data)
            shown = re.search(r'id="error-table"[^>]*>([^<]*)<', r.text)
            assert r.status_code == 422 and shown, table
            assert html.unescape(shown[1]) == words, table


def test_an_uploaded_name_is_made_portable_as_the_docs_say():
    from pathlib import Path

    from ethiclens.web._portable import portable_name

    name = "<img src=x onerror=alert(1)>.csv"
    made = portable_name({"name": name, "kind": "csv"})
    assert made == "img src_x onerror_alert(1)_.csv"
    docs = " ".join((Path(__file__).parents[2] / "docs" / "web.md").read_text().split())
    assert f"`{name}` is `{made}`" in docs
    assert "trimmed from its start and end" in docs
