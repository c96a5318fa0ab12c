"""Round 14 of the web app's threshold view: it marks the threshold the audit's predictions
used (found from the rows, or typed), never 0.5 unseen; a benchmark audit with scores gets the
view; the same form sent twice (a double click) starts one view."""

from __future__ import annotations

import io
import re

import numpy as np
import pandas as pd

from tests.web.conftest import csrf_of, make_frame, mapping_form, upload, wait_done


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def _audit(client, frame: pd.DataFrame, **fields) -> str:
    r = upload(client, frame.to_csv(index=False).encode())
    url = r.headers["location"]
    page = client.get(url).text
    form = mapping_form(page, protected=["3"], bins_4="", n_boot="200", **fields)
    r = client.post(url, data=form)
    assert r.status_code == 303, _text(r.text)[-800:]
    return r.headers["location"]


def _view_form(done: str, **fields) -> dict:
    form = re.search(r'<form[^>]*id="threshold-form".*?</form>', done, re.S)
    assert form, "no threshold view form"
    rev = re.search(r'name="rev" value="(\d+)"', form[0])[1]
    return {"csrf": csrf_of(done), "rev": rev, **fields}


def _audited_rows(client, view: str) -> pd.DataFrame:
    table = pd.read_csv(io.StringIO(client.get(view + "/download/csv").text))
    return table[table["audited"]]


def _frame_at(threshold: float) -> pd.DataFrame:
    frame = make_frame(n=2000)
    frame["pred_b"] = (frame["score"] >= threshold).astype(int)
    return frame


def test_the_view_marks_the_threshold_the_predictions_used(client):
    url = _audit(client, _frame_at(0.7), y_pred="pred_b", y_score="score")
    done = wait_done(client, url).text
    r = client.post(url + "/thresholds", data=_view_form(done))
    assert r.status_code == 303, _text(r.text)[-800:]
    view = r.headers["location"]
    page = wait_done(client, view).text
    assert "at the audited threshold 0.7" in _text(page)
    assert "0.5;" not in _text(page)
    assert set(_audited_rows(client, view)["threshold"]) == {0.7}


def test_predictions_of_no_one_threshold_are_refused_typed_or_not(client):
    # round 17: a typed threshold is checked against the rows, never marked audited unseen
    frame = make_frame(n=2000)
    frame["pred_b"] = np.random.default_rng(3).integers(0, 2, len(frame))
    url = _audit(client, frame, y_pred="pred_b", y_score="score")
    done = wait_done(client, url).text
    r = client.post(url + "/thresholds", data=_view_form(done))
    assert r.status_code == 422, r.status_code
    assert "not 'score >= t' for one threshold t" in _text(r.text).replace("&gt;", ">")
    r = client.post(url + "/thresholds", data=_view_form(done, threshold="0.6"))
    assert r.status_code == 422, _text(r.text)[-800:]
    assert "0.6 is not the threshold the audit's predictions used" in _text(r.text)


def test_a_typed_threshold_out_of_range_is_refused_by_its_field(client):
    url = _audit(client, _frame_at(0.7), y_pred="pred_b", y_score="score")
    done = wait_done(client, url).text
    for bad in ("1.5", "abc", "0_5", "\u0663"):  # read by every face's rule: 0_5 is not 5
        r = client.post(url + "/thresholds", data=_view_form(done, threshold=bad))
        assert r.status_code == 422, (bad, r.status_code)
        assert "The threshold the predictions used" in r.text and bad in _text(r.text)


def test_the_same_form_sent_twice_starts_one_view(client):
    url = _audit(client, _frame_at(0.5), y_pred="pred_b", y_score="score")
    done = wait_done(client, url).text
    form = _view_form(done)
    first = client.post(url + "/thresholds", data=form)
    second = client.post(url + "/thresholds", data=form)
    assert first.status_code == 303 and second.status_code == 303
    assert first.headers["location"] == second.headers["location"]
    wait_done(client, first.headers["location"])
    views = [a for a in client.app.state.store.history() if a["purpose"] == "thresholds"]
    assert len(views) == 1
    # the page drawn again names the new revision: another view may be asked for
    again = client.post(url + "/thresholds", data=_view_form(client.get(url).text))
    assert again.status_code == 303 and again.headers["location"] != first.headers["location"]


def test_a_benchmark_audit_with_scores_gets_the_threshold_view(client):
    token = csrf_of(client.get("/").text)
    r = client.post("/benchmark", data={"csrf": token, "dataset": "german", "n_boot": "200"})
    assert r.status_code == 303
    url = r.headers["location"]
    done = wait_done(client, url).text
    assert 'id="threshold-view"' in done
    r = client.post(url + "/thresholds", data=_view_form(done))
    assert r.status_code == 303, _text(r.text)[-800:]
    page = wait_done(client, r.headers["location"]).text
    assert "at the audited threshold 0.5" in _text(page), _text(page)[:1500]


def test_the_simplest_threshold_between_the_scores_is_found():
    from ethiclens.web._audited import simplest_between

    assert simplest_between(0.6998, 0.7) == 0.7
    assert simplest_between(0.3, 0.8) == 0.5  # the library's default where it fits
    assert simplest_between(0.123, 0.1231) == 0.1231
    assert simplest_between(0.7, 0.7) is None


def test_rows_counted_in_a_database_ask_for_the_threshold(tmp_path):
    import sqlite3

    import pytest

    from ethiclens.errors import EthicLensInputError
    from ethiclens.web._audited import audited_of

    frame = _frame_at(0.7)
    db = tmp_path / "w.db"
    with sqlite3.connect(db) as con:
        frame.to_sql("t", con, index=False)
    roles = {"y_true": "label", "y_pred": ["pred_b"], "y_score": "score", "protected": ["group"]}
    spec = {"target": {"db": f"sqlite:///{db}", "table": "t"}, "roles": roles}
    with pytest.raises(EthicLensInputError, match="counted where they are stored") as info:
        audited_of(spec)
    assert "give the threshold the predictions used" in str(info.value)
    path = tmp_path / "gone.csv"
    frame.to_csv(path, index=False)
    spec = {"target": {"file": str(path), "engine": "pandas"}, "roles": roles}
    assert audited_of(spec) == 0.7
    path.unlink()
    with pytest.raises(EthicLensInputError, match="cannot be read again"):
        audited_of(spec)
