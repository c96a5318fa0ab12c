"""Round 45: one terminal run named its alarmed tests two ways: the summary's last line said
"alarms: g:b DI, g:b EO" and the gate's line below it "error: alarm: g:b disparate_impact,
g:b equalized_odds (--fail-on alarm)" (the dashboard's summary and its gate line alike), as if
four tests had alarmed. Every list of alarmed tests now names them one way (round 46: in the
words of a comparison's lines, 'g: b vs a: DI, EO'; the JSON's run.gate.failures keep the keys)."""

import json

from ethiclens.monitor import summary_lines

from .conftest import run_cli
from .test_round44_monitor_run_record import ALARMS, FLAGS, WORDS, _csv


def test_the_summary_names_the_alarms_as_the_gate_does(tmp_path, capsys):
    csv, out_json = _csv(tmp_path / "bt.csv"), tmp_path / "m.json"
    argv = ["monitor", csv, *FLAGS, "--store", tmp_path / "s.sqlite", "--json", out_json]
    rc, out, err = run_cli(capsys, *argv, "--fail-on", "alarm")
    said = [line for line in out.splitlines() if line.startswith("alarms: ")]
    assert rc == 1 and said == [f"alarms: {WORDS}"], out
    assert f"error: alarm: {WORDS} (--fail-on alarm)" in err, err
    doc = json.loads(out_json.read_text())  # Python's summary (the dashboard's) of the same run
    assert doc["run"]["gate"]["failures"] == ALARMS and summary_lines(doc)[-1] == said[0]
    assert "  DI: e-value" in out and "  EO: e-value" in out  # a comparison's lines: labels
