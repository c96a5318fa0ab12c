"""Round 31: a number typed past a double's range in a mapping form's field (1e400) was
refused as the number no one typed, '(value: inf)', where the command line now quotes what
was typed ('(value: '1e400')', tests/cli/test_round31_numbers_as_typed.py): the form's
policy fields and its positive label say it as the command line does."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize(
    ("field", "typed"),
    [
        ("di_threshold", "1e400"),
        ("eo_threshold", "-1e400"),
        ("confidence_level", "1E999"),
        ("pos_label", "1e400"),
    ],
)
def test_a_number_past_a_double_is_refused_as_typed(client, field, typed):
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, **{"protected": ["3"], "n_boot": "200", field: typed})
    r = client.post(url, data=form)
    assert r.status_code == 422
    said = html.unescape(re.search(rf'id="error-{field}"[^>]*>(.*?)</p>', r.text, re.S)[1])
    assert f"(value: {typed!r})" in said and "inf" not in said, said


def test_the_threshold_view_s_threshold_is_refused_as_typed(client):
    from tests.web.conftest import csrf_of, rev_of, wait_done

    frame = make_frame(500)
    frame["pred"] = (frame["score"] >= 0.5).astype(int)
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    r = client.post(url, data=mapping_form(client.get(url).text, protected=["3"], n_boot="200"))
    done = wait_done(client, r.headers["location"]).text
    form = {"csrf": csrf_of(done), "rev": rev_of(done), "threshold": "1e400"}
    view = client.post(r.headers["location"] + "/thresholds", data=form)
    assert view.status_code == 422
    assert "(value: &#39;1e400&#39;)" in view.text and "(value: inf)" not in view.text
