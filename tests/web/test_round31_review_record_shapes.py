"""Round 31 review: a history row whose stored JSON is valid but of a shape the app never
wrote there (a result ``{"comparisons": 5}``, a spec ``{"roles": 3}``, a verdict
``{"status_counts": 3}``) gave a generic 500 on its audit page (and a result so on a diff
naming it); it is a damaged record as one that is not JSON is: 410 naming it."""

from __future__ import annotations

import sqlite3

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize(
    ("column", "text", "diffed"),
    [
        ("result", '{"comparisons": 5}', True),
        ("spec", '{"roles": 3}', False),
        ("verdict", '{"status_counts": 3}', False),
    ],
)
def test_a_record_of_another_shape_is_damaged(app, client, two_audits, column, text, diffed):
    from starlette.testclient import TestClient

    damaged, intact = two_audits
    with sqlite3.connect(app.state.store.path) as db:
        db.execute(f"UPDATE audits SET {column} = ? WHERE id = ?", (text, damaged))
    said = f"audit {damaged[:8]} is damaged: its stored "
    with TestClient(app, follow_redirects=False, raise_server_exceptions=False) as c:
        page = c.get(f"/audits/{damaged}")
        assert page.status_code == 410 and said in page.text
        for a, b in ((intact, damaged), (damaged, intact)):
            page = c.get(f"/diff?a={a}&b={b}")
            assert page.status_code == (410 if diffed else 200)
            assert (said in page.text) == diffed
        assert c.get(f"/audits/{intact}").status_code == 200
        assert c.get("/history").status_code == 200
