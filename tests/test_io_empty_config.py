"""An empty configuration file is said to be empty by every reader of one
(``io.read_config_file``: ``--card-info``, ``--baseline``, a grid, a P2NIA request, the spec),
in every format: a blank JSON file said "cannot parse e.json: Expecting value: line 1 column 1"
everywhere but ``--config`` (the spec's reader had its own check, now the shared one)."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_config_file


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("e.json", b""),
        ("e.json", b"  \n\t\n"),
        ("e.json", b"\xef\xbb\xbf"),  # a byte-order mark alone
        ("e.toml", b""),
        ("e.yaml", b""),
    ],
)
def test_a_blank_file_is_empty_in_every_format(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(EthicLensInputError) as err:
        read_config_file(path, "--grid", "sweep grid", suffixes=(".json", ".toml", ".yaml"))
    assert err.value.problem == f"{name} is empty" and err.value.column == "--grid"
    assert "write the sweep grid" in str(err.value)


def test_a_blank_json_of_any_name_is_empty(tmp_path):
    path = tmp_path / "report.out"  # suffixes=None: read as JSON whatever its name
    path.write_text("\n")
    with pytest.raises(EthicLensInputError, match="report.out is empty"):
        read_config_file(path, "baseline", "audit report", suffixes=None)


@pytest.fixture
def csv(tmp_path):
    rng = np.random.default_rng(1)
    n = 400
    frame = pd.DataFrame(
        {"y": rng.integers(0, 2, n), "pred": rng.integers(0, 2, n),
         "sex": np.repeat(["F", "M"], n // 2)}
    )  # fmt: skip
    path = tmp_path / "preds.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.mark.parametrize("flag", ["--card-info", "--baseline", "--config"])
def test_an_empty_json_given_to_the_cli_is_empty(tmp_path, csv, capsys, flag):
    empty = tmp_path / "e.json"
    empty.write_text("")
    args = ["audit", str(csv), "--y-true", "y", "--y-pred", "pred", "--protected", "sex"]
    rc = main([*args, "--n-boot", "100", flag, str(empty)])
    err = capsys.readouterr().err
    assert rc == 2 and "e.json is empty" in err, err
    assert "Expecting value" not in err and "cannot parse" not in err
