"""Round 20 (Q): --help says what the docs say.

The audit's TARGET may be a JSON file, a folder or a glob (docs/config.md); PCER's intervals
are Jeffreys–Dirichlet draws of each group's cells, not bootstrap replicates (docs/pcer.md).
"""

import pytest

from ethiclens.cli import main


def _help(capsys, *words) -> str:
    assert main([*words, "--help"]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_audit_help_names_every_kind_of_target(capsys):
    text = _help(capsys, "audit")
    assert "a CSV/Parquet/JSON file, folder or glob" in text


@pytest.mark.parametrize("command", ["train", "audit"])
def test_pcer_n_boot_help_names_the_draws(capsys, command):
    text = _help(capsys, "pcer", command)
    assert "--n-boot INTEGER Jeffreys–Dirichlet draws per interval" in text
    assert "Bootstrap" not in text
