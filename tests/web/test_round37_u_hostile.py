"""Round 37 (helper U): a hostile user's pass on the web app.

- The token and session cookies were ``SameSite=Strict``: the printed ``/?token=...`` address
  opened from another site (webmail, a chat) sets the cookie and redirects to ``/``, a
  navigation that started cross-site, which Chromium sends without a Strict cookie: 401 on
  the first load (and a new session, so another tab's forms went stale). Now ``Lax``: sent on
  top-level GET navigations; every POST needs the page's CSRF token.
- ``/history?page=abc`` (0, -1, 1e9, 2.5) showed page 1 unsaid: now 400 naming the parameter,
  the value and the fix; a page past the last still shows the last.
- The benchmark and mapping forms' double-submit check compared number fields as text, so the
  same page's form with ``0.8`` and then ``0.80`` ran the benchmark twice (and a mapping form
  got a 409): numbers are compared as the numbers they read as.
- A double click on "Change the mapping and run again" made two drafts: the page's form now
  carries a form id, as the benchmark form does, and sent twice opens the one draft.
- A hand-typed benchmark ``COMPAS`` got "choose one of the listed benchmarks": now the command
  line's words, the value and the near miss (``did you mean 'compas'?``), 422 by the field.
"""

from __future__ import annotations

import re

import pytest

from .conftest import csrf_of, make_app, make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")
TOKEN = "a-token-of-twenty-chars"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def _no_runs(client, monkeypatch) -> None:
    """Requests are stored and queued, never run (the test is about what is queued)."""
    monkeypatch.setattr(client.app.state.web.runner, "submit", lambda *a, **k: None)


def test_cookies_are_lax_so_the_printed_address_opened_from_another_site_logs_in(tmp_path):
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path, token=TOKEN), follow_redirects=False) as client:
        r = client.get(f"/?token={TOKEN}")
        assert r.status_code == 303 and r.headers["location"] == "/"
        cookies = r.headers.get_list("set-cookie")
        assert [c.split("=", 1)[0] for c in cookies] == ["ethiclens_session", "ethiclens_token"]
        for cookie in cookies:
            assert cookie.endswith("; Path=/; HttpOnly; SameSite=Lax"), cookie
        # the redirect's GET with the cookie (what a Lax cookie lets through): the home page
        assert client.get("/").status_code == 200


def test_every_post_route_refuses_a_form_without_its_csrf_token(client):
    """A POST the cookies reach without the page (Lax keeps them off another site's POST, but
    a page on another port of this host is same-site) is refused by each state-changing route:
    no POST is taken without the page's token."""
    draft = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    audit_id = draft.split("/")[2]
    routes = client.app.app.routes  # the app inside its guard
    posts = [r.path for r in routes if "POST" in (getattr(r, "methods", None) or ())]
    assert len(posts) == 8, posts
    for path in posts:
        url = path.replace("{audit_id}", audit_id)
        files = {"file": ("x.csv", b"a,b\n1,2\n")} if url == "/upload" else None
        r = client.post(url, data={"dataset": "german", "path": "x.csv"}, files=files)
        assert r.status_code in (403, 404), (url, r.status_code)
        if r.status_code == 403:
            assert "security token is missing" in r.text
    assert client.app.state.store.counts() == {"draft": 1}  # the upload's draft only


@pytest.mark.parametrize("page", ["abc", "0", "-1", "1e9", "2.5", "", " 1", "²"])
def test_a_history_page_that_is_no_page_number_is_refused_by_name(client, page):
    r = client.get("/history", params={"page": page})
    assert r.status_code == 400, (page, r.status_code)
    text = _text(r.text)
    assert f"parameter 'page' is {page!r}, not a page number (a whole number from 1)" in text
    assert "give page=1 for the newest audits" in text


def test_a_history_page_past_the_last_shows_the_last(client):
    for page in ("1", "2", "1000000000"):
        r = client.get("/history", params={"page": page})
        assert r.status_code == 200 and "Open the history" not in r.text


def _benchmark_form(page: str, **fields) -> dict:
    form = re.search(r'<form[^>]*id="benchmark-form".*?</form>', page, re.S)[0]
    sent = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    return {**sent, "csrf": csrf_of(page), "dataset": "german", "n_boot": "200", **fields}


def test_the_benchmark_form_sent_again_with_a_number_typed_otherwise_runs_once(client, monkeypatch):
    _no_runs(client, monkeypatch)
    page = client.get("/").text
    first = client.post("/benchmark", data=_benchmark_form(page, di_threshold="0.8"))
    assert first.status_code == 303
    for typed in ({"di_threshold": "0.80"}, {"di_threshold": " 8e-1", "n_boot": "0200"}):
        again = client.post("/benchmark", data=_benchmark_form(page, **typed))
        assert again.headers.get("location") == first.headers["location"], typed
    assert client.app.state.store.history_size() == 1
    # another number is another request; a whole-number field's "2e2" is refused, not taken
    other = client.post("/benchmark", data=_benchmark_form(page, di_threshold="0.81"))
    assert other.status_code == 303 and other.headers["location"] != first.headers["location"]
    refused = client.post("/benchmark", data=_benchmark_form(page, n_boot="2e2"))
    assert refused.status_code == 422 and "written without an exponent (value: '2e2')" in _text(
        refused.text
    )
    assert client.app.state.store.history_size() == 2


def test_the_mapping_form_sent_again_with_a_number_typed_otherwise_opens_its_audit(
    client, monkeypatch
):
    _no_runs(client, monkeypatch)
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    first = client.post(url, data=mapping_form(page, protected=["3"], n_boot="200", seed="7"))
    assert first.status_code == 303
    again = client.post(url, data=mapping_form(page, protected=["3"], n_boot="0200", seed="07"))
    assert again.status_code == 303, again.status_code  # was 409 "changed in another tab"
    assert again.headers["location"] == first.headers["location"]
    other = client.post(url, data=mapping_form(page, protected=["3"], n_boot="300", seed="7"))
    assert other.status_code == 409


def test_change_the_mapping_and_run_again_sent_twice_makes_one_draft(two_audits, client):
    audit_url = f"/audits/{two_audits[0]}"
    page = client.get(audit_url).text
    form = re.search(r'<form[^>]*/again".*?</form>', page, re.S)[0]
    sent = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    store = client.app.state.store
    before = store.counts().get("draft", 0)
    first = client.post(audit_url + "/again", data=sent)  # the page's form, as a browser sends
    again = client.post(audit_url + "/again", data=sent)
    assert first.status_code == again.status_code == 303
    assert again.headers["location"] == first.headers["location"]  # was a second draft
    assert store.counts()["draft"] == before + 1
    assert re.fullmatch(r"[0-9a-f]{24}", sent["form_id"])
    # the page drawn again asks anew: a second draft
    fresh = client.get(audit_url).text
    form_id = re.search(r'name="form_id" value="([0-9a-f]{24})"', fresh)[1]
    other = client.post(audit_url + "/again", data={"csrf": sent["csrf"], "form_id": form_id})
    assert other.headers["location"] != first.headers["location"]
    assert store.counts()["draft"] == before + 2


@pytest.mark.parametrize(
    "typed, near",
    [("COMPAS", "did you mean 'compas'? "), ("adlut", "did you mean 'adult'? "), ("zzz", "")],
)
def test_a_typed_benchmark_name_is_refused_with_its_value_and_the_near_miss(client, typed, near):
    from ethiclens import datasets

    page = client.get("/").text
    r = client.post("/benchmark", data=_benchmark_form(page, dataset=typed))
    assert r.status_code == 422
    known = datasets.names("audit")
    expected = f"unknown dataset (value: '{typed}'). Fix: {near}use one of {', '.join(known)}"
    assert expected in _text(r.text), _text(r.text)[-600:]
    assert client.app.state.store.history_size() == 0


@pytest.mark.parametrize(
    "typed, near", [("warehouse_url", "did you mean 'WAREHOUSE_URL'? "), ("X", "")]
)
def test_a_typed_database_name_is_refused_with_its_value_and_the_near_miss(tmp_path, typed, near):
    from starlette.testclient import TestClient

    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    with TestClient(app, follow_redirects=False) as client:
        token = csrf_of(client.get("/").text)
        r = client.post("/database", data={"csrf": token, "db": typed, "table": "t"})
    assert r.status_code == 422
    expected = (
        f"unknown database (value: '{typed}'). Fix: {near}choose one of the databases this "
        "server was started with: WAREHOUSE_URL"
    )
    assert expected in _text(r.text), _text(r.text)[-600:]


def test_a_mapping_screen_b_parameter_naming_no_upload_is_refused_by_name(client):
    """The mapping screen's ``?b=`` (model B's file just uploaded, the app's own redirect)
    naming no uploaded file drew the page quietly without model B: now 400, as ``page``."""
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    for b in ("nosuch", "0" * 24, "", url.split("/")[2]):  # the last: the draft, no data id
        r = client.get(url, params={"b": b})
        assert r.status_code == 400, (b, r.status_code)
        assert f"parameter 'b' is {b!r}, not a file uploaded for model B" in _text(r.text)
    b_file = make_frame(300, seed=1).to_csv(index=False).encode()
    token = csrf_of(client.get(url).text)
    sent = client.post(
        f"/upload?for={url.split('/')[2]}", data={"csrf": token}, files={"file": ("b.csv", b_file)}
    )
    r = client.get(sent.headers["location"])
    assert r.status_code == 200 and "b.csv" in r.text
