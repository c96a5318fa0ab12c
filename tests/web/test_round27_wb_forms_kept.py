"""Round 27: the server remembers only the newest forms already sent (mapping forms, threshold
views' forms), so that a long-running server, or a client sending forms in a loop, never grows
its memory without end; a form sent again once forgotten gets the clear 409 of a page drawn
before (with the link to its audit), never a 500 nor a second request."""

from __future__ import annotations

import re

from tests.web.conftest import csrf_of, make_frame, mapping_form, upload, wait_done


def test_recent_keeps_only_its_newest_entries():
    from ethiclens.web._web import FORMS_KEPT, Recent

    kept = Recent()
    assert kept.cap == FORMS_KEPT
    small = Recent(3)
    for i in range(10):
        small[("a", i)] = str(i)
    assert list(small) == [("a", 7), ("a", 8), ("a", 9)]
    small[("a", 7)] = "again"  # written again: the newest
    small[("a", 10)] = "10"
    assert list(small) == [("a", 9), ("a", 7), ("a", 10)]


def test_a_forgotten_mapping_form_sent_again_is_a_clear_409(app, client):
    web = app.state.web
    web.mapped.cap = 2
    url = upload(client, make_frame(n=600).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")
    first = client.post(url, data=form)
    assert first.status_code == 303
    assert client.post(url, data=form).headers["location"] == first.headers["location"]
    for i in range(5):  # other audits' forms since
        web.mapped[(f"{i:024x}", 0)] = "x"
    assert len(web.mapped) == 2
    again = client.post(url, data=form)
    assert again.status_code == 409, again.text[-500:]
    assert f'href="{first.headers["location"]}"' in again.text
    assert "open the audit again" in again.text
    wait_done(client, first.headers["location"])


def test_a_forgotten_threshold_form_sent_again_is_a_clear_409(app, client):
    web = app.state.web
    web.views.cap = 2
    frame = make_frame(n=1200)
    frame["pred_b"] = (frame["score"] >= 0.7).astype(int)
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    form = mapping_form(page, protected=["3"], bins_4="", n_boot="200", y_pred="pred_b")
    form["y_score"] = "score"
    audit = client.post(url, data=form).headers["location"]
    done = wait_done(client, audit).text
    view = re.search(r'<form[^>]*id="threshold-form".*?</form>', done, re.S)[0]
    sent = {"csrf": csrf_of(done), "rev": re.search(r'name="rev" value="(\d+)"', view)[1]}
    sent["threshold"] = "0.7"
    first = client.post(audit + "/thresholds", data=sent)
    assert first.status_code == 303, re.sub(r"<[^>]+>", " ", first.text)[-800:]
    assert (
        client.post(audit + "/thresholds", data=sent).headers["location"]
        == (first.headers["location"])
    )
    for i in range(5):
        web.views[(f"{i:024x}", 1, "0.5")] = "y"
    assert len(web.views) == 2
    again = client.post(audit + "/thresholds", data=sent)
    assert again.status_code == 409, again.text[-500:]
    assert f'href="{audit}"' in again.text
    wait_done(client, first.headers["location"])
