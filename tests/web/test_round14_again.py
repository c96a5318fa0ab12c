"""Round 14: a finished audit can be changed and run again (its mapping screen filled as it
was run, in a new draft); the finished one stays in the history as it is."""

from __future__ import annotations

import re

from tests.web.conftest import csrf_of, make_frame, mapping_form, upload, wait_done


def test_a_finished_audit_is_changed_and_run_again(client):
    r = upload(client, make_frame(n=1500).to_csv(index=False).encode())
    url = r.headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, protected=["3"], n_boot="200", ref_3="B"))
    assert r.status_code == 303
    first = r.headers["location"]
    done = wait_done(client, first).text
    assert 'id="run-again"' in done
    r = client.post(first + "/again", data={"csrf": csrf_of(done)})
    assert r.status_code == 303 and r.headers["location"].endswith("/mapping")
    mapping = client.get(r.headers["location"]).text
    assert re.search(r'name="ref_3"[^>]*value="B"', mapping)  # as it was run
    assert re.search(r'name="n_boot"[^>]*value="200"', mapping)
    r = client.post(
        r.headers["location"], data=mapping_form(mapping, protected=["3"], n_boot="200", ref_3="A")
    )
    assert r.status_code == 303
    second = r.headers["location"]
    assert second != first
    assert "group: B vs A" in wait_done(client, second).text
    assert "group: A vs B" in client.get(first).text  # the first result as it was
    assert client.post(first + "/again").status_code == 403  # CSRF here too


def test_a_benchmark_audit_has_no_mapping_to_change(client):
    token = csrf_of(client.get("/").text)
    r = client.post("/benchmark", data={"csrf": token, "dataset": "german", "n_boot": "200"})
    url = r.headers["location"]
    done = wait_done(client, url).text
    assert 'id="run-again"' not in done
    assert client.post(url + "/again", data={"csrf": csrf_of(done)}).status_code == 409
