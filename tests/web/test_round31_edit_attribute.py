"""Round 31: a merge or exclusion line naming an attribute that is not a protected attribute
of the form (a column not ticked, a name the file does not have) was accepted when the form
was sent and refused only when the audit ran. It is refused by its field when the form is
sent (422, nothing queued), with the closest valid name, on the mapping and benchmark forms."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import csrf_of, make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _said(page: str, field: str) -> str:
    return html.unescape(re.search(rf'id="error-{field}"[^>]*>(.*?)</p>', page, re.S)[1])


@pytest.mark.parametrize(
    ("field", "line", "expected"),
    [
        (
            "merge",
            "age=18,19:young",
            "'age' is not a protected attribute of this audit. Fix: use one of group, "
            "or tick age under Protected attributes",
        ),
        (
            "exclude",
            "groups=A",
            "'groups' is not a protected attribute of this audit. Fix: did you mean 'group'? "
            "use one of group",
        ),
    ],
)
def test_an_edit_of_no_ticked_attribute_is_refused_by_its_field(client, field, line, expected):
    content = make_frame(300).to_csv(index=False).encode()
    url = upload(client, content, "preds.csv").headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200", **{field: line})
    r = client.post(url, data=form)
    assert r.status_code == 422
    assert _said(r.text, field) == expected


def test_a_benchmark_merge_of_no_attribute_is_refused_by_its_field(client):
    form = {"csrf": csrf_of(client.get("/").text), "dataset": "compas", "n_boot": "200"}
    r = client.post("/benchmark", data={**form, "merge": "rac=a,b:c"})
    assert r.status_code == 422
    assert _said(r.text, "merge") == (
        "'rac' is not a protected attribute of this audit. Fix: did you mean 'race'? use one "
        "of race, sex"
    )
