"""Ctrl-C is not a failed gate: exit 1 is what --fail-on returns, so an interrupt exits 130."""

from ethiclens.cli import _audit, main


def test_ctrl_c_exits_130_not_the_gate_code(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(_audit, "execute", interrupted)
    assert main(["audit", "compas", "--fail-on", "flagged"]) == 130
    assert capsys.readouterr().err.strip().splitlines()[-1] == "aborted"
