"""Round 46: the terminal's 'alarms:' line, the --fail-on alarm refusal and the dashboard's gate
line named alarmed tests by their JSON keys ('g:b disparate_impact, g:b equalized_odds') just
below lines that say 'g: b vs a' and 'DI:'/'EO:'. They now use those words, per comparison
('g: b vs a: DI, EO; g: c vs a: DI vs baseline'); the JSON's run.gate.failures keep the keys."""

from ethiclens.monitor import MonitorResult
from ethiclens.monitor._render import gate_text


def _doc():
    def test(alarm):
        return {"null": "x", "e_value": 40.0 if alarm else 1.0, "log_e_value": 3.7,
                "threshold": 20.0, "alarm": alarm, "alarm_since": None}  # fmt: skip

    def comparison(group, tests):
        return {"attribute": "g", "group": group, "reference": "a", "tests": tests,
                "sequences": {}, "history": [], "latest": None}  # fmt: skip

    comparisons = [
        comparison("b", {"disparate_impact": test(True), "equalized_odds": test(True)}),
        comparison("c", {"disparate_impact": test(False), "baseline_disparate_impact": test(True)}),
        comparison("d", {"disparate_impact": test(False)}),
    ]
    keys = ["g:b disparate_impact", "g:b equalized_odds", "g:c baseline_disparate_impact"]
    gate = {"passed": False, "fail_on": "alarm", "failures": keys}
    return {"store": "s.sqlite", "windows": [], "run": {"gate": gate}, "request": {},
            "method": {"alpha": 0.05}, "comparisons": comparisons}  # fmt: skip


WORDS = "g: b vs a: DI, EO; g: c vs a: DI vs baseline"


def test_alarms_are_named_in_the_words_above_them():
    result = MonitorResult(_doc())
    assert result.alarm_names() == WORDS  # the --fail-on alarm refusal's
    assert gate_text(_doc()["run"], _doc()["comparisons"]).endswith(f"3 alarmed tests: {WORDS}")
    assert result.gate().failures == tuple(_doc()["run"]["gate"]["failures"])  # keys kept
