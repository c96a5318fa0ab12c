"""Round 36 (F1): the web forms refuse a confidence level its draws cannot reach when the
request is made (HTTP 422, on the Confidence level field, as typed), no audit queued. Before:
the audit was queued and failed once its data was read."""

from __future__ import annotations

import html
import re

import pytest

from .conftest import csrf_of, make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

ERRORS = r'<p class="error" id="error-([^"]+)"[^>]*>(.*?)</p>'


def test_too_few_draws_for_the_level_is_refused_on_the_benchmark_form(client):
    token = csrf_of(client.get("/").text)
    form = {"csrf": token, "dataset": "compas", "confidence_level": "0.99990", "n_boot": "100"}
    r = client.post("/benchmark", data=form)
    assert r.status_code == 422 and "location" not in r.headers
    said = html.unescape(dict(re.findall(ERRORS, r.text))["benchmark"])
    assert said.startswith("Confidence level: a 99.99% interval needs at least 10,000 draws")
    assert "(value: '0.99990')" in said, said


def test_too_few_draws_for_the_level_is_refused_on_the_mapping_form(client):
    url = upload(client, make_frame(40).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"])
    r = client.post(url, data={**form, "confidence_level": "0.999", "n_boot": "100"})
    assert r.status_code == 422 and "location" not in r.headers
    shown = dict(re.findall(ERRORS, r.text))
    assert list(shown) == ["confidence_level"], shown
    assert "needs at least 1,000 draws" in html.unescape(shown["confidence_level"])
