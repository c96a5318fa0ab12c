"""Round 14, the auditor's request: δ refused with GRR (pure ε); an ε or δ that underflows is
shown as typed; --out replacing a file says so; omitting --groups warns of the disclosure."""

import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request


def _request(tmp_path, *extra, out="req.json"):
    argv = ["p2nia", "request", "--n", "1000", "--protected", "sex", "--out"]
    return main([*argv, str(tmp_path / out), *extra])


def test_grr_refuses_a_delta_when_the_request_is_made(tmp_path, capsys):
    assert _request(tmp_path, "--epsilon", "1", "--groups", "F,M", "--delta", "1e-5") == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--delta'") and "GRR needs none: leave it out" in err
    assert not (tmp_path / "req.json").exists()
    with pytest.raises(EthicLensInputError) as exc:
        make_request(1000, "sex", epsilon=1, delta=1e-5)
    assert exc.value.column == "delta" and "leave it out" in exc.value.fix
    mst = ["--epsilon", "1", "--groups", "F,M", "--mechanism", "mst", "--delta", "1e-6"]
    assert _request(tmp_path, *mst) == 0  # (ε, δ) mechanisms take it
    assert json.loads((tmp_path / "req.json").read_text())["delta"] == 1e-6


@pytest.mark.parametrize(
    "argv,flag",
    [
        (["--epsilon", "1e-400"], "--epsilon"),
        (["--epsilon", "1", "--mechanism", "mst", "--delta", "1e-400"], "--delta"),
    ],
)
def test_a_number_that_underflows_is_shown_as_typed(tmp_path, capsys, argv, flag):
    assert _request(tmp_path, "--groups", "F,M", *argv) == 2
    err = capsys.readouterr().err
    assert f"option '{flag}'" in err and "1e-400" in err and "underflows to 0" in err, err
    assert "0.0" not in err, err


def test_a_budget_that_is_no_number_is_refused_naming_its_flag(tmp_path, capsys):
    assert _request(tmp_path, "--groups", "F,M", "--epsilon", "ten") == 2
    err = capsys.readouterr().err
    assert "option '--epsilon'" in err and "'ten'" in err and err.count("\n") == 1, err


def test_replacing_a_request_file_says_so_on_stderr(tmp_path, capsys):
    assert _request(tmp_path, "--groups", "F,M", "--epsilon", "1") == 0
    assert capsys.readouterr().err == ""
    assert _request(tmp_path, "--groups", "F,M", "--epsilon", "2") == 0
    captured = capsys.readouterr()
    assert "already existed: replaced" in captured.err and "req.json" in captured.err
    assert captured.out.startswith("wrote ")
    assert json.loads((tmp_path / "req.json").read_text())["epsilon"] == 2.0


def test_omitting_groups_warns_that_the_data_s_values_will_be_disclosed(tmp_path, capsys):
    assert _request(tmp_path, "--epsilon", "1") == 0
    err = capsys.readouterr().err
    assert err.startswith("warning: no --groups") and err.count("\n") == 1, err
    assert "disclos" in err and "'sex'" in err, err
    from ethiclens.p2nia import request_from_options

    with pytest.warns(UserWarning, match="--groups"):
        request_from_options(1000, "sex", "1")
