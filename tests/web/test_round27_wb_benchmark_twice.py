"""Round 27: the benchmark form sent twice (a double click on its button, or the back button's
re-post) opens the one audit it queued, as the mapping and threshold views' forms do, instead
of running the benchmark twice into the history; the page's form sent with other fields, or a
form of a page loaded again, runs a new audit."""

from __future__ import annotations

import re

from tests.web.conftest import csrf_of, wait_done


def _form(page: str, **fields) -> dict:
    form = re.search(r'<form[^>]*id="benchmark-form".*?</form>', page, re.S)[0]
    sent = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    return {**sent, "csrf": csrf_of(page), "dataset": "german", "n_boot": "200", **fields}


def test_the_same_benchmark_form_sent_twice_runs_once(client):
    from ethiclens.web._store import Store

    page = client.get("/").text
    form = _form(page)
    first = client.post("/benchmark", data=form)
    assert first.status_code == 303
    again = client.post("/benchmark", data=form)
    assert again.status_code == 303
    assert again.headers["location"] == first.headers["location"]
    wait_done(client, first.headers["location"])
    store = Store(client.app.state.config.store)
    assert store.history_size() == 1
    # the same page's form with another field: a new request
    other = client.post("/benchmark", data=_form(page, n_boot="300"))
    assert other.status_code == 303 and other.headers["location"] != first.headers["location"]
    # the page loaded again: its form is a new one
    fresh = client.post("/benchmark", data=_form(client.get("/").text))
    assert fresh.status_code == 303
    assert fresh.headers["location"] not in (first.headers["location"], other.headers["location"])
    for r in (other, fresh):
        wait_done(client, r.headers["location"])
    assert store.history_size() == 3
