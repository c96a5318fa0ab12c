"""Drawing the dashboard's trend plots leaves the caller's matplotlib as it was: its backend
(a notebook's inline one) and its pyplot figures (round 34: ``trend_png`` called
``matplotlib.use("Agg")``, so a notebook's later ``plt.show()`` showed nothing)."""

import subprocess
import sys
import textwrap


def test_the_trend_plot_keeps_the_callers_backend_and_figures(tmp_path, days):
    days(tmp_path / "exp", range(3), n=300)
    script = f"""
        import datetime as dt
        import matplotlib
        matplotlib.use("svg")
        import matplotlib.pyplot as plt
        from ethiclens.monitor import MonitorRequest, run_monitor, write_monitor_outputs

        mine = plt.figure()
        request = MonitorRequest(target={str(tmp_path / "exp")!r}, time="ts", window="1d",
                                 y_pred="pred", y_true="label", protected=("race=White",))
        result = run_monitor(request, {str(tmp_path / "s.sqlite")!r},
                             now=dt.datetime(2025, 1, 1, tzinfo=dt.UTC))
        write_monitor_outputs(result, None, {str(tmp_path / "d.html")!r})
        print(matplotlib.get_backend(), plt.get_fignums() == [mine.number])
    """
    run = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["svg", "True"], run.stdout
    assert "<img" in (tmp_path / "d.html").read_text(encoding="utf-8")
