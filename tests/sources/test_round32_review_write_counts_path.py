"""write_counts(table, 'nodir/c.parquet') was refused as "output nodir/c.parquet: folder nodir
does not exist", naming no argument where its other refusals of the path (a NUL, a suffix) name
the argument 'path'; the words are kept."""

import pandas as pd
import pytest

from ethiclens import sources
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("out", ["nodir/c.parquet", "d.csv/c.parquet"])
def test_an_unwritable_counts_output_names_the_argument(tmp_path, monkeypatch, out):
    monkeypatch.chdir(tmp_path)
    pd.DataFrame({"g": list("abab"), "p": [0, 1, 1, 0]}).to_csv("d.csv", index=False)
    table = sources.pandas_counts("d.csv", sources.Roles(y_pred="p", protected=["g"]))
    with pytest.raises(EthicLensInputError) as info:
        sources.write_counts(table, out)
    assert str(info.value).startswith(f"argument 'path': output {out}: ")
    assert not (tmp_path / "nodir").exists()
