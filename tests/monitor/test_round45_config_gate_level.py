"""Round 45: a monitor config whose gate.fail_on is no audit level (the monitor's own
'alarm', or a typo) was refused by the audit spec's check, "must be one of flagged,
inconclusive, insufficient, never. Fix: use one of flagged, ...": a fix the monitor refuses
next ("the monitor's gate is its alarms ... drop gate.fail_on and give --fail-on alarm"). It
is now refused in the monitor's words at once, naming the key and the flag; nothing is
written."""

import pytest

from .conftest import run_cli

ROLES = "roles: {y_pred: p, protected: [g]}\n"


@pytest.mark.parametrize("level", ["alarm", "bogus"])
def test_a_gate_level_the_audit_does_not_know_is_refused_in_the_monitors_words(
    tmp_path, capsys, level
):
    feed, config, store = tmp_path / "f.csv", tmp_path / "c.yaml", tmp_path / "s.sqlite"
    feed.write_text("t,p,g\n2024-01-01T00:00:00Z,1,a\n2024-01-01T01:00:00Z,0,b\n")
    config.write_text(f"target: {{file: {feed}}}\n{ROLES}gate: {{fail_on: {level}}}\n")
    rc, _, err = run_cli(capsys, "monitor", "--config", config, "--time", "t", "--window", "1d",
                         "--store", store, "--fail-on", "alarm")  # fmt: skip
    assert rc == 2 and err.startswith("error: key 'gate.fail_on': the monitor's gate"), err
    assert f"(value: '{level}')" in err and "flagged" not in err, err
    assert err.rstrip().endswith(
        "Fix: drop gate.fail_on: --fail-on alarm, given, is the monitor's gate"
    ), err
    assert not store.exists()


@pytest.mark.parametrize("level", ["alarm", "flagged"])
@pytest.mark.parametrize("given", [None, "never", "alarm"])
def test_round46_the_fix_names_the_fail_on_given(tmp_path, capsys, level, given):
    """Round 46: the fix said 'give --fail-on alarm' beside a --fail-on already given (never
    or alarm); it now names the one given, and asks for it only where none was."""
    feed, config, store = tmp_path / "f.csv", tmp_path / "c.yaml", tmp_path / "s.sqlite"
    feed.write_text("t,p,g\n2024-01-01T00:00:00Z,1,a\n2024-01-01T01:00:00Z,0,b\n")
    config.write_text(f"target: {{file: {feed}}}\n{ROLES}gate: {{fail_on: {level}}}\n")
    flag = ("--fail-on", given) if given else ()
    rc, _, err = run_cli(capsys, "monitor", "--config", config, "--time", "t", "--window", "1d",
                         "--store", store, *flag)  # fmt: skip
    assert rc == 2 and f"(value: '{level}')" in err, err
    fix = err.rstrip().partition("Fix: ")[2]
    if given is None:
        assert fix == "drop gate.fail_on and give --fail-on alarm", err
    else:
        assert fix.startswith(f"drop gate.fail_on: --fail-on {given}, given, is the monitor's gate")
        assert ("give --fail-on" not in fix) and ("exits 1" in fix) == (given == "never"), err
    assert not store.exists()
