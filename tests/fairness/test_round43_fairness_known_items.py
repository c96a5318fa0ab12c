"""Round 43 (fairness): the known items of the round's brief.

- ``ethiclens counts --config FILE --FLAG`` overrode the file's key without the note
  ``ethiclens audit`` prints ("note: --y-pred b overrides roles.y_pred = a from FILE").
- ``audit_counts`` of a weighted table with ``ci='bca'`` told a Python caller
  "(ci='jeffreys', ci jeffreys)" (the flag renamed into a keyword beside the keyword), a
  config file's user "(ci='jeffreys', policy.ci jeffreys)": each face now gets its own words.
- ``pos_label=nan`` (or a list) was refused as ``column 'pos_label'``: it is an argument."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of, hand_over

FRAME = pd.DataFrame(
    {
        "y": [0, 1, 1, 0, 1, 0] * 4,
        "a": [1, 1, 0, 0, 1, 0] * 4,
        "b": [0, 1, 1, 0, 0, 1] * 4,
        "g": list("aabbcc") * 4,
        "w": [0.5, 1.5, 1.0, 2.0, 0.75, 1.25] * 4,
    }
)


@pytest.fixture(scope="module")
def weighted():
    return counts_of(FRAME, Roles("a", ["g"], "y", weight="w"))


def test_weighted_counts_ci_fix_in_python_words(weighted):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit_counts(weighted, protected=["g"], ci="bca")
    text = str(err.value)
    assert text.startswith("argument 'ci': weighted bca intervals resample rows"), text
    assert text.endswith(
        'Fix: audit the rows, or use the default jeffreys intervals: e.g. ci="jeffreys"'
    ), text
    assert "--ci" not in text and "ci jeffreys" not in text


def test_weighted_counts_ci_fix_in_cli_and_config_words(weighted, tmp_path, capsys):
    path = tmp_path / "w.csv"
    hand_over(weighted, str(path))
    capsys.readouterr()
    assert main(["audit", "--counts", str(path), "--protected", "g", "--ci", "bca"]) == 2
    err = capsys.readouterr().err
    assert err.rstrip().endswith("use the default jeffreys intervals: e.g. --ci jeffreys"), err
    config = tmp_path / "a.yaml"
    config.write_text(
        f"target: {{counts: {path}}}\nroles: {{protected: [g]}}\npolicy: {{ci: bca}}\n"
    )
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'policy.ci': weighted bca"), err
    assert err.rstrip().endswith("jeffreys intervals: e.g. policy: {ci: jeffreys}"), err
    assert "--ci" not in err


@pytest.mark.parametrize("label", [math.nan, np.float64("nan"), [1]], ids=["nan", "np", "list"])
@pytest.mark.parametrize("face", ["audit", "audit_counts", "threshold_table"])
def test_pos_label_refused_as_the_argument(label, face):
    call = {
        "audit": lambda: ethiclens.audit(FRAME.y, FRAME.a, FRAME.g, pos_label=label),
        "audit_counts": lambda: ethiclens.audit_counts(
            counts_of(FRAME, Roles("a", ["g"], "y")), protected=["g"], pos_label=label
        ),
        "threshold_table": lambda: ethiclens.threshold_table(
            FRAME.y, FRAME.w / 2, FRAME.g, pos_label=label
        ),
    }[face]
    with pytest.raises(EthicLensInputError) as err:
        call()
    assert str(err.value).startswith("argument 'pos_label': must be one label"), str(err.value)


def test_counts_says_which_flag_overrode_the_config(tmp_path, capsys):
    FRAME.to_csv(tmp_path / "d.csv", index=False)
    config = tmp_path / "c.yaml"
    config.write_text(
        f"target: {{file: {tmp_path / 'd.csv'}, engine: pandas}}\n"
        "roles: {y_true: y, y_pred: a, protected: [g]}\n"
    )
    out = tmp_path / "k.csv"
    assert main(["counts", "--config", str(config), "--y-pred", "b", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"note: --y-pred b overrides roles.y_pred = a from {config}" in err, err
    assert main(["counts", "--config", str(config), "--out", str(out)]) == 0  # none: no note
    assert "note:" not in capsys.readouterr().err
