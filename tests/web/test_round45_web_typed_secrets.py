"""Round 45 (web): the mapping screen drew the text no list reads back (the positive label, the
bins, the policy's number fields and the model card's fields) as typed, a password in it
included: a refused form ('postgresql://u:pw@h/db' as the positive label or the draws) was drawn
again with the password, and 'Run again' of an audit whose model was so named drew it on the new
draft's page, which any later GET shows. Such a text is drawn masked now, as every output masks
it; text without a password is still drawn, and run, as typed."""

from __future__ import annotations

import pytest

from .conftest import csrf_of, make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")
PW = "Secr3tQ9"
URL = f"postgresql://u:{PW}@h/db"
CSV = make_frame(300).to_csv(index=False).encode()


@pytest.mark.parametrize(
    "fields, named",
    [
        ({"pos_label": URL}, "pos_label"),
        ({"n_boot": URL}, "n_boot"),
        ({"di_threshold": URL}, "di_threshold"),
        ({"bins_4": URL, "protected": ["3", "4"]}, "bins_4"),
        ({"model_name": URL, "intended_use": f"see {URL}", "seed": "x"}, "seed"),
    ],
)
def test_a_refused_mapping_form_draws_no_password_again(client, monkeypatch, fields, named):
    monkeypatch.setattr(client.app.state.web.runner, "submit", lambda *a, **k: None)
    url = upload(client, CSV).headers["location"]
    before = client.app.state.store.counts()
    r = client.post(url, data=mapping_form(client.get(url).text, **{"protected": ["3"], **fields}))
    assert r.status_code == 422, r.text
    assert f'name="{named}"' in r.text and 'class="error' in r.text
    assert PW not in r.text
    assert client.app.state.store.counts() == before  # nothing written by the refusal
    shown = "postgresql://u:***@h/db"
    assert all(shown in r.text for k in fields if fields[k] == URL)


def test_run_again_draws_no_password_of_the_model_card(two_audits, app, client):
    """'Run again' of an audit whose model was named with a password (its stored request, as
    the form ran it) draws the new draft's page with the name masked."""
    import json
    import sqlite3

    done = f"/audits/{two_audits[0]}"
    with sqlite3.connect(client.app.state.web.config.data_dir / "ethiclens-web.sqlite") as db:
        spec = json.loads(
            db.execute("SELECT spec FROM audits WHERE id=?", two_audits[:1]).fetchone()[0]
        )
        spec["model"] = {"name": URL, "intended_use": f"see {URL}"}
        db.execute("UPDATE audits SET spec=? WHERE id=?", (json.dumps(spec), two_audits[0]))
    again = client.post(done + "/again", data={"csrf": csrf_of(client.get(done).text)})
    assert again.status_code == 303
    page = client.get(again.headers["location"]).text
    assert PW not in page and 'value="postgresql://u:***@h/db"' in page
    draft = again.headers["location"]
    typed = mapping_form(page, model_name="m 1.0", n_boot="x")  # no password: drawn as typed
    assert 'value="m 1.0"' in client.post(draft, data=typed).text
