"""Round 32 review (P2NIA): ``p2nia request --protected " sex"`` wrote the name with its space
while ``audit --protected " sex"`` strips it and audits ``sex`` (a request has no data to find
an exact column in, as the audit looks first); the platform's release then refused it,
"column ' sex': not in the audit data". The request strips it, as ``audit`` and ``--groups``
do; a blank name is refused, nothing written."""

import json
import warnings

import pytest

from ethiclens.cli import main

from .conftest import audit_frame

BASE = ["p2nia", "request", "--n", "200", "--groups", "F,M", "--epsilon", "4"]


@pytest.mark.parametrize("typed", [" sex", "sex ", "\tsex "])
def test_spaces_around_the_protected_name_are_stripped(tmp_path, monkeypatch, typed):
    monkeypatch.chdir(tmp_path)
    audit_frame(400, 1).to_csv("a.csv", index=False)
    assert main([*BASE, "--protected", typed, "--out", "r.json"]) == 0
    assert json.loads((tmp_path / "r.json").read_text())["protected"] == "sex"
    args = ["p2nia", "release", "--request", "r.json", "--data", "a.csv", "--y-true", "y"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert main([*args, "--y-pred", "pred", "--out", "rel"]) == 0
    assert main(["p2nia", "estimate", "rel", "--request", "r.json", "--n-boot", "0"]) == 0


def test_a_blank_protected_name_is_refused(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main([*BASE, "--protected", "  ", "--out", str(out)]) == 2
    assert "option '--protected'" in capsys.readouterr().err
    assert not out.exists()


def test_a_request_file_of_old_naming_it_with_spaces_is_told_the_fix(tmp_path, capsys):
    audit_frame(400, 1).to_csv(tmp_path / "a.csv", index=False)
    old = {"format": "ethiclens-p2nia-request/1", "n": 200, "protected": " sex"}
    old |= {"protected_domain": ["F", "M"], "metrics": ["dp"], "mechanism": "grr"}
    old |= {"epsilon": 4.0, "delta": None, "track_budget": False, "accounting": "record"}
    (tmp_path / "r.json").write_text(json.dumps(old))
    args = ["p2nia", "release", "--request", str(tmp_path / "r.json"), "--y-pred", "pred"]
    assert main([*args, "--data", str(tmp_path / "a.csv"), "--out", str(tmp_path / "rel")]) == 2
    err = capsys.readouterr().err
    assert (
        f"key 'protected': {tmp_path / 'r.json'}: names the column ' sex', not in the audit data"
        in err
    ), err
    assert "request again with --protected 'sex'" in err, err
    assert not (tmp_path / "rel").exists()
