"""Round 34 review: an audit page's threshold form sent again at the threshold its view was
started at, typed otherwise (the one found from the rows typed as "0.5", or "0.50" after
"0.5"; the back button, then the form), was refused, 409 "this page already started a
threshold view at another threshold", though the threshold is the same: it leads to that
view, as the same form sent twice does. Another threshold is still refused (round 26)."""

from __future__ import annotations

import pytest

from .test_round26_threshold_form import _done_audit, _view_form

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize("first, again", [("", "0.5"), ("0.5", "0.50"), ("0.5", "")])
def test_the_same_threshold_typed_otherwise_leads_to_its_view(client, first, again):
    url, page = _done_audit(client)
    view = client.post(url + "/thresholds", data=_view_form(page, first))
    assert view.status_code == 303
    r = client.post(url + "/thresholds", data=_view_form(page, again))
    assert r.status_code == 303, r.status_code
    assert r.headers["location"] == view.headers["location"]
    other = client.post(url + "/thresholds", data=_view_form(page, "0.49995"))
    assert other.status_code == 409
