"""Round 45: the monitor's gate message counted its alarmed tests as comparisons:
``result.gate().message()`` said "fail_on='alarm': 2 comparisons: g:b disparate_impact,
g:b equalized_odds", where both are tests of one comparison (g: b vs a). It now says "2
alarmed tests"; the audit's gate keeps "N comparisons" (a comparison's status)."""

from ethiclens.fairness import GateOutcome
from ethiclens.monitor import run_monitor

from .test_round44_monitor_run_record import ALARMS, _csv, _request


def test_the_monitor_gate_counts_alarmed_tests(tmp_path):
    result = run_monitor(_request(_csv(tmp_path / "bt.csv")), tmp_path / "s.sqlite")
    gate = result.gate()
    assert len(result.to_dict()["comparisons"]) == 1 and gate.failures == tuple(ALARMS)
    assert gate.message() == f"gate failed: fail_on='alarm': 2 alarmed tests: {', '.join(ALARMS)}"
    assert gate.message(cli=True) == (
        f"exit 1 because of --fail-on alarm: 2 alarmed tests: {', '.join(ALARMS)}"
    )
    # read back from the JSON's run.gate, the same words
    assert GateOutcome.from_dict(gate.to_dict()).message() == gate.message()


def test_the_audit_gate_still_counts_comparisons():
    gate = GateOutcome("flagged", ("race:B (FLAGGED)",))
    assert gate.message() == "gate failed: fail_on='flagged': 1 comparison: race:B (FLAGGED)"
