"""Round 31: a label or prediction column of more than two values (0/1 with a stray 2; yes,
no and maybe) got the web's advice for two values ('type the value that means positive (one
of the two found)', 'or write both with the same two values'); it gets the library's own
fix, in the form's words, as the command line gives it."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

FIX = (
    "drop those rows or correct their values to 0/1 (1 = the positive outcome), or declare "
    "which value is the positive label (the field Positive label value)"
)


def _fix(client, frame) -> str:
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    r = client.post(
        url,
        data=mapping_form(
            client.get(url).text, protected=["3"], n_boot="200", y_true="label", y_pred="pred"
        ),
    )
    page = wait_done(client, r.headers["location"])
    assert page.status_code == 422
    return html.unescape(re.search(r'<p class="fix"><strong>Fix:</strong> (.*?)</p>', page.text)[1])


def test_a_stray_value_gets_the_library_s_fix(client):
    frame = make_frame(300)
    frame.loc[5, "label"] = 2
    assert _fix(client, frame) == FIX


def test_three_words_get_the_library_s_fix(client):
    frame = make_frame(300)
    for col in ("label", "pred"):
        frame[col] = frame[col].map({1: "yes", 0: "no"})
    frame.loc[5, "label"] = frame.loc[6, "pred"] = "maybe"
    assert _fix(client, frame) == FIX
