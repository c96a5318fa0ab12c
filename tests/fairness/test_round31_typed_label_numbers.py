"""A typed positive label or bin edge is a number by every face's rule: '1e-400' (which a
double reads as 0) and a full-width '１' name no 0 or 1 of a number column, and '1e-400' as a
bin edge is refused as typed, not read as the edge 0."""

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture
def rows(tmp_path):
    path = tmp_path / "b.csv"
    path.write_text("y,p,g,age\n1,1,a,10\n0,0,b,60\n1,0,a,20\n0,1,b,70\n")
    return path


@pytest.mark.parametrize("label", ["1e-400", "１", "-1e-400"])
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_label_no_number_column_holds(rows, capsys, label, engine):
    args = ["audit", str(rows), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*args, "--pos-label", label, "--engine", engine]) == 2
    assert "option '--pos-label': no row of the column" in capsys.readouterr().err


@pytest.mark.parametrize("label", ["1", "1.0", " 1", "1e0"])
def test_labels_typed_as_numbers_still_match(rows, label):
    y, p = [1, 0, 1, 0], [1, 0, 0, 1]
    result = ethiclens.audit(y, p, {"g": list("abab")}, pos_label=label)
    plain = ethiclens.audit(y, p, {"g": list("abab")}, pos_label=1)
    assert result.to_dict()["comparisons"] == plain.to_dict()["comparisons"]


def test_underflowing_bin_edge_refused_as_typed(rows, capsys):
    args = ["audit", str(rows), "--y-true", "y", "--y-pred", "p", "--protected", "age"]
    assert main([*args, "--bins", "age=1e-400,50,100"]) == 2
    assert "option '--bins': 1e-400 underflows to 0" in capsys.readouterr().err


def test_underflowing_bin_edge_refused_in_python():
    with pytest.raises(EthicLensInputError, match="argument 'bins': 1e-400 underflows to 0"):
        ethiclens.audit([1, 0], [1, 0], {"age": [10, 60]}, bins={"age": "1e-400,50,100"})
