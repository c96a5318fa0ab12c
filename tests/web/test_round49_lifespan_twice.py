"""Round 49: an app whose lifespan ran twice (two TestClient contexts one after the other, an
ASGI host that restarts it) answered every audit of the second with 503 'the audit queue is
full': shutdown closed the job runner and the next startup did not open it again."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.web.conftest import make_app, mapping_form, upload


def test_an_app_started_again_takes_audits_again(tmp_path, csv_bytes):
    app = make_app(tmp_path)
    statuses = []
    for _ in range(2):
        with TestClient(app, follow_redirects=False) as client:
            url = upload(client, csv_bytes).headers["location"]
            form = mapping_form(client.get(url).text, n_boot="100")
            statuses.append(client.post(url, data=form).status_code)
    assert statuses == [303, 303]
