"""Round 33 review: a benchmark's own option (compas's score; acs-income's states, year,
download) given for another target is refused even at its default value, on the command
line, in a config file and as a Python keyword: ``audit compas --states CO`` and ``--year
2018`` were accepted and silently ignored (``--states NE`` was refused). A spec written out
whole (a report's ``run.spec``) names every one of them and still runs again."""

from __future__ import annotations

import json

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.fixture(autouse=True)
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,p,g\n1,0,a\n0,1,b\n1,1,a\n0,0,b\n", encoding="utf-8")
    return tmp_path


FILE = ["d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize(
    ("target", "flag", "value", "words"),
    [
        (["compas"], "--states", ["CO"], "a choice of states exists only for acs-income"),
        (["compas"], "--year", ["2018"], "a survey year exists only for acs-income"),
        (FILE, "--states", ["CO"], "a choice of states exists only for acs-income"),
        (["adult"], "--score", ["model"], "a choice of score exists only for compas"),
    ],
)
def test_a_flag_at_its_default_is_refused(capsys, target, flag, value, words):
    assert main(["audit", *target, flag, *value, "--json", "out.json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '{flag}': {words} (value: "), err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("target", "key"),
    [
        ("{dataset: compas, year: 2018}", "year"),
        ("{dataset: compas, download: false}", "download"),
        ("{dataset: adult, score: model}", "score"),
    ],
)
def test_a_config_key_at_its_default_is_refused(folder, capsys, target, key):
    (folder / "c.yaml").write_text(f"target: {target}\n", encoding="utf-8")
    assert main(["audit", "--config", "c.yaml", "--json", "out.json"]) == 2
    assert capsys.readouterr().err.startswith(f"error: key 'target.{key}': ")
    assert not (folder / "out.json").exists()
    with pytest.raises(EthicLensInputError, match=f"key 'target.{key}': "):
        ethiclens.run(str(folder / "c.yaml"))


def test_a_python_keyword_at_its_default_is_refused():
    with pytest.raises(EthicLensInputError, match="argument 'year': a survey year exists only"):
        ethiclens.run("compas", year=2018)
    with pytest.raises(EthicLensInputError, match="argument 'states': a choice of states"):
        ethiclens.audit("compas", states="CO")
    with pytest.raises(EthicLensInputError, match="key 'target.year': a survey year"):
        ethiclens.run({"target": {"dataset": "compas", "year": 2018}})


def test_a_spec_written_whole_still_runs_again(folder, capsys):
    assert main(["audit", "compas", "--n-boot", "100", "--json", "r.json"]) == 0
    request = json.loads((folder / "r.json").read_text())["run"]["spec"]
    assert request["target"]["year"] == 2018  # every key written, at its default
    (folder / "request.json").write_text(json.dumps(request), encoding="utf-8")
    assert main(["audit", "--config", "request.json", "--json", "again.json"]) == 0
    capsys.readouterr()
    assert AuditSpec.from_dict(request).target.dataset == "compas"


def test_acs_income_takes_its_options_and_other_targets_their_defaults(capsys):
    spec = AuditSpec.of("acs-income", states="CO", year=2018, download=False)
    assert spec.target.states == ("CO",)
    assert main(["audit", *FILE, "--n-boot", "100", "--json", "out.json"]) == 0
    assert main(["audit", "compas", "--score", "model", "--n-boot", "100"]) == 0
    capsys.readouterr()
