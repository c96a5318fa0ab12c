"""Round 50 (report: no secret anywhere): a column named like a secret key's value
('token=abc123', 'password=x', 'pwd: x'), which every message and the HTML report mask
('token=***'), was audited and written whole into the JSON report, the threshold CSV and the
monitor's JSON, where a group label so named is refused (_checks._refuse_secret_labels) and a
column named like a URL or a bare user with a password is refused (io.refuse_password_names).
It is refused now, in the one wording, on every face; plain names holding the words are kept."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import refuse_password_names

SAID = "the column's name holds a secret key's value"


def _frame(name: str, n: int = 120) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    t = pd.Timestamp("2024-01-01") + pd.to_timedelta(np.sort(rng.integers(0, 86400, n)), "s")
    return pd.DataFrame(
        {
            "t": t.strftime("%Y-%m-%dT%H:%M:%S"),
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "s": rng.random(n),
            "g": rng.choice(["a", "b"], n),
            name: rng.choice(["a", "b"], n),
        }
    )


@pytest.mark.parametrize(
    "name", ["token=abc123", "password=hunter2", "pwd: hunter2", "Api-Key = k3yV4lue"]
)
def test_each_shape_is_refused_masked(name):
    with pytest.raises(EthicLensInputError, match=SAID) as info:
        refuse_password_names([name])
    assert name.split("=")[-1].split(":")[-1].strip() not in str(info.value)


@pytest.mark.parametrize("name", ["token_count", "password", "token=", "john@corp.com", "a:b"])
def test_plain_names_are_kept(name):
    refuse_password_names([name])


def test_the_python_api_refuses_it():
    df = _frame("token=abc123")
    with pytest.raises(EthicLensInputError, match=SAID):
        ethiclens.audit(df.y, df.p, df[["token=abc123"]])
    with pytest.raises(EthicLensInputError, match=SAID):
        ethiclens.threshold_table(df.y, df.s, df[["token=abc123"]])


@pytest.mark.parametrize(
    "args",
    [
        ["audit", "--y-true", "password=hunter2", "--y-pred", "p", "--protected", "g"],
        ["audit", "--y-true", "y", "--y-pred", "p", "--protected", "password=hunter2"],
        ["audit", "--y-true", "y", "--y-pred", "p", "--protected", "password=hunter2"]
        + ["--engine", "pandas"],
        ["thresholds", "--y-true", "password=hunter2", "--y-score", "s", "--protected", "g"],
        ["monitor", "--time", "t", "--window", "1d", "--y-pred", "p"]
        + ["--protected", "password=hunter2"],
    ],
    ids=["audit-label", "audit-protected", "audit-pandas", "thresholds", "monitor"],
)
def test_every_command_refuses_it_and_writes_nothing(tmp_path, capsys, args):
    _frame("password=hunter2").to_csv(tmp_path / "d.csv", index=False)
    out = tmp_path / "r.json"
    assert main([args[0], str(tmp_path / "d.csv"), *args[1:], "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert SAID in err and "hunter2" not in err and not out.exists()
