"""Round 28: ``ethiclens audit --help`` lists only the benchmarks the dataset registry says an
audit takes, and a benchmark it does not take (bios, a text dataset) is refused by name with
what to use instead, before its data is read (a missing Bias in Bios file said "file not
found", as if the audit could run once the file was there)."""

import pytest

from ethiclens import datasets
from ethiclens.cli import _main, main
from ethiclens.cli._audit import _help, audit_command


def test_the_help_lists_what_the_registry_says_an_audit_takes():
    assert not datasets.get_entry("bios").audited  # a text dataset: no standard audit model
    said = _help()
    assert said.splitlines()[0] == _main.COMMANDS["audit"][2]
    assert f"Benchmarks: {', '.join(datasets.names('audit'))} (" in said
    assert "bios: not audited, see ethiclens pcer train bios" in said
    assert "bios" not in datasets.names("audit")


def test_the_short_help_names_no_benchmark_list():
    assert audit_command.get_short_help_str(500) == _main.COMMANDS["audit"][2]


@pytest.mark.parametrize("command", ["audit", "compare", "thresholds"])
def test_bios_is_refused_before_its_file_is_read(monkeypatch, tmp_path, capsys, command):
    monkeypatch.setenv("ETHICLENS_BIOS", str(tmp_path / "absent.csv"))
    assert main([command, "bios"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "bios is a text dataset without a standard audit model" in err
    assert "ethiclens pcer train bios" in err and "not found" not in err
