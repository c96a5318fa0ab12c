"""A column name typed with a typo (``--y-true lable`` for ``label``) was refused with the
columns listed but no near miss, where a case slip (``Race``) and every choice's refusal
(``--positive harm``: "did you mean 'harmful'?") name one. ``io.column_not_found`` (every
engine's, the monitor's, PCER's refusal) now names it too; a far name lists the columns only."""

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.io import column_not_found

COLUMNS = ["race", "sex", "label", "pred", "pred_high", "score"]


def test_a_typo_names_the_near_miss_and_a_far_name_only_the_columns():
    typo = str(column_not_found("lable", COLUMNS, "d.csv"))
    assert "Fix: did you mean 'label'? use one of its columns: 'race'" in typo
    far = str(column_not_found("xyz", COLUMNS, "d.csv"))
    assert "did you mean" not in far and "Fix: use one of its columns: 'race'" in far
    case = str(column_not_found("Race", COLUMNS, "d.csv"))  # as before
    assert "did you mean 'race'? (spelling, case and spaces must match)" in case


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_cli_names_the_near_miss_on_every_engine(tmp_path, capsys, engine):
    data = tmp_path / "d.csv"
    pd.DataFrame({"g": ["a", "b"] * 4, "label": [0, 1] * 4, "pred": [1, 0] * 4}).to_csv(
        data, index=False
    )
    args = ["audit", str(data), "--y-true", "lable", "--y-pred", "pred", "--protected", "g"]
    rc = main([*args, "--engine", engine])
    err = capsys.readouterr().err
    assert rc == 2 and "option '--y-true': column 'lable' not found in" in err
    assert "did you mean 'label'? use one of its columns" in err
