"""Round 32: a weighted comparison with row-bootstrap intervals (percentile, or its older
spelling bootstrap) is refused before the data is read, in the words of the face that asked
(the command line's flags, a config file's keys, a Python caller's keywords): the engine's
refusal told every face "use ci='jeffreys' (--ci jeffreys) with sample_weight" (a config
file's user "(policy.ci jeffreys)", a Python caller "(ci jeffreys)")."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

PROBLEM = "the paired row bootstrap does not take weights"


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    where = tmp_path_factory.mktemp("paired32")
    rng = np.random.default_rng(4)
    n = 300
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "a": rng.integers(0, 2, n),
            "b": rng.integers(0, 2, n),
            "g": rng.choice(["u", "v"], n),
            "w": rng.random(n) + 0.5,
        }
    )
    frame.to_csv(where / "d.csv", index=False)
    frame.assign(y=frame.y.where(frame.index != 2, 7)).to_csv(where / "bad.csv", index=False)
    return where


ARGS = ["--y-true", "y", "--y-pred", "a", "--y-pred", "b", "--protected", "g", "--weight", "w"]


@pytest.mark.parametrize("command", ["compare", "audit"])
def test_the_command_line_says_flags(data, capsys, command):
    args = [command, str(data / "d.csv"), *ARGS, "--ci", "percentile", "--n-boot", "200"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err == (
        f"error: option '--ci': {PROBLEM} (value: 'percentile'). Fix: drop --weight, or draw "
        "the weighted paired intervals: e.g. --ci jeffreys\n"
    )


def test_refused_before_the_data_is_read(data, capsys):
    args = ["compare", str(data / "bad.csv"), *ARGS, "--ci", "bootstrap"]
    assert main(args) == 2
    assert capsys.readouterr().err.startswith(f"error: option '--ci': {PROBLEM}")


def test_a_config_file_says_keys(data, capsys):
    config = data / "c.yaml"
    config.write_text(
        f"target: {{file: {data / 'd.csv'}}}\n"
        "roles: {y_true: y, y_pred: [a, b], protected: [g], weight: w}\npolicy: {ci: percentile}\n"
    )
    assert main(["compare", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: key 'policy.ci': {PROBLEM}"), err
    assert err.endswith(
        "Fix: drop roles.weight, or draw the weighted paired intervals: e.g. "
        "policy: {ci: jeffreys}\n"
    ), err


def test_python_says_keywords(data):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.compare(
            str(data / "d.csv"),
            y_true="y",
            y_pred=["a", "b"],
            protected=["g"],
            weight="w",
            ci="percentile",
        )
    assert str(err.value) == (
        f"argument 'ci': {PROBLEM} (value: 'percentile'). Fix: drop weight, or draw the "
        'weighted paired intervals: e.g. ci="jeffreys"'
    )


def test_weighted_jeffreys_and_unweighted_percentile_still_run(data, capsys):
    base = ["compare", str(data / "d.csv"), *ARGS[:-2], "--n-boot", "200"]
    assert main([*base, "--weight", "w"]) == 0
    assert main([*base, "--ci", "percentile"]) == 0
