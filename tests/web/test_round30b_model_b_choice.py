"""Round 30: a crafted model B choice of a file's id with no column (``model_b=<id>``, the
value of the '… and K more' entry, which a file of few two-valued columns has not) was refused
naming the field "Model B's column, typed", which that page has not; it is refused by the
field the page has, 'Model B from another file'."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_file_s_id_without_a_column_is_refused_by_the_field_on_the_page(client):
    frame = make_frame(300)
    upload(client, frame.to_csv(index=False).encode(), "model_b.csv")
    url = upload(client, frame.to_csv(index=False).encode(), "preds.csv").headers["location"]
    page = client.get(url).text
    assert 'id="model_b_column"' not in page
    file_id = re.search(r'<option value="([0-9a-z]{24}):\d+"', page)[1]
    form = mapping_form(page, protected=["3"], n_boot="200", y_score="", model_b=file_id)
    r = client.post(url, data=form)
    assert r.status_code == 422
    said = html.unescape(re.search(r'id="error-model_b"[^>]*>(.*?)</p>', r.text, re.S)[1])
    assert "Model B's column, typed" not in said, said
    assert said == (
        "no column of model_b.csv chosen for model B. Fix: choose one of its columns in "
        "'Model B from another file'"
    )


def test_a_typed_column_on_a_page_without_that_field_is_refused_by_the_field_on_it(client):
    frame = make_frame(300)
    upload(client, frame.to_csv(index=False).encode(), "model_b.csv")
    url = upload(client, frame.to_csv(index=False).encode(), "preds.csv").headers["location"]
    page = client.get(url).text
    file_id = re.search(r'<option value="([0-9a-z]{24}):\d+"', page)[1]
    for choice in (f"{file_id}:1", f"{file_id}:", ""):
        form = mapping_form(
            page, protected=["3"], y_score="", model_b=choice, model_b_column="pred"
        )
        r = client.post(url, data=form)
        assert r.status_code == 422
        said = html.unescape(re.search(r'id="error-model_b"[^>]*>(.*?)</p>', r.text, re.S)[1])
        assert said == (
            "model B's column typed, but no file here lists more columns than it shows. "
            "Fix: choose model B's column in 'Model B from another file'"
        ), said
