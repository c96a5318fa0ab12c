"""Round 44 (review of fd16574b): masking a scheme-less URL typed into a data-screen field
('u:k9://Zq@h') took the benchmark's group edits too: a merge of groups named with '@'
('sex:F@site1,F@site2=F', group names: data) was drawn again as 'sex:***@site2=F' when the form
was refused for another field, so sending it again lost the merge. A group edit is shown as
typed (a whole scheme:// URL still masked); the other fields as fd16574b masks them."""

from __future__ import annotations

import html

import pytest

from tests.web.conftest import csrf_of

MERGE = "sex:F@site1,F@site2=F"


@pytest.mark.parametrize("extra", [{"dataset": "nope"}, {"dataset": "compas", "score": "zz"}])
def test_a_group_edit_with_at_signs_is_drawn_as_typed(client, extra):
    token = csrf_of(client.get("/").text)
    r = client.post("/benchmark", data={"csrf": token, "merge": MERGE, **extra})
    assert r.status_code == 422 and f">{html.escape(MERGE)}<" in r.text, r.text[-3000:]


def test_a_url_in_a_group_edit_and_a_bare_url_elsewhere_are_still_masked(client):
    token = csrf_of(client.get("/").text)
    merge = "postgresql://u:Hx9Secret@h/d"
    r = client.post("/benchmark", data={"csrf": token, "merge": merge, "dataset": "u:Qz7Pw@h"})
    assert r.status_code == 422 and "Hx9Secret" not in r.text and "Qz7Pw" not in r.text
