"""Round 42: a registered dataset name that is also a file or folder in the current folder.
Written as a path (``./compas``, ``pathlib.Path('compas')``) it is the file; written bare it
is refused naming both, on the command line and in Python alike (the dataset silently won)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

ROWS = "y_true,y_pred,race\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n"


@pytest.fixture
def beside(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("compas").write_text(ROWS)
    return tmp_path


def test_a_bare_name_that_is_also_a_file_is_refused_naming_both(beside, capsys):
    code = main(["audit", "compas", "--protected", "race", "--y-true", "y_true"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "'TARGET'" in err and "both a registered dataset and a file" in err
    assert "./compas" in err and "target: {dataset: compas}" in err
    for call in (ethiclens.audit, ethiclens.run, AuditSpec.of):
        with pytest.raises(EthicLensInputError, match="both a registered dataset"):
            call("compas")


def test_a_name_written_as_a_path_is_the_file(beside):
    assert AuditSpec.of("./compas").target.file == "./compas"
    assert AuditSpec.of(Path("compas")).target.file == "compas"
    assert AuditSpec.of(str(beside / "compas")).target.file == str(beside / "compas")
    with pytest.raises(EthicLensInputError, match="unknown file type") as err:
        ethiclens.audit(Path("compas"), y_true="y_true", y_pred="y_pred", protected=["race"])
    assert "registered dataset" not in str(err.value)


def test_a_registered_name_without_such_a_file_stays_the_dataset(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert AuditSpec.of("compas").target.dataset == "compas"
    assert AuditSpec.of("d.csv").target.file == "d.csv"
