"""Round 40 review (rv3b): a hive folder race=A/ whose files hold a column Race. Since
d5cad684 (a case clash counts only when one file holds both names) the monitor's DuckDB read
the folder key for the file's column: --engine auto counted the protected 'Race' as the groups
['A', 'B'] (the folders) where pandas counts ['X', 'Y'] (the column). The key counts as a
column of every file under its folder again: auto reads it with pandas, duckdb refuses it."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Columns, count_windows

pytest.importorskip("duckdb")


def test_a_hive_key_and_a_file_column_apart_by_case_are_not_mixed_up(tmp_path):
    for key, day in (("A", "2024-01-01"), ("B", "2024-01-02")):
        folder = tmp_path / f"race={key}"
        folder.mkdir()
        (folder / "f.csv").write_text(f"ts,label,pred,Race\n{day},1,1,X\n{day},0,1,Y\n")
    cols = Columns(time="ts", y_pred="pred", y_true="label", protected=("Race",))
    auto = count_windows(str(tmp_path), cols, "1d", engine="auto")
    pandas = count_windows(str(tmp_path), cols, "1d", engine="pandas")
    assert sorted(auto.table["Race"].unique()) == ["X", "Y"]
    assert auto.table.equals(pandas.table)
    with pytest.raises(EthicLensInputError, match="cannot tell the columns 'Race' and 'race'"):
        count_windows(str(tmp_path), cols, "1d", engine="duckdb")
