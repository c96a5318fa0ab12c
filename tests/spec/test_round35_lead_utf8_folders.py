"""Round 35 (lead): auto reads a folder or glob holding a file whose name is not UTF-8 (its
bytes escaped as surrogates: Latin-1 under a C locale) in memory, as it reads a lone file so
named since dd92b8ff (was: DuckDB, which refuses such a name)."""

import os

import pytest

import ethiclens

ROWS = "g,y,p\n" + "a,1,1\nb,0,1\na,0,0\nb,1,0\n" * 30


def _latin1(folder) -> None:
    with open(os.fsencode(folder) + b"/caf\xe9.csv", "wb") as fh:
        fh.write(ROWS.encode())


@pytest.mark.parametrize("glob", [False, True])
def test_a_folder_or_glob_with_such_a_name_is_audited(tmp_path, glob):
    _latin1(tmp_path)
    (tmp_path / "b.csv").write_text(ROWS.replace("b,0,1", "b,1,1"))
    target = str(tmp_path / "*.csv") if glob else str(tmp_path)
    kw = dict(y_true="y", y_pred="p", protected=["g"], n_boot=100, seed=0)
    result = ethiclens.audit(target, **kw)
    assert result.to_dict()["run"]["engine"] == "pandas"
    assert result.to_dict()["run"]["input"]["rows"] == 240
