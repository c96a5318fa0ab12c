"""Round 32: docs/config.md quotes the refusals a config file gets as they are printed (the
unknown key's near miss is the full key since round 28: 'policy.n_boot', not 'n_boot')."""

from __future__ import annotations

from pathlib import Path

from ethiclens.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "config.md"


def test_the_unknown_key_example_is_printed_as_quoted(tmp_path, capsys):
    config = tmp_path / "c.yaml"
    config.write_text("target: {file: p.csv}\npolicy: {n_bot: 5}\n")
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    doc = " ".join(DOC.read_text(encoding="utf-8").split())
    quoted = "key 'policy.n_bot': unknown key. Fix: did you mean 'policy.n_boot'?"
    assert f"error: {quoted}" in err and f"`{quoted}`" in doc
