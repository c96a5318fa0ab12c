"""Round 48 (review of 69887870): the report and downloads of an audit the server stopped (a
full queue, an interrupted run) said 'fix the mapping there and run it again', though nothing
in its mapping is wrong; its page offers 'Run it again'. They say 'run it again there'; its
config runs the request (it does not reproduce a failure)."""

from __future__ import annotations

import html
import json

import pytest

from tests.web.conftest import make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize("status", ["busy", "interrupted"])
def test_a_run_the_server_stopped_is_not_told_to_fix_its_mapping(client, app, status):
    from ethiclens.web._store import Store
    from ethiclens.web._web import BUSY_ERROR

    url = upload(client, make_frame(60).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], y_score="age", n_boot="100")
    audit = client.post(url, data=form).headers["location"]
    wait_done(client, audit)
    store = Store(app.config.store)
    row = store.audit(audit.rsplit("/", 1)[1])
    copy = store.new_request(row["data_id"], json.loads(row["spec"]), "audit")
    store.fail(copy, BUSY_ERROR) if status == "busy" else store.interrupt([copy])
    r = client.get(f"/audits/{copy}/report")
    assert r.status_code == 404
    assert "its page says why; run it again there" in html.unescape(r.text), r.text[-800:]
    assert "fix the mapping" not in r.text
    config = client.get(f"/audits/{copy}/download/config").text
    assert "did not finish: the command above runs it" in config, config[:500]
    assert 'id="run-again"' in client.get(f"/audits/{copy}").text
