"""Round 21: the mapping form refuses, by their fields and in the library's own words, what
the run would refuse of the values the form already knows (the whole file read): a merge or an
exclusion of a group the column does not have, and a positive label value the label column never
holds. They were queued, then failed in the history."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import make_frame, mapping_form, upload


def _errors(page: str) -> dict:
    return {k: html.unescape(v) for k, v in re.findall(r'id="error-([^"]*)"[^>]*>([^<]*)<', page)}


def _sent(client, **fields):
    frame = make_frame(n=600)
    frame.loc[:99, "group"] = "C"  # three groups: A, B, C
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200", **fields)
    return client.post(url, data=form)


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"merge": "group=A,zz:NEW"}, "merge", "attribute 'group' has no group 'zz'"),
        ({"exclude": "group=zz"}, "exclude", "attribute 'group' has no group 'zz'"),
        ({"merge": "group=A,B,C:X"}, "merge", "the merge leaves a single group"),
        ({"pos_label": "7"}, "pos_label", "pos_label does not occur in the column"),
    ],
)
def test_values_the_form_knows_are_refused_on_the_form(client, fields, field, words):
    r = _sent(client, **fields)
    assert r.status_code == 422, r.status_code
    errors = _errors(r.text)
    assert words in errors.get(field, ""), errors
    assert "/audits/" not in r.headers.get("location", "")


@pytest.mark.parametrize(
    "fields", [{"pos_label": "1"}, {"exclude": "group=C"}, {"merge": "group=B,C:BC"}]
)
def test_values_the_file_has_still_run(client, fields):
    r = _sent(client, **fields)
    assert r.status_code == 303, _errors(r.text)
