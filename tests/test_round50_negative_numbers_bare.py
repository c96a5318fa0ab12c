"""Round 50 review: a column of labels -1/1 was refused "found values '-1', 1 ... Fix: the
column holds two values -1, 1": the list quoted a value starting with '-' (kept for names a
face could read as a flag, '--n-boot'), the fix wrote the number bare. One rule now: a
negative number's text is bare in every list of values; a flag-like name stays quoted."""

import pandas as pd
import pytest

import ethiclens
from ethiclens._checks import names_words
from ethiclens.errors import EthicLensInputError


def test_a_negative_numbers_text_is_bare_and_a_flag_like_name_quoted():
    assert names_words(["-1", "1", "-0.5", "-1e5"]) == "-1, 1, -0.5, -1e5"
    assert names_words(["--n-boot", "-x", "-", "- 1", "-inf"]) == (
        "'--n-boot', '-x', '-', '- 1', '-inf'"
    )


def test_the_label_refusal_lists_the_values_as_its_fix_writes_them():
    rows = pd.DataFrame({"y": [-1, 1] * 10, "p": [1, 0, 1, 1] * 5, "g": ["a", "b"] * 10})
    with pytest.raises(EthicLensInputError) as said:
        ethiclens.audit(rows.y, rows.p, rows[["g"]], n_boot=100)
    assert "found values -1, 1" in str(said.value) and "two values -1, 1" in str(said.value)
