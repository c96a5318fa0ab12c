"""Round 42 (engines): a file named as a table under one more suffix no engine reads
(``b.csv.gzip``, ``b.csv.bak``, ``b.parquet.lz4``) in a folder beside CSV or Parquet files was
skipped without a word on every engine (60 rows audited of 120), where the file named alone
is refused ('unknown file type'). Now the folder is refused naming it, as a JSON file or a
.csv.bz2 beside the data already was."""

import gzip

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

FRAME = pd.DataFrame({"g": ["a", "b"] * 4, "y": [0, 1, 1, 0] * 2, "p": [1, 1, 0, 0] * 2})


@pytest.mark.parametrize("stray", ["b.csv.gzip", "b.CSV.bak", "b.parquet.lz4"])
@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_a_table_under_another_suffix_is_not_skipped(tmp_path, stray, engine):
    FRAME.to_csv(tmp_path / "a.csv", index=False)
    (tmp_path / stray).write_bytes(gzip.compress(FRAME.to_csv(index=False).encode()))
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit(str(tmp_path), protected="g", y_true="y", y_pred="p", engine=engine)
    said = str(info.value)
    kind = "".join(s.lower() for s in (tmp_path / stray).suffixes)
    assert f"this folder holds {kind} files ({tmp_path / stray})" in said
    assert "move it out of the folder" in said


def test_a_readme_beside_the_data_is_still_left_alone(tmp_path):
    FRAME.to_csv(tmp_path / "a.csv", index=False)
    (tmp_path / "README.txt").write_text("scores of May\n")
    result = ethiclens.audit(str(tmp_path), protected="g", y_true="y", y_pred="p")
    assert sum(g.n for g in result.attributes[0].groups) == len(FRAME)
