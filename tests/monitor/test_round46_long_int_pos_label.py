"""Round 46 (sibling of 7f9e0e2e, the positive label): an int past str()'s 4,300 digits as
the monitor's pos_label (MonitorRequest(pos_label=10**5000), or a config's roles.pos_label of
5,001 digits) crashed with ValueError in names_one's str(), where the audit of the same file
says 'pos_label does not occur in the column' (the value shortened). The monitor now says the
audit's words, on every engine and face."""

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ROWS = "ts,g,p,y\n2024-01-01,a,1,1\n2024-01-01,b,0,1\n"


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_long_int_pos_label_is_refused_as_the_audit_does(tmp_path, engine):
    data = tmp_path / "d.csv"
    data.write_text(ROWS)
    with pytest.raises(EthicLensInputError) as audited:
        ethiclens.run(str(data), y_true="y", y_pred="p", protected="g", pos_label=10**5000)
    request = MonitorRequest(
        target=str(data), time="ts", window="1d", y_pred="p", y_true="y", protected=("g",),
        pos_label=10**5000, engine=engine,
    )  # fmt: skip
    with pytest.raises(EthicLensInputError) as monitored:
        run_monitor(request, tmp_path / "s.sqlite", warn=False)
    assert monitored.value.problem == audited.value.problem
    assert "(5,001 digits)" in str(monitored.value)


def test_a_config_s_long_int_pos_label_is_refused(tmp_path, capsys):
    data, config = tmp_path / "d.csv", tmp_path / "c.yaml"
    data.write_text(ROWS)
    config.write_text("roles:\n  pos_label: 1" + "0" * 5000 + "\n")
    args = ["monitor", str(data), "--time", "ts", "--window", "1d", "--y-true", "y"]
    args += ["--y-pred", "p", "--protected", "g", "--store", str(tmp_path / "s.sqlite")]
    assert main([*args, "--config", str(config)]) == 2
    assert "key 'roles.pos_label': no row of the column" in capsys.readouterr().err
