"""Round 23: the home page's "Recent audits" list reads a finished audit by its verdict word,
the history's (was "— done" for a FLAGGED or UNDEFINED audit)."""

from __future__ import annotations

import re

from tests.web.test_round22_undefined_verdict import _audit, _frame, _history_word


def _home_word(client, url: str) -> str:
    page = client.get("/").text
    recent = re.search(r"<h2>Recent audits</h2>(.*?)</ul>", page, re.S)[1]
    item = re.search(rf'<li><a href="{url}">.*?</li>', recent, re.S)[0]
    assert "— done" not in item
    return re.search(r'class="status status-[a-z_]+">([A-Z_]+)<', item)[1]


def test_the_recent_audits_list_reads_as_the_history_does(client):
    url, _ = _audit(client, _frame(), "race=B")
    assert _history_word(client, url) == "UNDEFINED"
    assert _home_word(client, url) == "UNDEFINED"
    # C selected 1 in 10 against A's 5: FLAGGED
    url, _ = _audit(client, _frame(c_selected=1), "race=B\nrace=D")
    assert _history_word(client, url) == "FLAGGED"
    assert _home_word(client, url) == "FLAGGED"
