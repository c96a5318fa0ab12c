"""Round 40: a file naming two columns alike but in two Unicode forms ('café' as one accented
character and as 'e' plus a combining accent) was audited, each role taking whichever column
the typed name matched exactly, while every message listed both as 'café' (which one was
meant?). It is refused as a repeated name is, by every reader (CSV, Parquet, JSON)."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from ethiclens.errors import DataFileError
from ethiclens.io import preflight_file, read_table

NFC, NFD = "caf\u00e9", "cafe\u0301"
ROWS = [{NFC: "a", "y": 1, NFD: "b"}, {NFC: "b", "y": 0, NFD: "a"}]


def _write(path):
    frame = pd.DataFrame(ROWS)
    if path.suffix == ".csv":
        frame.to_csv(path, index=False)
    elif path.suffix == ".parquet":
        frame.to_parquet(path)
    else:
        path.write_text(json.dumps(ROWS), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["t.csv", "t.parquet", "t.json"])
def test_two_unicode_forms_of_one_name_are_refused_naming_both(tmp_path, name):
    path = _write(tmp_path / name)
    with pytest.raises(DataFileError) as info:
        preflight_file(path)
        read_table(path)
    text = str(info.value)
    assert f"{name} has two columns named" in text
    assert "'caf\\xe9' and 'cafe\\u0301': two Unicode forms" in text
    assert "rename the columns so each name is unique" in text


def test_distinct_names_and_a_repeated_name_keep_their_answers(tmp_path):
    path = tmp_path / "ok.csv"
    path.write_text("g,y,p\na,1,0\nb,0,1\n", encoding="utf-8")
    preflight_file(path)
    assert list(read_table(path).columns) == ["g", "y", "p"]
    twice = tmp_path / "twice.csv"
    twice.write_text("g,y,g\na,1,a\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"has two columns named 'g'\. Fix"):
        preflight_file(twice)
