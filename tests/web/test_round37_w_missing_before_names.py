"""A cell the reader takes for a missing value (``None``, ``NA``) typed as a reference, a merged
or excluded group or the positive label: the form refused it as no group (label) of the file,
where the command line refuses the missing values first. The form now leaves such a column to
the run, which says the command line's words."""

from __future__ import annotations

import re

import numpy as np
import pytest

from .conftest import make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _with_none_groups():
    frame = make_frame(60)
    frame["group"] = np.where(np.arange(60) % 3 == 0, "None", np.where(frame["pred"], "A", "C"))
    return frame


@pytest.mark.parametrize(
    "fields", [{"ref_3": "None"}, {"exclude": "group=None"}, {"merge": "group=None,C:X"}]
)
def test_a_missing_group_typed_by_name_gets_the_command_lines_refusal(client, fields):
    """Before: 422 on the form, "unknown reference group of 'group' (value: 'None')" / "attribute
    'group' has no group 'None'"; the CLI says "20 missing group value(s)"."""
    url = upload(client, _with_none_groups().to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200", **fields)
    r = client.post(url, data=form)
    assert r.status_code == 303, re.findall(r'class="error"[^>]*>(.*?)<', r.text)
    failed = wait_done(client, r.headers["location"])
    assert failed.status_code == 422
    assert "20 missing group value(s), first at preds.csv line 2" in failed.text


def test_a_missing_label_is_said_before_the_positive_label(client):
    """Before: the form said the positive label 'maybe' does not occur; the CLI says the label
    has missing values first."""
    frame = make_frame(60)
    frame["label"] = np.where(frame["label"] == 1, "yes", "no")
    frame["pred"] = np.where(frame["pred"] == 1, "yes", "no")
    frame.loc[::6, "label"] = "NA"
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200", pos_label="maybe")
    r = client.post(url, data=form)
    assert r.status_code == 303
    failed = wait_done(client, r.headers["location"])
    assert failed.status_code == 422 and "10 missing value(s)" in failed.text


def test_without_missing_values_the_form_still_refuses_an_unknown_reference(client):
    url = upload(client, make_frame(60).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200", ref_3="None")
    r = client.post(url, data=form)
    assert r.status_code == 422 and 'id="error-ref_3"' in r.text
    assert "unknown reference group of &#39;group&#39; (value: &#39;None&#39;)" in r.text
