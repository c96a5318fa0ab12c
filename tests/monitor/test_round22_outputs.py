"""Round 22: a dashboard that fails to render or write (an unexpected error, not a chart:
that one is a note on the page) is one line naming --html, exit 2, as the audit's outputs
(``spec.write_outputs``): the JSON report, written first, stays written, the summary and the
written files are said first. It used to be a traceback."""

from __future__ import annotations

import json
from unittest import mock

from .conftest import run_cli, write_days


def _fail(*args, **kwargs):  # a part of the page that fails unexpectedly
    raise RuntimeError("simulated render failure")


def _argv(tmp_path, *outputs):
    data = write_days(tmp_path / "data", range(3), n=60, groups=(["a", "b"], [0.5, 0.5]))
    return ["monitor", data, "--time", "ts", "--window", "1d", "--y-pred", "pred",
            "--protected", "race", "--n-boot", "100", "--store", tmp_path / "s.sqlite",
            *outputs]  # fmt: skip


def test_a_dashboard_that_fails_is_one_line_and_the_json_stays(tmp_path, capsys):
    js, page = tmp_path / "m.json", tmp_path / "m.html"
    with mock.patch("ethiclens.monitor._render._methods_html", _fail):
        rc, out, err = run_cli(capsys, *_argv(tmp_path, "--json", js, "--html", page))
    assert rc == 2, err
    assert "Traceback" not in err and "Traceback" not in out
    last = err.strip().splitlines()[-1]
    assert last.startswith("error: option '--html'") and "simulated render failure" in last
    assert "could not be written" in last and "every other output were" in last
    assert json.loads(js.read_text())["windows"]  # the JSON was written, whole
    assert not page.exists()
    assert f"wrote {js}" in out and "alarms:" in out  # said before the error line


def test_with_the_json_on_standard_output(tmp_path, capsys):
    page = tmp_path / "m.html"
    with mock.patch("ethiclens.monitor._render._methods_html", _fail):
        rc, out, err = run_cli(capsys, *_argv(tmp_path, "--json", "-", "--html", page))
    assert rc == 2, err
    assert json.loads(out)["windows"]  # standard output holds the whole report
    assert err.strip().splitlines()[-1].startswith("error: option '--html'")
    assert "Traceback" not in err and not page.exists()
