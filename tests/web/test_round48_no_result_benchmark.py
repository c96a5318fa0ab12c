"""Round 48 (after 13b9adf6): the report and downloads of a failed benchmark audit told it to
'fix the mapping there and run it again', though a benchmark has no mapping (its columns are
fixed) and its page offers only 'Start again'. They now say what its page offers."""

from __future__ import annotations

import html

import pytest

from tests.web.conftest import csrf_of, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_failed_benchmark_is_not_told_to_fix_its_mapping(client):
    token = csrf_of(client.get("/").text)
    sent = {"csrf": token, "dataset": "compas", "n_boot": "200", "merge": "race=Nosuch,Other:X"}
    done = client.post("/benchmark", data=sent).headers["location"]
    page = wait_done(client, done).text
    assert '<a href="/">Start again</a>' in page  # what its page offers
    assert 'id="fix-mapping"' not in page and 'id="run-again"' not in page
    for url in (f"{done}/report", f"{done}/download/json"):
        r = client.get(url)
        assert r.status_code == 404
        text = html.unescape(r.text)
        assert "fix the mapping" not in text, text[-800:]
        assert "its page says why; start a new benchmark audit from the home page" in text
