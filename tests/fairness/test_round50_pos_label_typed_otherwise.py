"""Round 50 holdout: a positive label typed in another letter case, or without the spaces
and trailing '.' the column writes ('y' for 'Y'; '>50K' for adult.test's ' >50K.'), no row
holds at all: the refusal listed the column's values under a fix about two columns written
differently (labels yes/no, predictions 1/0), not the one value meant. The fix now leads
with it, as each face takes it; a label like none of the values keeps the old fix."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROWS = pd.DataFrame(
    {"y": ["Y", "N", "N", "Y"] * 10, "p": ["Y", "Y", "N", "N"] * 10, "g": ["a", "b"] * 20}
)


def test_python_names_the_value_meant():
    with pytest.raises(EthicLensInputError) as said:
        ethiclens.audit(ROWS.y, ROWS.p, ROWS[["g"]], pos_label="y", n_boot=100)
    assert "Fix: did you mean 'Y'? the column writes the label so" in str(said.value)
    assert "pos_label='Y' in Python" in str(said.value)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_command_line_names_adult_tests_label(tmp_path, capsys, engine):
    path = tmp_path / "t.csv"
    ROWS.replace({"Y": " >50K.", "N": " <=50K."}).to_csv(path, index=False)
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--pos-label", ">50K"]
    assert main(["audit", str(path), *args, "--engine", engine, "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert "did you mean ' >50K.'?" in err and "(--pos-label ' >50K.' on the command" in err


def test_a_label_like_none_of_the_values_keeps_the_old_fix():
    with pytest.raises(EthicLensInputError) as said:
        ethiclens.audit(ROWS.y, ROWS.p, ROWS[["g"]], pos_label="yes", n_boot=100)
    assert "did you mean" not in str(said.value) and "this column holds N, Y" in str(said.value)
