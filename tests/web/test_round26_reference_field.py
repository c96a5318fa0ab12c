"""Round 26: a binned attribute's reference group the data lacks is refused by the run naming
the key roles.protected.age (round 25's wording, as a config file names it); the web app read
that as no field of its form: the failed page named the spec key and the mapping screen put the
refusal above the form, not by the field 'Reference group of age' that holds it."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

from .conftest import csrf_of, make_frame, mapping_form, upload, wait_done  # noqa: E402


def test_a_binned_attribute_s_unknown_reference_is_named_by_its_field(client):
    url = upload(client, make_frame(600).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3", "4"], n_boot="100")
    form.update(bins_4="0,50,120", ref_4="bogus")  # age's groups are [0, 50) and [50, 120]
    sent = client.post(url, data=form)
    assert sent.status_code == 303
    failed = wait_done(client, sent.headers["location"]).text
    where = re.search(r'<p id="problem"><strong>(.*?)</strong>', failed)[1]
    assert where == "Reference group of age", where  # was: roles.protected.age
    reopened = client.post(sent.headers["location"] + "/reopen", data={"csrf": csrf_of(failed)})
    page = client.get(reopened.headers["location"])
    assert page.status_code == 422
    shown = r'<p class="error" id="error-(\w+)" role="alert">(.*?)</p>'
    errors = dict(re.findall(shown, page.text))
    assert set(errors) == {"ref_4"}, errors  # was: 'form' (above the form)
    assert "unknown reference group" in errors["ref_4"]
    assert "(value: &#39;bogus&#39;)" in errors["ref_4"]


def test_an_attribute_s_spec_key_is_its_row_s_field():
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web._roles import field_label, field_of

    columns = ["label", "pred", "age"]
    spec = {"groups": {"bins": {"age": [0, 50, 120]}}}
    for key, problem, field in (
        ("roles.protected.age", "unknown reference group of 'age'", "ref_2"),
        ("groups.bins.age", "bin edges must be numbers", "bins_2"),
    ):
        exc = EthicLensInputError(problem, column=key, kind="key")
        assert field_of(exc, columns, spec) == field, key  # was: 'form'
    assert field_label("ref_2", columns) == "Reference group of age"
