"""Round 10 (issue 22): one range and one wording for P2NIA's numbers, every bad one refused
before any work starts (exit 2, one line naming the flag, never a traceback)."""

import json

import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.cli import main
from ethiclens.experiments import ExperimentConfig, cross_population
from ethiclens.p2nia import MST, check_edges, make_request


def _one_line_refusal(capsys, args) -> str:
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err and "\n" not in err
    return err


@pytest.mark.parametrize("mechanism", ["mst", "aim"])
@pytest.mark.parametrize("eps", [1e-300, 1e-10])
def test_a_synthesiser_budget_too_small_to_measure_is_refused_at_request(mechanism, eps):
    with pytest.raises(EthicLensInputError) as err:
        make_request(200, "sex", mechanism=mechanism, epsilon=eps, protected_domain=["F", "M"])
    message = str(err.value)
    assert message.startswith(f"argument 'epsilon': ε = {eps:g} is too small for")
    assert "ρ below 1e-16" in message and "Fix: give ε >= 9.2e-08" in message


def test_a_tiny_but_measurable_synthesiser_budget_is_still_requested():
    assert make_request(200, "sex", mechanism="mst", epsilon=1e-6).epsilon == 1e-6


def test_the_synthesiser_settings_refuse_it_too():
    with pytest.raises(EthicLensInputError, match="ε = 1e-300 is too small for MST/AIM"):
        MST.Settings(1e-300)


def test_an_old_request_file_with_a_tiny_epsilon_is_refused_at_release(tmp_path, capsys):
    request = {"format": "ethiclens-p2nia-request/1", "n": 20, "protected": "sex"}
    request |= {"protected_domain": ["F", "M"], "metrics": ["dp"], "mechanism": "mst"}
    request |= {"epsilon": 1e-300, "delta": None, "track_budget": False, "accounting": "record"}
    (tmp_path / "rq.json").write_text(json.dumps(request))
    data = pd.DataFrame({"sex": ["F", "M"] * 20, "y": [0, 1] * 20, "p": [1, 0] * 20})
    data.to_csv(tmp_path / "d.csv", index=False)
    args = ["p2nia", "release", "--request", str(tmp_path / "rq.json"), "--data"]
    args += [str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "p", "--out"]
    err = _one_line_refusal(capsys, [*args, str(tmp_path / "rel")])
    assert "ε = 1e-300 is too small for MST" in err
    assert not (tmp_path / "rel").exists()


def test_release_bins_use_the_audits_words():
    with pytest.raises(EthicLensInputError) as err:
        check_edges("age", [0, 40, 40, 120])
    assert str(err.value).startswith(
        "option '--bins age': bin edges must be at least two finite numbers in increasing order"
    )


def test_experiment_sizes_have_the_requests_range(capsys):
    with pytest.raises(EthicLensInputError) as err:
        ExperimentConfig.from_options("adult", sizes="250,200000000")
    assert "n′ must be an integer in [10, 100,000,000]" in str(err.value)
    ExperimentConfig.from_options("adult", sizes="20000000", mechanisms="grr")  # above 10⁷


@pytest.mark.parametrize(
    ("mechanisms", "flag", "eps", "words"),
    [
        ("grr", "--epsilons", "1e-300", "randomized-response matrix cannot be inverted"),
        ("mst", "--metric-epsilons", "1e-10", "too small for MST"),
        ("blackbox,aim", "--epsilons", "1e-300", "too small for AIM"),
    ],
)
def test_experiment_refuses_each_epsilon_before_any_work(
    tmp_path, capsys, mechanisms, flag, eps, words
):
    out = tmp_path / "ex"
    args = ["p2nia", "experiment", "--models", "rf", "--mechanisms", mechanisms]
    args += ["--repetitions", "1", "--sizes", "250", flag, eps, "--out", str(out)]
    err = _one_line_refusal(capsys, args)
    assert (
        err.startswith(f"error: option '{flag}': ε = {float(eps):g} is too small") and words in err
    )
    assert f"Fix: leave {float(eps):g} out of {flag}" in err and "request" not in err
    assert not out.exists()  # refused before the output folder is made


@pytest.mark.parametrize("value", [str(10**21), "0", "10001"])
def test_every_repetitions_flag_has_one_range(capsys, tmp_path, value):
    words = "needs 1 to 10,000 repetitions"
    args = ["p2nia", "population-bias", "--repetitions", value]
    assert f"option '--repetitions': {words}" in _one_line_refusal(capsys, args)
    args = ["p2nia", "experiment", "--repetitions", value, "--out", str(tmp_path / "ex")]
    assert f"option '--repetitions': {words}" in _one_line_refusal(capsys, args)
    with pytest.raises(EthicLensInputError, match=f"argument 'repetitions': {words}"):
        cross_population(repetitions=int(value))
