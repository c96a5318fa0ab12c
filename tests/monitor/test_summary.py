"""The terminal summary states how the rows were weighted and what the baseline is, as it
states the group edits."""

from ethiclens.monitor import read_store_report, summary_lines

from .conftest import FLAGS
from .conftest import request_of as _req
from .conftest import run_cli as _cli
from .test_baseline_target import _split
from .test_weight import _with_weight


def test_the_summary_names_the_weight_and_the_baseline_target(tmp_path, days, capsys):
    whole = _with_weight(days(tmp_path / "whole", range(6)), 2.0)
    base, after = _split(tmp_path, whole, 2)
    store = tmp_path / "s.sqlite"
    rc, out, err = _cli(capsys, "monitor", after, *FLAGS, "--protected", "race=White",
                        "--weight", "wt", "--baseline-target", base, "--store", store)  # fmt: skip
    assert rc == 0, err
    assert "weighted: --weight wt (each row's survey weight)" in out
    assert f"baseline: --baseline-target {base} (800 rows)" in out
    # read back without a run: the request's path, no rows counted
    lines = summary_lines(read_store_report(store, _req(after, weight="wt")).data)
    assert f"baseline: --baseline-target {base}" in lines


def test_the_summary_names_the_propensity_and_the_baseline_windows(tmp_path, days, capsys):
    data = _with_weight(days(tmp_path / "data", range(4)), 0.5)
    rc, out, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race=White",
                        "--propensity", "wt", "--baseline-windows", "2",
                        "--store", tmp_path / "s.sqlite")  # fmt: skip
    assert rc == 0, err
    assert (
        "weighted: --propensity wt (each row's sampling probability, inverse-propensity "
        "weighted)" in out
    )
    assert "baseline: --baseline-windows 2 (the first windows)" in out
    rc, out, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race=White",
                        "--baseline-period", "2024-03-01..2024-03-02",
                        "--store", tmp_path / "p.sqlite")  # fmt: skip
    assert rc == 0, err
    assert "baseline: --baseline-period 2024-03-01..2024-03-02" in out
    assert "weighted" not in out
