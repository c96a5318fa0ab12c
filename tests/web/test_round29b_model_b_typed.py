"""Round 29b: of a file of more than ``MODEL_B_ALL`` two-valued columns, model B's field lists
``MODEL_B_SHOWN`` (those named like a prediction first): a column past them, not named like a
prediction, could not be chosen as model B at all. Its '… and K more' entry is now a choice,
with a typed field for model B's column, checked against that file's columns (the closest
name suggested), as a wide file's own role fields are typed."""

from __future__ import annotations

import html
import re

import pandas as pd
import pytest

from tests.web.conftest import csrf_of, make_frame, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _said(page: str) -> str:
    return html.unescape(re.search(r'id="error-model_b"[^>]*>(.*?)</p>', page, re.S).group(1))


@pytest.fixture
def wide_b(client):
    """(model A's mapping URL and its page, model B's file id): model B's file has 250 one-hot
    columns and its predictions in ``model_b_out``, past the 20 listed."""
    frame = make_frame(300)
    onehot = pd.DataFrame({f"onehot_{i:03d}": frame.index % 2 for i in range(250)})
    frame = pd.concat([frame, onehot], axis=1)
    frame["model_b_out"] = 1 - frame["pred"]
    upload(client, frame.to_csv(index=False).encode(), "features.csv")
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    file_id = re.search(r'value="([0-9a-f]{24}):\d+">features.csv', page)[1]
    return url, page, file_id


def _form(page: str, **fields) -> dict:
    form = {"csrf": csrf_of(page), "rev": "0", "y_true": "label", "y_pred": "pred"}
    return {**form, "protected": ["3"], "n_boot": "200", **fields}


def test_a_column_past_the_listed_ones_is_typed_as_model_b(client, wide_b):
    url, page, file_id = wide_b
    assert "model_b_out" not in page  # not listed: typed
    more = f"… and {4 + 251 - 20} more two-valued columns of features.csv<"
    assert f'<option value="{file_id}:">{more}' in page
    assert '<input id="model_b_column" name="model_b_column" value=""' in page
    r = client.post(url, data=_form(page, model_b=f"{file_id}:", model_b_column="model_b_out"))
    assert r.status_code == 303, re.findall(r'class="error"[^>]*>([^<]*)', r.text)
    done = wait_done(client, r.headers["location"])
    assert "model A (pred)" in done.text and "model B (model_b_out)" in done.text


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        (
            {"model_b_column": "model_b_ou"},
            "not a column of model B's file features.csv (value: 'model_b_ou'). Fix: did you "
            "mean 'model_b_out'? type a column of features.csv",
        ),
        (
            {"model_b_column": ""},
            "no column of features.csv typed for model B. Fix: type model B's column in "
            "'Model B's column, typed'",
        ),
        (
            {"model_b_column": "model_b_out", "model_b": "{id}:3"},
            "model B's column both chosen from the list and typed. Fix: choose '… and K more' "
            "of its file to type it, or leave 'Model B's column, typed' empty",
        ),
        (
            {"model_b_column": "model_b_out", "model_b": ""},
            "model B's column typed without its file. Fix: choose the file's '… and K more "
            "two-valued columns' in 'Model B from another file'",
        ),
    ],
)
def test_a_wrong_typed_column_is_refused_by_model_bs_field(client, wide_b, fields, words):
    url, page, file_id = wide_b
    fields = {"model_b": f"{file_id}:", **fields}
    fields["model_b"] = fields["model_b"].format(id=file_id)
    r = client.post(url, data=_form(page, **fields))
    assert r.status_code == 422
    assert _said(r.text) == words
    # the form as sent: the file's choice and the typed column kept
    typed = fields["model_b_column"]
    assert f'<input id="model_b_column" name="model_b_column" value="{typed}"' in r.text
    if fields["model_b"]:
        assert f'<option value="{fields["model_b"]}" selected>' in r.text


def test_no_typed_field_when_every_column_is_listed(client, csv_bytes):
    upload(client, csv_bytes, "other.csv")
    page = client.get(upload(client, csv_bytes).headers["location"]).text
    assert "other.csv: pred" in page and "model_b_column" not in page


def test_an_over_long_typed_column_is_said_by_its_label(client, wide_b):
    url, page, file_id = wide_b
    r = client.post(url, data=_form(page, model_b=f"{file_id}:", model_b_column="x" * 70_000))
    assert r.status_code == 422
    said = html.unescape(re.search(r'id="error-form"[^>]*>(.*?)</p>', r.text, re.S).group(1))
    assert said.startswith("Model B's column, typed: is ") and "over this form's limit" in said
