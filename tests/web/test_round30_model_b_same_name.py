"""Round 30: the mapping form of a comparison with model B's file, shown again ("Change the
mapping and run again", a failed run's "Fix the mapping"), also chose model B's column in
'Second model to compare' when model A's file has a column of that name: the form as shown
was then refused ("choose model B either as a column of this file or as another file, not
both"). Model B stays its file's."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import csrf_of, make_frame, mapping_form, rev_of, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_model_b_named_as_a_column_of_model_as_file_stays_model_bs_file(client):
    b = make_frame(300)
    b["age"] = 1 - b["pred"]  # model B's predictions, named as model A's file's ages
    upload(client, b.to_csv(index=False).encode(), "b.csv")
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    choice = re.search(r'value="([0-9a-f]{24}:4)">b.csv: age<', page)[1]
    form = {"csrf": csrf_of(page), "rev": rev_of(page), "y_true": "label", "y_pred": "pred"}
    r = client.post(url, data={**form, "protected": ["3"], "n_boot": "200", "model_b": choice})
    done = wait_done(client, r.headers["location"])
    assert "model B (age)" in done.text
    # "Change the mapping and run again": the form as it was run
    again = client.post(r.headers["location"] + "/again", data={"csrf": csrf_of(done.text)})
    shown = mapping_form(client.get(again.headers["location"]).text)
    assert (shown["y_pred_b"], shown["model_b"]) == ("", choice)
    r = client.post(again.headers["location"], data={**shown, "n_boot": "200"})
    assert r.status_code == 303, re.findall(r'class="error"[^>]*>([^<]*)', r.text)
    assert "model B (age)" in wait_done(client, r.headers["location"]).text
