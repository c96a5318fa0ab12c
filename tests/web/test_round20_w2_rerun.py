"""Round 20 (W2): "Run it again" on a failed or interrupted threshold view runs the same view
again (its threshold, its result a threshold table, its config ``ethiclens thresholds``),
never a plain audit under the view's id; the failed view offers no mapping to fix."""

from __future__ import annotations

import json

from tests.web.conftest import csrf_of, wait_done
from tests.web.test_round14_thresholds import _audit, _frame_at, _text, _view_form


def _failed_copy(store, view_id: str, status: str) -> str:
    """A threshold view of the same request that failed (or was interrupted)."""
    row = store.audit(view_id)
    copy = store.new_request(row["data_id"], json.loads(row["spec"]), "thresholds")
    if status == "failed":
        error = {"problem": "the file changed", "column": None, "fix": "", "input": True}
        store.fail(copy, error)
    else:
        store.interrupt([copy])
    return copy


def test_a_failed_threshold_view_runs_again_as_a_view(client, app):
    from ethiclens.web._store import Store

    url = _audit(client, _frame_at(0.7), y_pred="pred_b", y_score="score")
    done = wait_done(client, url).text
    view = client.post(url + "/thresholds", data=_view_form(done)).headers["location"]
    assert wait_done(client, view).status_code == 200
    store = Store(app.config.store)
    for status in ("failed", "interrupted"):
        copy = _failed_copy(store, view.rsplit("/", 1)[1], status)
        page = client.get(f"/audits/{copy}")
        assert 'id="run-again"' in page.text and 'id="fix-mapping"' not in page.text
        r = client.post(f"/audits/{copy}/reopen", data={"csrf": csrf_of(page.text)})
        assert r.status_code == 303 and r.headers["location"] == f"/audits/{copy}"
        again = wait_done(client, r.headers["location"])
        assert again.status_code == 200, _text(again.text)[-600:]
        assert "at the audited threshold 0.7" in _text(again.text)
        row = store.audit(copy)
        assert row["purpose"] == "thresholds" and json.loads(row["result"])["rows"]
        config = client.get(f"/audits/{copy}/download/config").text
        assert "ethiclens thresholds --config" in config, config[:400]
