"""Round 26: a positive label typed 'nan' was read as the float NaN and refused as 'must be one
label: a string, number or boolean'; the command line keeps the text and says it does not occur
in the column. The form now refuses it in the command line's words, by its field."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

from .conftest import make_frame, mapping_form, upload  # noqa: E402


def test_a_typed_nan_label_is_refused_as_the_command_line_refuses_it(client):
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="100")
    r = client.post(url, data={**form, "pos_label": "nan"})
    assert r.status_code == 422
    error = re.search(r'id="error-pos_label" role="alert">(.*?)</p>', r.text)[1]
    assert "pos_label does not occur in the column" in error, error
    assert "must be one label" not in error


def test_nan_typed_stays_text():
    from ethiclens.web._roles import _number_or_text

    assert _number_or_text("nan") == "nan" and _number_or_text("NaN") == "NaN"
    assert _number_or_text("1.0") == 1 and _number_or_text("0.5") == 0.5
