"""Round 46 review of 8f003a38/1109d05e: a column named like a bare user and password
('u:hunter2@h', no scheme), which every message and the HTML report mask ('u:***@h'), was
audited and written whole into the JSON report (12 times): io.refuse_password_names caught
only a URL with a scheme, where a data path's part is refused by the masking's own rule. It
is refused now on every engine and face; an '@' or ':' alone ('john@corp.com', 'a:b') is kept."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

NAME = "u:hunter2@h"
SAID = "the column's name holds a user and password before an '@'"


def _frame(name: str) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    y, p, g = rng.integers(0, 2, 80), rng.integers(0, 2, 80), rng.choice(["a", "b"], 80)
    return pd.DataFrame({"y": y, "p": p, name: g})


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_cli_refuses_it_and_writes_nothing(tmp_path, capsys, engine):
    _frame(NAME).to_csv(tmp_path / "d.csv", index=False)
    args = ["audit", str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "p"]
    args += ["--protected", NAME, "--engine", engine, "--json", str(tmp_path / "r.json")]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert SAID in err and "hunter2" not in err and not (tmp_path / "r.json").exists()


def test_the_python_api_refuses_it_and_keeps_a_plain_at_or_colon():
    df = _frame(NAME)
    with pytest.raises(EthicLensInputError, match=SAID):
        ethiclens.audit(df.y, df.p, df[[NAME]])
    for name in ("john@corp.com", "a:b"):
        df = _frame(name)
        assert ethiclens.audit(df.y, df.p, df[[name]], n_boot=100).to_dict()
