"""Round 20 (W1): a database target whose label is F/M beside a 0/1 prediction is refused by
the Label field with the recode fix, as the same CSV is: not by the "Positive label value"
field, where typing M would fail again (the prediction holds no M)."""

from __future__ import annotations

import html
import re

import numpy as np
import pytest

from tests.web.conftest import csrf_of, make_app, make_frame, mapping_form, wait_done


def _frame(label_words: bool = True, pred_words: bool = False):
    frame = make_frame(n=600).drop(columns=["age", "constant", "score"])
    if label_words:
        frame["label"] = np.where(frame["label"] == 1, "M", "F")
    if pred_words:
        frame["pred"] = np.where(frame["pred"] == 1, "M", "F")
    return frame


def _mapping_after_run(tmp_path, monkeypatch, frame) -> str:
    """The mapping page reopened after the database audit of ``frame`` failed."""
    import sqlite3

    pytest.importorskip("sqlalchemy")
    from starlette.testclient import TestClient

    db = tmp_path / "warehouse.db"
    con = sqlite3.connect(db)
    frame.to_sql("predictions", con, index=False)
    con.close()
    monkeypatch.setenv("WAREHOUSE_URL", f"sqlite:///{db}")
    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    with TestClient(app, follow_redirects=False) as client:
        token = csrf_of(client.get("/").text)
        data = {"csrf": token, "db": "WAREHOUSE_URL", "table": "predictions"}
        url = client.post("/database", data=data).headers["location"]
        form = mapping_form(client.get(url).text, y_true="label", y_pred="pred", n_boot="200")
        form["protected"] = ["2"]
        r = client.post(url, data=form)
        assert r.status_code == 303, r.text[-1500:]
        failed = wait_done(client, r.headers["location"])
        assert "is not binary 0/1" in failed.text, failed.text[-1500:]
        r = client.post(r.headers["location"] + "/reopen", data={"csrf": csrf_of(failed.text)})
        return client.get(r.headers["location"]).text


@pytest.mark.parametrize("pred_words", [False, True], ids=["0/1 prediction", "F/M prediction"])
def test_a_database_label_of_f_m_is_the_label_fields_never_the_positive_labels_alone(
    tmp_path, monkeypatch, pred_words
):
    """The profile of a table read no values: the form does not know whether the prediction
    is 0/1 (recode the label) or F/M as well (type M): it says both, by the column's field, as
    a CSV's F/M label beside a 0/1 prediction is shown, never by the Positive label value
    field alone (typing M fails again where the prediction is 0/1)."""
    page = _mapping_after_run(tmp_path, monkeypatch, _frame(pred_words=pred_words))
    shown = re.findall(r'id="error-([^"]*)"[^>]*>([^<]*)<', page)
    # the column the library names (the label; the prediction where it checks that first)
    assert [field for field, _ in shown] == ["y_pred" if pred_words else "y_true"], shown
    text = html.unescape(shown[0][1])
    assert text.startswith("is not binary 0/1: found values F, M. Fix: "), text
    assert "the prediction is 0/1, recode this one to 0/1 in the table" in text
    assert "where both hold these two values, type the positive one in the field Positive" in text
