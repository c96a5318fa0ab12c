"""A merged or excluded group the request names that no window of the batch holds: the run
proceeds (in a stream it may come later), and every face says so — the command line as a note,
Python as a warning (was: only in ``run.notes``, silent) — with the audit's guess at a near miss
('did you mean ...?')."""

import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import run_cli


@pytest.fixture
def feed(tmp_path):
    rng = np.random.default_rng(3)
    n = 240
    pd.DataFrame(
        {
            "t": pd.date_range("2024-01-01", periods=n, freq="h").strftime("%Y-%m-%dT%H:%M:%SZ"),
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "g": rng.choice(["White", "Black"], n),
        }
    ).to_csv(tmp_path / "f.csv", index=False)
    return tmp_path / "f.csv"


def _request(feed, protected="g", **edits):
    return MonitorRequest(
        str(feed), time="t", window="1d", y_true="y", y_pred="p", protected=(protected,), **edits
    )


@pytest.mark.parametrize(
    "edits",
    [{"exclude_groups": {"g": ["zz"]}}, {"merge_groups": {"g": {"N": ["Black", "zz"]}}}],
)
def test_python_warns_of_a_named_group_without_rows(tmp_path, feed, edits):
    with pytest.warns(UserWarning, match="the group 'zz' of g has no rows in this batch"):
        result = run_monitor(_request(feed, **edits), tmp_path / "s.sqlite")
    assert any("'zz'" in n for n in result.to_dict()["run"]["notes"])


def test_python_does_not_warn_when_every_named_group_has_rows(tmp_path, feed):
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        run_monitor(_request(feed, "g=White"), tmp_path / "s.sqlite")


def test_a_near_miss_gets_the_audits_guess_on_every_face(tmp_path, feed, capsys):
    with pytest.warns(UserWarning, match="did you mean 'White'"):
        run_monitor(_request(feed, exclude_groups={"g": ["Whit"]}), tmp_path / "a.sqlite")
    rc, out, err = run_cli(
        capsys, "monitor", feed, "--time", "t", "--window", "1d", "--y-true", "y", "--y-pred",
        "p", "--protected", "g", "--exclude-group", "g=Whit", "--store", tmp_path / "b.sqlite",
    )  # fmt: skip
    assert rc == 0, err
    assert "the group 'Whit' of g has no rows in this batch" in out
    assert "did you mean 'White'" in out
    assert "warning" not in err, err  # said once, as a note
