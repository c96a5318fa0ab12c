"""Round 31: a number typed past a double's range (1e400) is refused as typed on every flag
that takes a number, as a config file's is, never as the inf no one typed; inf typed stays
inf. A file's 1e400 inside a list (bin edges) is shown as written too."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    where = tmp_path_factory.mktemp("typed31")
    rng = np.random.default_rng(1)
    n = 400
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "s": rng.random(n),
            "g": np.where(np.arange(n) < 200, "a", "b"),
            "t": np.arange(n) // 100,
        }
    )
    frame.to_csv(where / "d.csv", index=False)
    return where


def _err(args, capsys) -> str:
    assert main([str(a) for a in args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err


AUDIT = ["audit", "{d}", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
THRESHOLDS = ["thresholds", "{d}", "--y-true", "y", "--y-score", "s", "--protected", "g"]
MONITOR = ["monitor", "{d}", "--time", "t", "--window", "1"] + AUDIT[2:]


@pytest.mark.parametrize(
    ("base", "flag", "typed"),
    [
        (AUDIT, "--di-threshold", "1e400"),
        (AUDIT, "--di-threshold", "-1e400"),
        (AUDIT, "--eo-threshold", "1E400"),
        (AUDIT, "--confidence-level", "1e400"),
        (THRESHOLDS, "--threshold", "1e400"),
        (THRESHOLDS, "--step", "1e400"),
        (MONITOR, "--alpha", "1e400"),
        (["oracle", "--n-boot", "100"], "--di", "1e400"),
    ],
)
def test_a_number_past_a_double_is_shown_as_typed(data, capsys, base, flag, typed):
    args = [a.format(d=data / "d.csv") for a in base]
    err = _err([*args, flag, typed], capsys)
    assert f"option '{flag}'" in err and f"(value: '{typed}')" in err, err
    assert "inf" not in err, err


def test_inf_typed_is_still_shown_as_inf(data, capsys):
    args = [a.format(d=data / "d.csv") for a in AUDIT]
    assert "(value: inf)" in _err([*args, "--di-threshold", "inf"], capsys)


def test_a_file_number_past_a_double_in_a_list_is_shown_as_written(data, capsys):
    config = data / "b.yaml"
    config.write_text(
        f"target: {{file: {data / 'd.csv'}}}\nroles: {{y_true: y, y_pred: p, protected: [g]}}\n"
        "groups: {bins: {g: [1, 1e400]}}\n"
    )
    err = _err(["audit", "--config", config], capsys)
    assert "key 'groups.bins'" in err and "(value: [1, '1e400'])" in err, err
