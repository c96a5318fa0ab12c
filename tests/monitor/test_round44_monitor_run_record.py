"""`ethiclens monitor ... --fail-on alarm --json m.json` wrote a run record without
`ethiclens_version` and without the gate's outcome (only `at`, `engine`, ...), unlike the run
record of audit, compare and thresholds. Now the run carries `ethiclens_version` and `gate`,
the audit's `GateOutcome.to_dict()` (null without a gate), on the CLI and in Python alike; a
store's report read back (`read_store_report`) still has no run."""

import json

import pytest

from ethiclens import __version__
from ethiclens._jsonschema import validate
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import GateOutcome
from ethiclens.monitor import MonitorRequest, read_store_report, run_monitor

from .conftest import SCHEMA, run_cli

FLAGS = ["--y-true", "y", "--y-pred", "p", "--protected", "g=a", "--time", "t", "--window", "7d",
         "--n-boot", "100"]  # fmt: skip
ALARMS = ["g:b disparate_impact", "g:b equalized_odds"]  # the JSON's keys
WORDS = "g: b vs a: DI, EO"  # the terminal's and the dashboard's words (as its lines above)
GATE = {"passed": False, "fail_on": "alarm", "failures": ALARMS,
        "baseline": None, "regressions": [], "notes": []}  # fmt: skip


def _csv(path):
    """Two weeks: group b's predictions all 1 whatever its label (an EO gap of 0.5)."""
    rows = ["t,y,p,g"]
    for d in range(14):
        for i in range(40):
            g, y = ("a" if i % 2 else "b"), (i // 2) % 2
            rows.append(f"2024-01-{d + 1:02d}T{i % 24:02d}:00:00Z,{y},{1 if g == 'b' else y},{g}")
    path.write_text("\n".join(rows) + "\n")
    return path


def _request(csv):
    return MonitorRequest(target=str(csv), time="t", window="7d", y_pred="p", y_true="y",
                          protected=("g=a",), n_draws=100)  # fmt: skip


@pytest.mark.parametrize("fail_on", ["alarm", "never"])
def test_the_json_run_carries_the_version_and_the_gate(tmp_path, capsys, fail_on):
    csv, out = _csv(tmp_path / "bt.csv"), tmp_path / "m.json"
    store = tmp_path / "s.sqlite"
    rc, _, err = run_cli(capsys, "monitor", csv, *FLAGS, "--store", store, "--fail-on", fail_on,
                         "--json", out)  # fmt: skip
    doc = json.loads(out.read_text())
    validate(doc, SCHEMA)
    assert doc["run"]["ethiclens_version"] == __version__
    if fail_on == "never":
        assert rc == 0 and doc["run"]["gate"] is None  # as the audit's: no gate asked for
        return
    assert rc == 1 and f"error: alarm: {WORDS} (--fail-on alarm)" in err
    assert doc["run"]["gate"] == GATE
    # the audit's names and shape: its gate's keys, read back by its GateOutcome
    assert set(GATE) == set(GateOutcome("flagged").to_dict())
    assert GateOutcome.from_dict(doc["run"]["gate"]).passed is False


def test_python_records_the_same_gate_and_a_store_read_back_has_no_run(tmp_path):
    csv, store = _csv(tmp_path / "bt.csv"), tmp_path / "s.sqlite"
    result = run_monitor(_request(csv), store, fail_on="alarm")
    run = result.to_dict()["run"]
    assert run["ethiclens_version"] == __version__ and run["gate"] == GATE
    assert result.gate().to_dict() == GATE and result.gate("never").passed
    again = run_monitor(_request(csv), store)  # no new window: its gate is still asked for
    assert again.to_dict()["run"]["gate"] is None and again.gate().failures == tuple(ALARMS)
    read = read_store_report(store, _request(csv)).to_dict()
    assert read["run"] == {}
    validate(read, SCHEMA)


def test_an_unknown_gate_level_is_refused_before_the_store_is_made(tmp_path):
    store = tmp_path / "s.sqlite"
    said = r"argument 'fail_on'.*'flagged'.*Fix: use one of never, alarm"
    with pytest.raises(EthicLensInputError, match=said):
        run_monitor(_request(_csv(tmp_path / "bt.csv")), store, fail_on="flagged")
    assert not store.exists()
