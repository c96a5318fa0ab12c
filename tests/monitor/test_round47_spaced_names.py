"""Round 47 (sibling of the audit terminal's): the monitor's terminal lines and its --fail-on
alarm refusal printed a group or reference with whitespace around it bare ('g: b  vs  a',
'alarms: g: b  vs  a: DI, EO'), so ' a' and 'a' read alike. They now quote such a name as the
refusals and the audit's terminal do ("g: 'b ' vs ' a'")."""

from .conftest import run_cli


def _csv(path):
    """Two weeks: group 'b ''s predictions all 1 whatever its label (an alarm)."""
    rows = ["t,y,p,g"]
    for d in range(14):
        for i in range(40):
            g, y = (" a" if i % 2 else "b "), (i // 2) % 2
            rows.append(f"2024-01-{d + 1:02d}T{i % 24:02d}:00:00Z,{y},{1 if g == 'b ' else y},{g}")
    path.write_text("\n".join(rows) + "\n")
    return path


def test_monitor_lines_quote_names_with_whitespace_around(tmp_path, capsys):
    flags = ["--y-true", "y", "--y-pred", "p", "--protected", 'g=" a"', "--time", "t"]
    flags += ["--window", "7d", "--n-boot", "100", "--fail-on", "alarm"]
    store = tmp_path / "s.db"
    rc, out, err = run_cli(capsys, "monitor", _csv(tmp_path / "m.csv"), *flags, "--store", store)
    assert rc == 1, (out, err)
    assert "g: 'b ' vs ' a'" in out.splitlines()
    assert "alarms: g: 'b ' vs ' a': DI, EO" in out
    assert "alarm: g: 'b ' vs ' a': DI, EO (--fail-on alarm)" in err
    assert "b  vs" not in out + err
