"""Round 26: a run's refusal shown in the browser named command-line flags its user never typed
("Fix: drop --bins for a categorical attribute" on the failed page and the mapping screen);
each flag a field of the mapping form sets is now called by that field."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

from .conftest import csrf_of, make_frame, mapping_form, upload, wait_done  # noqa: E402


def test_bins_of_a_categorical_attribute_are_refused_in_the_form_s_words(client):
    url = upload(client, make_frame(600).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="100", bins_3="1,2")
    sent = client.post(url, data=form)
    failed = wait_done(client, sent.headers["location"]).text
    fix = re.search(r'<p class="fix"><strong>Fix:</strong> (.*?)</p>', failed)[1]
    assert "--bins" not in fix and "the field Bins" in fix, fix
    reopened = client.post(sent.headers["location"] + "/reopen", data={"csrf": csrf_of(failed)})
    page = client.get(reopened.headers["location"]).text
    shown = re.search(r'<p class="error" id="error-bins_3" role="alert">(.*?)</p>', page)[1]
    assert "--bins" not in shown and "only numbers can be binned" in shown, shown


def test_flags_of_the_form_s_fields_are_named_by_them():
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web._roles import in_form_terms, in_form_words

    said = in_form_terms(EthicLensInputError("too few", fix="raise --n-boot or --seed; --engine"))
    assert said.fix == "raise the field Interval draws or the field Seed; --engine"
    kept = "--pos-label 1 on the command line, pos_label=1 in Python"  # names each face
    assert in_form_terms(EthicLensInputError("x", fix=kept)).fix == kept
    error = {"problem": "p", "column": "age", "fix": "drop --bins age=..."}
    assert in_form_words(error)["fix"] == "drop the field Bins age=..."


def test_an_empty_database_table_is_named_as_the_data_screen_names_it(tmp_path, monkeypatch):
    """The failed page named the place '--table' (the library's flag); it is the data
    screen's field Table, on the failed page and above the reopened mapping form."""
    import sqlite3

    from starlette.testclient import TestClient

    from .conftest import make_app

    db = tmp_path / "w.db"
    with sqlite3.connect(db) as con:
        con.execute("create table empty_t (label int, pred int, grp text)")
    monkeypatch.setenv("TF4_ROUND26_DB", f"sqlite:///{db}")
    with TestClient(make_app(tmp_path, databases=("TF4_ROUND26_DB",))) as client:
        token = csrf_of(client.get("/").text)
        data = {"csrf": token, "db": "TF4_ROUND26_DB", "table": "empty_t"}
        url = client.post("/database", data=data, follow_redirects=False).headers["location"]
        form = mapping_form(client.get(url).text, y_true="label", y_pred="pred", protected=["2"])
        sent = client.post(url, data={**form, "n_boot": "100"}, follow_redirects=False)
        failed = wait_done(client, sent.headers["location"]).text
        where = re.search(r'<p id="problem"><strong>(.*?)</strong>', failed)[1]
        assert where == "Table", where  # was: --table
        audit = sent.headers["location"]
        mapping = client.post(audit + "/reopen", data={"csrf": csrf_of(failed)}).text
        top = re.search(r'<p class="error" id="error-form" role="alert">(.*?)</p>', mapping)[1]
        assert top.startswith("Table: table empty_t has no data rows"), top
