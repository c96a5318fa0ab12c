"""Round 30: a run's refusal whose fix names the command line's and Python's spellings ("pass
it as the scores (--y-score on the command line, y_score= in Python) and the 0/1 predictions
as --y-pred (y_pred=)", "declare the positive label: --pos-label 1 on the command line,
pos_label='1' in Python") was shown so in the browser; it now names the mapping form's
fields, on the failed page and by the field of the reopened form."""

from __future__ import annotations

import html
import io
import re

import pytest

from tests.web.conftest import csrf_of, make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _fix(page: str) -> str:
    return html.unescape(re.search(r'<p class="fix"><strong>Fix:</strong> (.*?)</p>', page)[1])


def _run(client, content: bytes, name: str, **fields):
    url = upload(client, content, name).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200", **fields)
    r = client.post(url, data=form)
    failed = wait_done(client, r.headers["location"])
    again = client.post(r.headers["location"] + "/reopen", data={"csrf": csrf_of(failed.text)})
    return failed.text, client.get(again.headers["location"]).text


def _said(page: str, field: str) -> str:
    return html.unescape(re.search(rf'id="error-{field}"[^>]*>(.*?)</p>', page, re.S)[1])


def test_scores_as_the_prediction_are_refused_in_the_form_s_words(client):
    content = make_frame(300).to_csv(index=False).encode()
    failed, form = _run(client, content, "preds.csv", y_pred="score", y_score="")
    words = (  # round 49: the file's words, where the page said pandas code
        "threshold it into a 0/1 column in the file: 1 where 'score' is at least 0.5, else 0, "
        "or pass it as the scores (the field Score in [0, 1]) and the 0/1 "
        "predictions as the field Prediction of the model"
    )
    assert _fix(failed) == words
    assert _said(form, "y_pred").endswith(f"Fix: {words}")


def test_text_0_1_labels_are_refused_in_the_form_s_words(client):
    frame = make_frame(300)
    frame["label"] = frame["label"].astype(str)  # a string column of Parquet
    buffer = io.BytesIO()
    frame.to_parquet(buffer)
    failed, form = _run(client, buffer.getvalue(), "preds.parquet")
    fix = _fix(failed)
    assert fix.endswith("or declare the positive label: type 1 in the field Positive label value")
    assert "on the command line" not in fix and "in Python" not in fix
    assert "type 1 in the field Positive label value" in _said(form, "y_true")
