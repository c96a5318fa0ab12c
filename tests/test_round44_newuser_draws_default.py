"""Round 44 new-user walk: a too-small n_boot's fix said "use 1000 (the usual default)" where
the audit's default is 2000; the shared check now names no default it does not know, and a face
that knows its own names it."""

import pytest

from ethiclens._checks import check_draws
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest
from ethiclens.probes._counterfactual import check_settings
from ethiclens.probes._oracle import _check_run


def _fix(call, *args, **kwargs) -> str:
    with pytest.raises(EthicLensInputError) as err:
        call(*args, **kwargs)
    return err.value.fix


def test_the_shared_check_claims_no_usual_default():
    fix = _fix(check_draws, 50, "--n-boot")
    assert "usual default" not in fix and "leave it out for the default" in fix


def test_faces_name_their_own_default():
    assert _fix(check_settings, 1, 50, 0).startswith("use 1000 (the default)")
    assert _fix(_check_run, 50, ("bca",), 0.95, None, {}).startswith("use 1000 (the default)")


def test_the_monitor_names_its_default():
    fix = _fix(MonitorRequest, "x.csv", "t", "1d", "p", protected=["g"], n_draws=50)
    assert fix.startswith("use 1000 (the default)")
