"""Round 42: a counts table's own columns (y_true, y_pred, count), read without any role
naming them, are refused as the columns they are by every face, never as --y-true (a flag
the user never typed) or roles.y_true (a key their config file does not hold)."""

from __future__ import annotations

import json

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

EMPTY_LABELS = "sex,y_true,y_pred,count\na,,1,2\nb,,0,1\n"
EMPTY_PREDS = "sex,y_true,y_pred,count\na,1,,2\nb,0,,1\n"


@pytest.mark.parametrize(("text", "column"), [(EMPTY_LABELS, "y_true"), (EMPTY_PREDS, "y_pred")])
def test_a_counts_tables_own_column_is_named_as_the_column(tmp_path, capsys, text, column):
    table = tmp_path / "k.csv"
    table.write_text(text)
    config = tmp_path / "c.json"
    spec = {"target": {"counts": str(table)}, "roles": {"protected": ["sex"]}}
    config.write_text(json.dumps(spec))
    for argv in (["--counts", str(table), "--protected", "sex"], ["--config", str(config)]):
        assert main(["audit", *argv]) == 2
        err = capsys.readouterr().err
        assert f"error: column '{column}': 3 missing value(s)" in err, err
        assert "--y-" not in err and "roles." not in err
    with pytest.raises(EthicLensInputError, match=f"^column '{column}'"):
        ethiclens.run(spec)
