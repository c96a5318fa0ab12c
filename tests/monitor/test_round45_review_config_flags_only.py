"""Round 45 (cfg): a monitor config that gave the monitor's own settings (``monitor: {time: t,
window: 1d}``, ``roles.time``, ``policy.alpha``) was refused "key 'monitor': unknown key. Fix:
valid: $schema, gate, ...", naming no way to give them. They are flags only: the refusal now
says so and writes the flags to give, the file's values in them (a URL's password masked);
any other unknown key keeps the spec's words."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

FLAGS = ["--time", "t", "--window", "1d"]
HEAD = "target: {file: d.csv}\nroles: {y_pred: p, protected: [g]%s}\n"


@pytest.mark.parametrize(
    ("extra", "roles", "words"),
    [
        (
            "monitor: {time: t, window: 1d, store: 'postgresql://u:pw42@h/db'}\n",
            "",
            "key 'monitor': holds the monitor's own settings (--time, --window, --store), given "
            "on the command line only: a config file is an audit spec (target, roles, policy, "
            "...), which the audit reads too. Fix: drop monitor from c.yaml and give --time t "
            "--window 1d --store postgresql://u:***@h/db",
        ),
        ("", ", time: t", "key 'roles.time': is the monitor's own setting (--time), given"),
        (
            "policy: {alpha: 0.01}\n",
            "",
            "Fix: drop policy.alpha from c.yaml and give --alpha 0.01",
        ),
        ("monitor: {foo: 1}\n", "", "key 'monitor': unknown key. Fix: valid: $schema"),
    ],
)
def test_the_monitors_own_settings_in_a_config_are_flags_only(
    tmp_path, capsys, monkeypatch, extra, roles, words
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("t,p,g\n2024-01-01,1,a\n2024-01-02,0,b\n")
    (tmp_path / "c.yaml").write_text(HEAD % roles + extra)
    assert main(["monitor", "--config", "c.yaml", *FLAGS]) == 2
    err = capsys.readouterr().err
    assert words in err, err
    assert "pw42" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.yaml", "d.csv"]
