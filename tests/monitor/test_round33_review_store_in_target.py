"""Round 33 review (monitor): a Python run refuses a store inside the folder it monitors (or
in its baseline's), as the command line refuses ``--store exports/s.sqlite`` (was: the Python
run wrote it there, and the command line then refused that store); a store beside the folder
is still made."""

import os

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ROLES = dict(time="ts", window="1d", y_pred="p", protected=("g",))
ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T01:00:00", "2024-01-02T01:00:00"] * 2, "g": list("AABB"), "p": [1, 0] * 2}
)
INSIDE = "option '--store': output exports/s.sqlite is inside "
# a Python caller's store is run_monitor's argument store_path (round 47, known item c)
PY_INSIDE = INSIDE.replace("option '--store'", "argument 'store_path'")


@pytest.fixture
def exports(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkdir("exports")
    os.mkdir("base")
    ROWS.to_csv("exports/a.csv", index=False)
    ROWS.to_csv("base/a.csv", index=False)


@pytest.mark.parametrize("target", ["exports/", "exports"])
def test_a_store_in_the_target_folder_is_refused_on_both_faces(exports, capsys, target):
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(MonitorRequest(target=target, **ROLES), "exports/s.sqlite")
    assert str(exc.value).startswith(PY_INSIDE), exc.value
    assert sorted(os.listdir("exports")) == ["a.csv"]
    args = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g"]
    assert main(["monitor", target, *args, "--store", "exports/s.sqlite"]) == 2
    assert capsys.readouterr().err.startswith(f"error: {INSIDE}")


def test_a_store_in_the_baseline_folder_is_refused(exports):
    request = MonitorRequest(target=ROWS, baseline_target="base", **ROLES)
    with pytest.raises(
        EthicLensInputError, match="^argument 'store_path': output base/s.sqlite is"
    ):
        run_monitor(request, "base/s.sqlite")


def test_a_store_beside_the_folder_is_made(exports):
    run_monitor(MonitorRequest(target="exports/", **ROLES), "s.sqlite")
    assert os.path.isfile("s.sqlite")
