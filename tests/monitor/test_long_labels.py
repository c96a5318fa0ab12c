"""A group label over 256 characters is refused by the monitor as the audit refuses it, on
every engine: the rows holding one counted and the first named by its file and line (not its
place among the distinct groups)."""

from __future__ import annotations

import pytest

from .conftest import run_cli

FLAGS = ("--time", "ts", "--window", "1d", "--y-pred", "pred", "--y-true", "label")
ROLES = ("--y-true", "label", "--y-pred", "pred", "--protected", "race")


def _feed(tmp_path, days, suffix):
    """One day of rows with the group 'Asian' renamed to a 257-character label."""
    import pandas as pd

    frame = pd.read_csv(days(tmp_path / "days", [0], n=200) / "day000.csv")
    frame["race"] = frame["race"].replace("Asian", "a" * 257)
    path = tmp_path / f"feed{suffix}"
    frame.to_parquet(path) if suffix == ".parquet" else frame.to_csv(path, index=False)
    return path


def _error(capsys, *argv) -> str:
    rc, _, err = run_cli(capsys, *argv)
    assert rc == 2, err
    return err.strip().splitlines()[-1]


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_monitor_words_a_long_label_as_the_audit(tmp_path, capsys, days, engine, suffix):
    feed = _feed(tmp_path, days, suffix)
    audit = _error(capsys, "audit", feed, *ROLES, "--n-boot", "200")
    monitor = _error(
        capsys, "monitor", feed, *FLAGS, "--protected", "race", "--engine", engine,
        "--store", tmp_path / "m.sqlite",
    )  # fmt: skip
    assert monitor == audit
    assert f"first at feed{suffix} {'row' if suffix == '.parquet' else 'line'} " in monitor
