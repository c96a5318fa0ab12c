"""Round 33 review: naming a refused JSON row by its line (cdf03216) searched the target's name
with a regular expression, so a ``pathlib.Path`` target (taken everywhere else, a CSV's too) of
a JSON file raised ``TypeError: expected string or bytes-like object`` in place of the refusal.
A Path is named as its text is."""

from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, name_rows, pandas_counts

TEXT = '{"y":1,"p":1,"g":"a"}\n{"y":0,"p":1,"g":"b"}\n{"y":1,"p":null,"g":"a"}\n'


@pytest.mark.parametrize("name", ["d.jsonl", "d.csv"])
def test_a_path_target_names_the_refused_row_by_its_line(tmp_path, name):
    path = tmp_path / name
    path.write_text(TEXT if name == "d.jsonl" else "y,p,g\n1,1,a\n0,1,b\n1,,a\n")
    for target in (path, str(path)):
        with pytest.raises(EthicLensInputError) as err:
            pandas_counts(target, Roles("p", ["g"], y_true="y"))
        line = 3 + name.endswith("csv")
        empty = " (an empty field)" if name.endswith("csv") else ""  # the text read as missing
        assert f"1 missing value(s), first at {name} line {line}{empty}." in str(err.value)
    named = name_rows(EthicLensInputError("1 missing value(s), first at row 2"), Path(path))
    assert named.problem.endswith(f"first at {name} line {3 + name.endswith('csv')}")
