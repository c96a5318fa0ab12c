"""Round 45: a role field (label, predictions) sent as characters that print as nothing (a
zero-width space U+200B, a Hangul filler U+3164) was refused "not a column of this file", where
' ' is read as no choice ("choose the label column"): the page showed the two refusals of one
blank field apart. It is now read as ' ' is (the one rule, ``_text.prints_blank``); no column
of an upload prints as nothing (``check_column_names`` refuses one)."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import mapping_form, upload


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [("y_true", "\u200b", "choose the label"), ("y_pred", "\u3164", "choose the prediction")],
    ids=["y_true-200b", "y_pred-3164"],
)
def test_an_unseen_role_is_no_choice(client, csv_bytes, field, value, words):
    url = upload(client, csv_bytes).headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, **{field: value}))
    assert r.status_code == 422
    error = re.search(rf'id="error-{field}"[^>]*>([^<]*)<', r.text)
    assert error and words in error.group(1), re.findall(r'class="error"[^>]*>([^<]*)', r.text)
