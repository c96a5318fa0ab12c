"""Round 46: --y-pred over a config's roles.y_pred was noted as "--y-pred ["pred"] overrides
roles.y_pred = label" by the monitor (the list it keeps the one column in), where the audit says
"--y-pred pred overrides ..."; both now write the flag as given."""

from __future__ import annotations

import yaml

from .conftest import run_cli


def test_the_override_note_writes_the_flag_as_given(tmp_path, capsys):
    data = tmp_path / "d.csv"
    data.write_text("ts,pred,label,g\n2024-01-01,1,0,a\n2024-01-01,0,1,b\n")
    config = tmp_path / "c.yaml"
    config.write_text(yaml.safe_dump({"roles": {"y_pred": "label", "protected": ["g"]}}))
    argv = ("monitor", data, "--config", config, "--y-pred", "pred", "--time", "ts")
    rc, _, err = run_cli(capsys, *argv, "--window", "1d", "--store", tmp_path / "m.sqlite")
    assert rc == 0, err
    assert f"note: --y-pred pred overrides roles.y_pred = label from {config}" in err, err
    rc, _, audit = run_cli(capsys, "audit", data, "--config", config, "--y-pred", "pred")
    assert f"note: --y-pred pred overrides roles.y_pred = label from {config}" in audit, audit
