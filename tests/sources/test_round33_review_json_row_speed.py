"""Round 33 review: a refused row of a JSON file named by its line (cdf03216) counted the line
breaks from the file's start for every record, a time quadratic in the rows: a 100,000-row
JSON lines file whose last row lacked its group took 163 s to be refused (0.6 s before), a
million rows hours. Each record's line is now counted on from the one before."""

import json
import time

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, pandas_counts

N = 60_000


@pytest.mark.parametrize("name", ["d.jsonl", "d.json"])
def test_the_last_bad_row_of_a_long_json_file_is_named_fast(tmp_path, name):
    rows = [json.dumps({"y": i % 2, "p": i // 2 % 2, "g": f"g{i % 3}"}) for i in range(N)]
    rows[-1] = json.dumps({"y": 1, "p": 1, "g": None})
    text = "\n".join(rows) + "\n" if name == "d.jsonl" else "[\n" + ",\n".join(rows) + "\n]\n"
    (tmp_path / name).write_text(text)
    start = time.perf_counter()
    with pytest.raises(EthicLensInputError) as err:
        pandas_counts(str(tmp_path / name), Roles("p", ["g"], y_true="y"))
    assert time.perf_counter() - start < 10  # was about 60 s (quadratic)
    at = N + (name == "d.json")
    assert f"1 missing group value(s), first at {name} line {at}." in str(err.value)
