"""Round 44 (review of ae7706f6, its class outside the web's query parameters): a refusal cut a
long value before masking it, so a URL whose '@' fell in the cut-away part was no URL to any
pattern and its password was shown. errors.py's repr of a value or column past 300 characters
(cut in its middle: 'postgresql://u:PwPw...dddd', e.g. ``audit --protected URL``), WebConfig's
one-string store or host ('value: ...'[:200]), an upload's over-long column name ([:60]) and a
body's Content-Type ([:60]). Each is masked whole now, then cut; a plain value is cut as before."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError

PASSWORD = "Pw" * 100
URL = f"postgresql://u:{PASSWORD}@h/{'d' * 300}"


@pytest.mark.parametrize(
    "kwargs",
    [{"value": URL}, {"column": URL}, {"value": ["a", URL]}, {"value": {"k": URL}}],
    ids=["value", "column", "list", "dict"],
)
def test_a_long_value_is_masked_then_cut(kwargs):
    text = str(EthicLensInputError("bad", **kwargs))
    assert "PwPw" not in text and "postgresql://u:***@h/ddd" in text and "..." in text


def test_a_long_plain_value_is_cut_as_before():
    text = str(EthicLensInputError("bad", value="x" * 200 + "y" * 200))
    assert f"(value: '{'x' * 147}...{'y' * 148}')" in text


def test_web_settings_and_uploads_mask_then_cut(tmp_path):
    from ethiclens.web._app import WebConfig
    from ethiclens.web._uploads import check_column_names, media_problem

    short = f"postgresql://u:{PASSWORD}@h/d"
    with pytest.raises(EthicLensInputError) as caught:
        WebConfig(tmp_path, monitor_stores=short)
    assert "PwPw" not in str(caught.value) and "u:***@h/d" in str(caught.value)
    with pytest.raises(EthicLensInputError) as caught:
        check_column_names(["a", f"u:{PASSWORD * 2}@h"])  # over 256 characters
    assert "PwPw" not in str(caught.value) and "u:***@h" in str(caught.value)
    said = media_problem(short.lower())
    assert "pwpw" not in said and "u:***@h" in said


def test_a_megabyte_value_is_masked_at_both_ends_then_cut():
    # masked whole, a megabyte took 1-3 s per refusal: each end is masked alone
    value = f"postgresql://u:{PASSWORD}@h/" + "d" * 10**6 + " host=h password=" + "S" * 500
    text = str(EthicLensInputError("bad", value=value))
    assert "PwPw" not in text and "SSS" not in text and "u:***@h/ddd" in text
