"""Round 46 (review of 2404e649/200f2572): the fix of a URL given where the data's path goes
('give a database by --db-env NAME (...; or --db URL) with --table or --query') was also given
for a path that is no target: --counts (and target.counts) with a password in its URL, where
--table would audit rows instead; and the monitor's --baseline-target (baseline_target), whose
database rows are read by --baseline-table or --baseline-query. Each is told its own fix."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

URL = "postgresql://u:hunter2@h/db"


def test_a_counts_path_given_as_a_url_is_told_to_give_a_file(tmp_path, capsys):
    args = ["audit", "--counts", URL, "--y-pred", "p", "--protected", "g"]
    assert main([*args, "--json", str(tmp_path / "r.json")]) == 2
    err = capsys.readouterr().err
    assert "option '--counts'" in err and "give the file's local path" in err
    assert "--table" not in err and "hunter2" not in err and not list(tmp_path.iterdir())


@pytest.mark.parametrize("url", [URL, "postgresql://u@h/db"])
def test_a_baseline_target_given_as_a_url_is_told_the_baseline_flags(tmp_path, capsys, url):
    data = tmp_path / "d.csv"
    data.write_text("ts,g,p\n2024-01-01,a,1\n2024-01-01,b,0\n")
    args = ["monitor", str(data), "--time", "ts", "--window", "1d", "--y-pred", "p"]
    args += ["--protected", "g", "--store", str(tmp_path / "s.sqlite"), "--baseline-target", url]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "--baseline-target" in err and "--baseline-table or --baseline-query" in err
    assert "--db-env" not in err and "hunter2" not in err
    request = MonitorRequest(
        target=str(data), time="ts", window="1d", y_pred="p", protected=("g",),
        baseline_target=url,
    )  # fmt: skip
    with pytest.raises(EthicLensInputError) as refused:
        run_monitor(request, tmp_path / "s2.sqlite", warn=False)
    assert refused.value.column == "baseline_target"
    assert "baseline_table or baseline_query" in refused.value.fix
