"""Round 21: the mapping form sent twice (a double click on Run, or eight at once) opens the
one audit it queued, as a threshold view's form does; another form of the same revision is
still a change made elsewhere (409)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from tests.web.conftest import make_frame, mapping_form, upload, wait_done


def _form(client):
    url = upload(client, make_frame(n=600).to_csv(index=False).encode()).headers["location"]
    return url, mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")


def test_the_same_mapping_form_sent_twice_opens_its_audit(client):
    url, form = _form(client)
    first = client.post(url, data=form)
    assert first.status_code == 303
    again = client.post(url, data=form)
    assert again.status_code == 303 and again.headers["location"] == first.headers["location"]
    other = client.post(url, data={**form, "n_boot": "300"})
    assert other.status_code == 409
    assert wait_done(client, first.headers["location"]).status_code == 200
    assert client.post(url, data=form).headers["location"] == first.headers["location"]


def test_eight_at_once_queue_one_audit(client, app):
    from ethiclens.web._store import Store

    url, form = _form(client)
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: client.post(url, data=form), range(8)))
    assert {r.status_code for r in answers} == {303}
    assert {r.headers["location"] for r in answers} == {url.removesuffix("/mapping")}
    assert Store(app.config.store).audit(url.split("/")[2])["rev"] == 1
