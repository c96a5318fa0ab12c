"""Round 45 (web): a form field of blanks only was read as left out, where the command line and
a config refuse it: a model name of spaces ran the audit with no name (``--model-name '  '``:
"must not be empty (it is only blanks)"), and an Interval draws or DI threshold of spaces ran
the default (``--n-boot '  '``: "'  ' is not a valid integer"). Now such a field is refused by
its own words on the page (422, the field marked); an empty field is still one left out."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import csrf_of, make_frame, mapping_form, upload

DATA = make_frame(300).to_csv(index=False).encode()
CASES = {
    "model_name": "must not be empty (it is only blanks)",
    "model_version": "must not be empty (it is only blanks)",
    "intended_use": "must not be empty (it is only blanks)",
    # round 49: the field's own check's words, as --n-boot '  ' says them (was click's)
    "n_boot": "from 100 to 1,000,000 (value: &#39;  &#39;)",
    "seed": "from 0 to 4,294,967,295 (value: &#39;  &#39;)",
    "di_threshold": "must be a number from 0.01 up to (not including) 1 (value: &#39;  &#39;)",
    "min_group_size": "must be a whole number of at least 1 (value: &#39;  &#39;)",
}


@pytest.mark.parametrize("field", CASES)
def test_a_field_of_blanks_is_refused_by_its_field(client, field):
    url = upload(client, DATA).headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, protected=["3"], **{"n_boot": "200", field: "  "}))
    assert r.status_code == 422, r.headers.get("location")
    error = re.search(rf'<p class="error" id="error-{field}" role="alert">(.*?)</p>', r.text)
    assert error and CASES[field] in error.group(1), field


def test_the_benchmark_form_refuses_blank_draws_too(client):
    page = client.get("/").text
    form = re.search(r'<form[^>]*id="benchmark-form".*?</form>', page, re.S)[0]
    sent = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    data = {**sent, "csrf": csrf_of(page), "dataset": "german", "n_boot": " ", "model_name": "  "}
    r = client.post("/benchmark", data=data)
    assert r.status_code == 422, r.headers.get("location")
    assert "from 100 to 1,000,000 (value: &#39; &#39;)" in r.text  # round 49: its own words


def test_an_empty_field_is_still_left_out(client):
    url = upload(client, DATA).headers["location"]
    page = client.get(url).text
    form = mapping_form(page, protected=["3"], n_boot="200", model_name="", seed="")
    assert client.post(url, data=form).status_code == 303


def test_a_positive_label_of_blanks_is_refused_as_the_command_line_refuses_it(client):
    url = upload(client, DATA).headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, protected=["3"], n_boot="200", pos_label="  "))
    assert r.status_code == 422, r.headers.get("location")
    assert "pos_label does not occur in the column" in r.text and "&#39;  &#39;" in r.text


def test_a_benchmark_score_of_blanks_is_refused(client):
    page = client.get("/").text
    form = re.search(r'<form[^>]*id="benchmark-form".*?</form>', page, re.S)[0]
    sent = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    data = {**sent, "csrf": csrf_of(page), "dataset": "compas", "n_boot": "200", "score": "  "}
    r = client.post("/benchmark", data=data)
    assert r.status_code == 422, r.headers.get("location")
    assert "must be one of model, decile (value: &#39;  &#39;)" in r.text


def test_a_threshold_of_blanks_is_refused_where_an_empty_one_is_found(two_audits, client):
    """The threshold view's field: empty, the threshold is found from the rows; blanks only
    ran the same view (``--threshold '  '``: "'  ' is not a valid float")."""
    audit = f"/audits/{two_audits[0]}"
    view = re.search(r'<form[^>]*id="threshold-form".*?</form>', client.get(audit).text, re.S)
    sent = dict(re.findall(r'name="(csrf|rev)" value="([^"]*)"', view[0]))
    r = client.post(f"{audit}/thresholds", data={**sent, "threshold": "  "})
    assert r.status_code == 422, r.headers.get("location")
    assert "Not a number (value: &#39;  &#39;)" in r.text
