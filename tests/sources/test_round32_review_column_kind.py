"""A data column spelled like a command's argument or a key (TARGET, STORE, version) that is
missing or plays two roles was labelled by its spelling ("argument 'TARGET'", "key 'version'")
by every counting function and by 'ethiclens counts': the refusals about a data column
(io.column_not_found, io.check_roles) say column; real options keep their flags."""

import pandas as pd
import pytest

from ethiclens import sources
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import check_roles

COUNT = [sources.pandas_counts, sources.duckdb_counts, sources.dask_file_counts]


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pd.DataFrame({"g": list("abab"), "y": [1, 0, 1, 0], "p": [0, 1, 1, 0]}).to_csv(
        "d.csv", index=False
    )
    return "d.csv"


@pytest.mark.parametrize("name", ["TARGET", "STORE", "version"])
@pytest.mark.parametrize("count", COUNT, ids=lambda f: f.__name__)
def test_a_missing_data_column_is_called_a_column(data, name, count):
    with pytest.raises(EthicLensInputError) as info:
        count(data, sources.Roles(y_pred="p", protected=[name]))
    assert str(info.value).startswith(f"column {name!r}: not found in d.csv")


@pytest.mark.parametrize("name", ["TARGET", "STORE", "version"])
def test_a_column_in_two_roles_is_called_a_column(name):
    with pytest.raises(EthicLensInputError) as info:
        check_roles({"y_true": name, "y_pred": "p"}, [name])
    assert str(info.value).startswith(f"column {name!r}: plays two roles")


def test_the_counts_command_says_column_and_flags_stay_flags(data, capsys):
    argv = ["counts", data, "--y-pred", "p", "--out", "c.parquet", "--protected"]
    assert main([*argv, "TARGET"]) == 2
    missing = "error: option '--protected': column 'TARGET' not found in d.csv"
    assert missing in capsys.readouterr().err
    assert main([*argv, "g", "--y-true", "nope"]) == 2
    assert "error: option '--y-true': column 'nope' not found" in capsys.readouterr().err
    assert (
        main(["audit", data, "--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "0"])
        == 2
    )
    assert "option '--n-boot'" in capsys.readouterr().err
