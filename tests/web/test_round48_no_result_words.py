"""Round 48: the report and every download of an audit that failed were refused 404 'No
result for this audit (yet)' with no fix: '(yet)' read as if the result would come, and
nothing said what to do. A failed audit says it has none and why, and links its page, where
the mapping is fixed and run again; one not run yet keeps '(yet)' and says why and what to do."""

from __future__ import annotations

import html

import pytest

from tests.web.conftest import make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize("run", [True, False], ids=["failed", "never run"])
def test_an_audit_without_a_result_says_why_on_each_download(client, run):
    url = upload(client, make_frame(60).to_csv(index=False).encode()).headers["location"]
    audit = url.rsplit("/", 1)[0]
    said = "No {} for this audit (yet): it has not been run"
    fix = "open the audit, check the mapping there and run it"
    if run:  # ages 18-90 as the score: refused when it runs (the draft: never sent)
        form = mapping_form(client.get(url).text, protected=["3"], y_score="age", n_boot="100")
        assert client.post(url, data=form).headers["location"] == audit
        assert "The audit could not run" in wait_done(client, audit).text
        said = "This audit has no {}: it could not run"
        fix = "fix the mapping there and run it again"
    wheres = ["report", "download/json", "download/html", "download/pdf"]
    for where in wheres + ([] if run else ["download/config"]):  # a failed one's: its request
        r = client.get(f"{audit}/{where}")
        assert r.status_code == 404, where
        what = "report" if where == "report" else "result"
        assert said.format(what) in html.unescape(r.text) and fix in r.text, where
        assert run is ("(yet)" not in r.text)  # a failed audit will never have one
        assert f'<a href="{audit}" id="error-link">Back to the audit</a>' in r.text


def test_the_report_of_an_unknown_audit_says_there_is_none(client):
    r = client.get(f"/audits/{'0' * 24}/report")
    assert r.status_code == 404 and "No audit with this id" in r.text and "(yet)" not in r.text
