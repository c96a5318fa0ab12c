"""Round 45 (the hunter's leftover): 'probe analyze-counterfactuals f.csv --y-pred y_pred',
whose column is literally named y_pred and holds 0.7, was refused "option '--y-pred':
is not binary 0/1", as if the flag's setting were wrong, where audit says "column
'y_pred'": cli._probe.flags_named turned any refusal whose name equals a library parameter
into that flag. A data column's refusal (kind 'column') naming the very column the flag gave
now keeps its column's words; a setting's (--n-boot 5) still names the flag."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.probes import make_counterfactuals


@pytest.fixture
def scored(tmp_path):
    rng = np.random.default_rng(0)
    records = pd.DataFrame({"sex": ["F", "M"] * 10, "income": rng.normal(size=20)})
    table = make_counterfactuals(records, "sex")
    table["y_pred"] = (table["income"] > 0).astype(int)
    table["y_score"] = 0.5
    path = tmp_path / "scored.csv"
    return table, path


def _err(capsys, path, *flags):
    assert main(["probe", "analyze-counterfactuals", str(path), *flags]) == 2
    return capsys.readouterr().err


def test_a_column_named_as_the_parameter_is_a_column(scored, capsys):
    table, path = scored
    table["y_pred"] = table["y_pred"].astype(float)
    table.loc[0, "y_pred"] = 0.7
    table.to_csv(path, index=False)
    err = _err(capsys, path, "--y-pred", "y_pred")
    assert err.startswith("error: column 'y_pred': is not binary 0/1"), err


def test_a_score_column_named_y_score_is_a_column(scored, capsys):
    table, path = scored
    table.loc[0, "y_score"] = 1.7
    table.to_csv(path, index=False)
    err = _err(capsys, path, "--y-pred", "y_pred", "--y-score", "y_score")
    assert err.startswith("error: column 'y_score': scores must"), err


def test_a_setting_still_names_its_flag(scored, capsys):
    table, path = scored
    table.to_csv(path, index=False)
    err = _err(capsys, path, "--y-pred", "y_pred", "--n-boot", "5")
    assert err.startswith("error: option '--n-boot': too few draws"), err
