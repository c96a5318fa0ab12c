"""Round 16, the Python and CLI faces: estimate checks a release against the auditor's own
request (--request, request=); estimate and release take a path or a dict where natural; a
single metric string is one metric; Python refusals name arguments; the n_boot fix states the
real default; a request from a newer version says so; a YAML request is read as YAML."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import (
    AuditRequest,
    estimate,
    make_request,
    read_request,
    release,
    write_release,
)

GROUPS = ["Female", "Male"]


def _data(n=600, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {"sex": rng.choice(GROUPS, n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )


@pytest.fixture
def made(tmp_path):
    req = make_request(400, "sex", epsilon=5, protected_domain=GROUPS)
    (tmp_path / "q.json").write_text(json.dumps(req.to_dict()))
    write_release(release(req, _data(), "y", "p", random_state=0), tmp_path / "rel")
    return req, tmp_path


def test_estimate_refuses_a_release_made_for_another_request(made):
    req, tmp_path = made
    other = make_request(300, "sex", epsilon=2, protected_domain=GROUPS, metrics=["dp"])
    with pytest.raises(EthicLensInputError) as err:
        estimate(str(tmp_path / "rel"), request=other, n_boot=0)
    text = str(err.value)
    assert text.startswith("argument 'request': the release was made for another request")
    assert "n′ 400 (yours: 300)" in text and "ε 5 (yours: 2)" in text, text
    assert "metrics dp,eo,eopp (yours: dp)" in text and "\n" not in text, text
    # its own request passes, as an AuditRequest, a dict or a file
    for mine in (req, req.to_dict(), tmp_path / "q.json", str(tmp_path / "q.json")):
        assert estimate(tmp_path / "rel", request=mine, n_boot=0).rows == 400


def test_the_cli_refuses_another_request_in_one_line(made, capsys):
    req, tmp_path = made
    rel = str(tmp_path / "rel")
    assert main(["p2nia", "estimate", rel, "--request", str(tmp_path / "q.json")]) == 0
    capsys.readouterr()
    other = make_request(400, "sex", epsilon=5, protected_domain=["Female", "Male", "X"])
    (tmp_path / "o.json").write_text(json.dumps(other.to_dict()))
    assert main(["p2nia", "estimate", rel, "--request", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "option '--request'" in err, err
    assert "groups Female,Male (yours: Female,Male,X)" in err, err


def test_release_takes_the_request_as_a_dict_and_estimate_one_metric_as_a_string(made):
    req, _ = made
    rel = release(req.to_dict(), _data(), "y", "p", random_state=0)
    assert list(estimate(rel, metrics="dp", n_boot=0).values) == ["dp"]
    with pytest.raises(EthicLensInputError, match="argument 'request'.* not int"):
        release(3, _data(), "y", "p")
    with pytest.raises(EthicLensInputError, match="argument 'rel'.* not int"):
        estimate(3)


def test_python_refusals_name_the_argument_not_the_option(made):
    req, _ = made
    rel = release(req, _data(), "y", "p", random_state=0)
    with pytest.raises(EthicLensInputError) as err:
        estimate(rel, metrics=["xx"])
    assert str(err.value).startswith("argument 'metrics'"), err.value


def test_the_n_boot_fix_states_the_real_default(made, capsys):
    _, tmp_path = made
    assert main(["p2nia", "estimate", str(tmp_path / "rel"), "--n-boot", "50"]) == 2
    err = capsys.readouterr().err
    assert "leave --n-boot out (the default: 500" in err and "1000" not in err, err


def test_a_request_from_a_newer_version_says_so(tmp_path):
    data = make_request(400, "sex", epsilon=5, protected_domain=GROUPS).to_dict()
    data["format"] = "ethiclens-p2nia-request/2"
    (tmp_path / "q.json").write_text(json.dumps(data))
    with pytest.raises(EthicLensInputError) as err:
        read_request(tmp_path / "q.json")
    text = str(err.value)
    assert "newer EthicLens" in text and "ethiclens-p2nia-request/1" in text, text
    assert "upgrade EthicLens" in text, text


def test_a_yaml_request_is_read_as_yaml(tmp_path):
    (tmp_path / "q.yaml").write_text(
        "n: 1000\nprotected: sex\nmechanism: grr\nepsilon: 5\nprotected_domain: [F, M]\n"
    )
    req = read_request(tmp_path / "q.yaml")
    assert (req.n, req.epsilon, req.protected_domain) == (1000, 5.0, ["F", "M"])


@pytest.mark.parametrize("make", [make_request, AuditRequest])
def test_python_requires_epsilon_as_the_cli_does(make):
    with pytest.raises(EthicLensInputError) as err:
        make(100, "sex")
    text = str(err.value)
    assert text.startswith("argument 'epsilon': the budget ε is required"), text
    assert "epsilon=1.0" in text and "--epsilon" not in text, text


def test_python_refuses_non_text_groups_as_a_request_file_does(tmp_path):
    with pytest.raises(EthicLensInputError) as python:
        make_request(100, "sex", epsilon=1, protected_domain=[1, 2])
    data = {"n": 100, "protected": "sex", "mechanism": "grr", "epsilon": 1}
    (tmp_path / "q.json").write_text(json.dumps({**data, "protected_domain": [1, 2]}))
    with pytest.raises(EthicLensInputError) as file:
        read_request(tmp_path / "q.json")
    assert python.value.problem == "every group must be a non-empty string"
    # a request file's refusal names the file before the same words (9c51497e, a9740d60)
    assert file.value.problem == f"{tmp_path / 'q.json'}: every group must be a non-empty string"


@pytest.mark.parametrize("flag", ["--groups", "--metrics"])
def test_an_empty_list_option_is_refused_alike(tmp_path, capsys, flag):
    argv = ["p2nia", "request", "--n", "100", "--protected", "sex", "--epsilon", "1"]
    argv += ["--groups", "F,M", "--out", str(tmp_path / "q.json"), flag, ""]
    assert main(argv) == 2
    err = capsys.readouterr().err
    # round 46: in a request file's words for its [] (one refusal), the text as typed
    empty = "needs two or more groups" if flag == "--groups" else "must be a non-empty list"
    assert f"option '{flag}': " in err and empty in err and "(value: '')" in err, err
    assert "warning" not in err and not (tmp_path / "q.json").exists()


def test_an_empty_columns_option_is_refused(made, capsys):
    _, tmp_path = made
    _data().to_csv(tmp_path / "d.csv", index=False)
    argv = ["p2nia", "release", "--request", str(tmp_path / "q.json")]
    argv += ["--data", str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "p"]
    assert main([*argv, "--columns", "", "--out", str(tmp_path / "r")]) == 2
    assert "option '--columns': empty item" in capsys.readouterr().err


@pytest.mark.parametrize(
    "mechanism,words",
    [
        ("grr", "GRR would keep every value"),
        ("mst", "MST would measure its marginals"),
        ("aim", "AIM would measure its marginals"),
    ],
)
def test_an_epsilon_above_the_ceiling_is_refused_in_the_mechanisms_terms(mechanism, words):
    with pytest.raises(EthicLensInputError) as err:
        make_request(100, "sex", epsilon=20_000, mechanism=mechanism)
    text = str(err.value)
    assert text.startswith("argument 'epsilon': ε = 20000 is above 10000: " + words), text
    if mechanism != "grr":
        assert "GRR" not in text, text


def test_a_differing_n_is_shown_as_an_integer(made):
    _, tmp_path = made
    other = make_request(1_000_000, "sex", epsilon=5, protected_domain=GROUPS)
    with pytest.raises(EthicLensInputError, match=r"n′ 400 \(yours: 1000000\)"):
        estimate(tmp_path / "rel", request=other, n_boot=0)


def test_a_text_domain_fix_is_a_python_list_not_a_flag():
    with pytest.raises(EthicLensInputError) as err:
        make_request(100, "sex", epsilon=1, protected_domain="Female,Male")
    text = str(err.value)
    assert text.endswith('e.g. ["Female", "Male"] (--groups Female,Male on the command line)')
    assert "protected_domain=Female" not in text, text
