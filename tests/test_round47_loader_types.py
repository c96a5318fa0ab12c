"""Exported loaders crashed on a value of the wrong type: experiments.load_grid(None) and
sweep_grid(grid_file=5) a TypeError from pathlib (load_grid('') read the working folder '.'),
RunResult.from_dict(None) 'NoneType' object is not subscriptable (a dict without 'run' a
KeyError), fairness.GateOutcome.from_dict(None) an AttributeError ({} a TypeError of
__init__). Each now refuses in one line naming its argument."""

import pytest

from ethiclens import experiments, fairness
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import RunResult


@pytest.mark.parametrize("bad", [None, 5, {"a"}, ["grid.toml"], "", " "])
@pytest.mark.parametrize(
    ("call", "name"),
    [(experiments.load_grid, "path"), (lambda g: experiments.sweep_grid(grid_file=g), "grid_file")],
)
def test_a_grid_path_of_the_wrong_type_is_refused(call, name, bad):
    if name == "grid_file" and bad in (None, ""):
        return  # sweep_grid's grid_file left out: its preset
    with pytest.raises(EthicLensInputError, match=rf"^argument '{name}': must "):
        call(bad)


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        (None, "argument 'data': must be a mapping, not None"),
        ([1], "argument 'data': must be a mapping, not list"),
        ({}, "argument \"data['run']\": must be a mapping, not None"),
        ({"run": 3}, "argument \"data['run']\": must be a mapping, not int"),
    ],
)
def test_a_run_result_of_no_mapping_is_refused(bad, said):
    with pytest.raises(EthicLensInputError) as info:
        RunResult.from_dict(bad)
    assert str(info.value).startswith(said)


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        (None, "argument 'data': must be a dict, not None"),
        ([], "argument 'data': must be a dict, not a list"),
        ({}, "argument 'data': has no 'fail_on'"),
    ],
)
def test_a_gate_outcome_of_no_dict_is_refused(bad, said):
    with pytest.raises(EthicLensInputError) as info:
        fairness.GateOutcome.from_dict(bad)
    assert str(info.value).startswith(said)


def test_what_to_dict_wrote_still_reads_back():
    gate = fairness.GateOutcome(fail_on="flagged", failures=("g:b (FLAGGED)",))
    assert fairness.GateOutcome.from_dict(gate.to_dict()).failures == gate.failures
