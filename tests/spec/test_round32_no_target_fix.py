"""Round 32: a comparison or a threshold view with no target is told the targets it takes:
the fix named --counts (target.counts), which neither command takes ("no such option of
'ethiclens compare'"; a config file's target.counts refused as unused by a comparison)."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    "argv", [["compare", "--y-pred", "a", "--y-pred", "b"], ["thresholds", "--y-score", "s"]]
)
def test_the_command_line_names_no_counts(argv, capsys):
    assert main([*argv, "--protected", "g"]) == 2
    assert capsys.readouterr().err == (
        "error: argument 'TARGET': nothing to audit. Fix: name a dataset or a file, or --db\n"
    )


def test_python_and_a_config_file_alike(tmp_path, capsys):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.compare({"roles": {"y_pred": ["a", "b"], "protected": ["g"]}})
    assert (
        str(err.value)
        == "key 'target': nothing to audit. Fix: name a dataset or a file, or target.db"
    )
    config = tmp_path / "c.yaml"
    config.write_text("roles: {y_score: s, y_true: y, protected: [g]}\n")
    assert main(["thresholds", "--config", str(config)]) == 2
    assert capsys.readouterr().err.endswith("Fix: name a dataset or a file, or target.db\n")


def test_an_audit_still_names_counts(capsys):
    assert main(["audit", "--y-pred", "a", "--protected", "g"]) == 2
    assert capsys.readouterr().err.endswith("or --db/--counts\n")
