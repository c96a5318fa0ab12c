"""Round 38 (early): every injected DI of the oracle is checked before the first run, so a bad
DI (or an EO gap impossible at one DI) among good ones is refused at once, not after the DIs
before it have run (``ethiclens oracle --di 0.5 --di -1.0`` ran the whole 0.5 oracle, ~10 s,
and only then refused -1.0)."""

from __future__ import annotations

import pytest

import ethiclens.probes as probes
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import oracle_disparate_impacts


@pytest.fixture
def runs(monkeypatch):
    """run_oracle as the command calls it (from ethiclens.probes, in the run), replaced by a stub
    that records each call."""
    calls = []

    def stub(*args, **kwargs):
        calls.append(kwargs.get("disparate_impact"))
        raise AssertionError("run_oracle ran before every DI was checked")

    monkeypatch.setattr(probes, "run_oracle", stub)
    return calls


def test_cli_refuses_a_later_out_of_range_di_before_the_first_run(runs, capsys):
    assert main(["oracle", "--di", "0.5", "--di", "-1.0"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "option '--di': gives the unprivileged group a selection rate of -0.5" in err
    assert "(value: -1.0)" in err and "Fix: choose a DI from 0 to 2" in err
    assert runs == []


def test_cli_refuses_a_later_non_finite_di_before_the_first_run(runs, capsys):
    assert main(["oracle", "--di", "0.6", "--di", "1.0", "--di", "nan"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "option '--di': must be a finite number (value: nan)" in err
    assert runs == []


@pytest.mark.parametrize("bad", [-1.0, 2.5, float("inf"), "0.7"])
def test_python_names_the_bad_di_among_good_ones(bad):
    with pytest.raises(EthicLensInputError) as info:
        oracle_disparate_impacts([0.6, 1.0, bad])
    text = str(info.value)
    assert text.startswith("argument 'disparate_impact': ")
    assert f"(value: {bad!r})" in text and "Fix: " in text


def test_an_eo_gap_impossible_at_a_later_di_is_refused_up_front():
    # 0.3 is possible at DI 0.5 (EO gaps [0.25, 0.65]) but not at 1.9 ([0.55, 0.65])
    assert oracle_disparate_impacts([0.5], eo_gap=0.3) == (0.5,)
    with pytest.raises(EthicLensInputError) as info:
        oracle_disparate_impacts([0.5, 1.9], eo_gap=0.3)
    text = str(info.value)
    assert text.startswith("argument 'eo_gap': no valid classifier has an EO gap of 0.3 at DI 1.9")
    assert "(value: 0.3)" in text and "or a DI from 0.4 to 1.59" in text
    with pytest.raises(EthicLensInputError) as info:  # the command line's flags
        oracle_disparate_impacts([0.5, 1.9], column="--di", eo_gap=0.3)
    assert str(info.value).startswith("option '--eo-gap': no valid classifier")


def test_an_unknown_keyword_is_refused_and_good_dis_pass():
    with pytest.raises(EthicLensInputError) as info:
        oracle_disparate_impacts([0.6], eo_gapp=0.1)
    assert str(info.value).startswith(
        "oracle_disparate_impacts() got an unexpected keyword argument 'eo_gapp'; did you mean"
    )
    assert oracle_disparate_impacts([0.6, 1.0, 0.0, 2.0]) == (0.6, 1.0, 0.0, 2.0)


def test_cli_refuses_an_eo_gap_impossible_at_a_later_di_before_the_first_run(runs, capsys):
    """The command passes --eo-gap to the up-front check: an EO gap of 0.3 is possible at DI
    0.5 but not at 1.9, and it used to be refused only after the whole 0.5 oracle ran."""
    assert main(["oracle", "--di", "0.5", "--di", "1.9", "--eo-gap", "0.3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "error: option '--eo-gap': no valid classifier has an EO gap of 0.3 at DI 1.9"
    )
    assert runs == []
