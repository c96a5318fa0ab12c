"""Round 45 (the blank-names hunt's leftover): a CSV whose first line is only characters that
print as nothing (a zero-width space U+200B, a Hangul filler U+3164, a blank braille cell
U+2800) was read as a header of one column named so ("column 'y': not found in h.csv. Fix: use
one of its columns: '\\u200b'"), where a first line of spaces is refused "its first line (the
header) is empty". ``csv_header`` now reads the line by the one rule (``_text.prints_blank``)."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources._rules import csv_header

EMPTY = "h.csv: its first line (the header) is empty"


@pytest.mark.parametrize("line", [" ", "\u200b", "\u3164", "\u2800", " \u200b\ufeff"], ids=ascii)
def test_a_header_that_prints_as_nothing_is_empty(tmp_path, line):
    path = tmp_path / "h.csv"
    path.write_text(f"{line}\n1\n0\n", encoding="utf-8")
    with pytest.raises(EthicLensInputError, match="the header\\) is empty") as caught:
        csv_header(path)
    assert str(caught.value).startswith(EMPTY)


@pytest.mark.parametrize("engine", ["duckdb", "pandas"])
def test_every_engine_says_so(tmp_path, engine):
    path = tmp_path / "h.csv"
    path.write_text("\u200b\n1\n0\n", encoding="utf-8")
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit(str(path), y_true="y", y_pred="p", protected="g", engine=engine)
    assert str(caught.value).startswith(EMPTY), caught.value


def test_a_named_column_beside_is_a_header(tmp_path):
    path = tmp_path / "h.csv"
    path.write_text("\u200b,a\n1,2\n", encoding="utf-8")
    assert csv_header(path) == ["\u200b", "a"]
