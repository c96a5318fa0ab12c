"""Round 37 review of helper U's web pass (7b067420): the double-submit key read a number
field's text as a ``Decimal``, which refuses an exponent past its range: a mapping form's
confidence level or a threshold view's threshold typed ``1e9999999999999999999`` was a 500
(``decimal.InvalidOperation``), where the field's own refusal (422) stood before. Such text
keys as typed now, and the field refuses it as before."""

from __future__ import annotations

import re

import pytest

from .conftest import csrf_of, make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")
HUGE = ("1e9999999999999999999", "-1E-1000000000000000000000", "10e999999999999999999")


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


@pytest.mark.parametrize("typed", HUGE)
def test_a_number_past_decimals_range_keys_as_typed(typed):
    from ethiclens.web._routes_audit import same_number

    assert same_number(typed) == typed
    assert same_number(" 0.80 ") == same_number("8e-1") == "0.8"  # the rest as before


def test_the_mapping_forms_number_past_decimals_range_is_refused_by_its_field(client):
    client.app.state.web.runner.submit = lambda *a, **k: None
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, protected=["3"], confidence_level=HUGE[0]))
    assert r.status_code == 422, r.status_code  # was 500
    assert "confidence" in _text(r.text).lower()
    assert client.app.state.store.counts() == {"draft": 1}


def test_the_threshold_views_threshold_past_decimals_range_is_refused(two_audits, client):
    url = f"/audits/{two_audits[0]}"
    page = client.get(url).text
    rev = re.search(r'id="threshold-form".*?name="rev" value="(\d+)"', page, re.S)[1]
    for typed in HUGE:
        form = {"csrf": csrf_of(page), "rev": rev, "threshold": typed}
        r = client.post(url + "/thresholds", data=form)
        assert r.status_code == 422, (typed, r.status_code)  # was 500
        assert "threshold" in _text(r.text).lower()


def test_model_bs_file_field_naming_no_upload_quotes_its_value(client):
    """The sibling of the typed benchmark and database names (7b067420, c156c147): model B's
    file field sent with no uploaded file's id, or another column index of model B's file,
    said "not a file uploaded to this server" / "not a column of model B's file" without the
    value; now the value as sent, as every other list field's refusal."""
    client.app.state.web.runner.submit = lambda *a, **k: None
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    token = csrf_of(client.get(url).text)
    b_file = make_frame(300, seed=1).to_csv(index=False).encode()
    sent = client.post(
        f"/upload?for={url.split('/')[2]}", data={"csrf": token}, files={"file": ("b.csv", b_file)}
    )
    b_id = sent.headers["location"].rsplit("=", 1)[1]
    page = client.get(url).text
    for value, problem in (
        ("bogus", "not a file uploaded to this server"),
        (f"{b_id}:99", "not a column of model B's file"),
    ):
        r = client.post(url, data=mapping_form(page, protected=["3"], model_b=value))
        assert r.status_code == 422, (value, r.status_code)
        assert f"{problem} (value: '{value}'). Fix: " in _text(r.text), _text(r.text)[-400:]


def test_diff_and_upload_for_parameters_naming_no_audit_quote_their_value(client):
    """The siblings of ``page`` and ``b`` (7b067420, 93d41b97): ``/diff?a=x&b=y`` said
    "choose two finished audits to compare", ``/upload?for=bogus`` "the audit this file was
    sent for is gone or already running", neither with the parameter's value."""
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    draft = url.split("/")[2]
    for query, k, v in (("a=x&b=y", "a", "x"), (f"a={draft}&b={draft}", "a", draft)):
        r = client.get(f"/diff?{query}")
        assert r.status_code == 404
        assert f"the parameter '{k}' is '{v}', not a finished audit" in _text(r.text)
    token = csrf_of(client.get("/").text)
    r = client.post(
        "/upload?for=bogus", data={"csrf": token}, files={"file": ("b.csv", b"a,b\n1,2\n")}
    )
    assert r.status_code == 400
    assert "the parameter 'for' is 'bogus') is gone or already running" in _text(r.text)
