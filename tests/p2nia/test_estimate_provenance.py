"""The P2NIA estimate records what a second person needs to check and repeat it: the auditor's
bootstrap seed as used (drawn when none was given), the draws, the level, the EthicLens
version, the UTC time, the SHA-256 of each release file and of the request, and the command
that repeats it (JSON, schema 1.1, and HTML); repeating it from the record gives the same
numbers. The release's own seed is never recorded."""

import hashlib
import json
import os
import shlex
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.cli import main
from ethiclens.p2nia import (
    ESTIMATE_SCHEMA_VERSION,
    estimate,
    make_request,
    read_release,
    release,
    validate_estimate_output,
    write_release,
)

RELEASE_SEED = 987654321  # the platform's secret: must appear nowhere in an estimate


def _sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture()
def folder(tmp_path, monkeypatch):
    """A release folder ``rel/`` and the request ``request.json``, in the current folder."""
    rng = np.random.default_rng(3)
    n = 3000
    a = rng.choice(["F", "M"], n)
    y = rng.integers(0, 2, n)
    p = (rng.random(n) < np.where(a == "M", 0.55, 0.35)).astype(int)
    data = pd.DataFrame({"sex": a, "y": y, "p": p})
    monkeypatch.chdir(tmp_path)
    req = make_request(2000, "sex", protected_domain=["F", "M"], epsilon=4.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a seeded release warns: a test's, not a platform's
        write_release(release(req, data, "y", "p", random_state=RELEASE_SEED), "rel")
    (tmp_path / "request.json").write_text(json.dumps(req.to_dict()))
    return tmp_path


def _estimate_cli(*extra) -> dict:
    argv = ["p2nia", "estimate", "rel/", "--request", "request.json", *extra]
    assert main([*argv, "--json", "est.json", "--html", "est.html"]) == 0
    return json.loads(open("est.json", encoding="utf-8").read())


def test_cli_records_seed_draws_version_time_and_hashes(folder, capsys):
    doc = _estimate_cli()
    validate_estimate_output(doc)
    assert doc["schema_version"] == ESTIMATE_SCHEMA_VERSION == "1.1"
    cfg, run = doc["config"], doc["run"]
    assert (cfg["random_state"], cfg["n_boot"], cfg["confidence_level"]) == (0, 500, 0.95)
    assert cfg["ethiclens_version"] == run["ethiclens_version"]
    assert run["generated_at"].endswith("+00:00")
    assert run["input"]["folder"] == "rel/"
    assert run["input"]["files"] == {
        "manifest.json": _sha(folder / "rel" / "manifest.json"),
        "release.csv": _sha(folder / "rel" / "release.csv"),
    }
    assert run["request"] == {"file": "request.json", "sha256": _sha(folder / "request.json")}
    assert run["repeat"] == (
        "ethiclens p2nia estimate rel/ --seed 0 --n-boot 500 --request request.json"
    )
    for metric in doc["metrics"].values():  # each metric names its interval's method
        assert metric["ci_method"].startswith("percentile bootstrap"), metric
    html = open("est.html", encoding="utf-8").read()
    for text in (
        "Run record",
        "seed (bootstrap)",
        run["input"]["files"]["release.csv"],
        run["input"]["files"]["manifest.json"],
        run["request"]["sha256"],
        run["generated_at"],
        "--seed 0 --n-boot 500",
    ):
        assert text in html, text
    # the tester's second run: other settings, and the files now say so
    other = _estimate_cli("--seed", "7", "--n-boot", "200")
    assert (other["config"]["random_state"], other["config"]["n_boot"]) == (7, 200)
    assert other["run"]["repeat"].endswith("--seed 7 --n-boot 200 --request request.json")
    assert "seed (bootstrap)</dt><dd>7<" in open("est.html", encoding="utf-8").read()


def test_the_recorded_command_repeats_the_numbers(folder):
    first = _estimate_cli("--seed", "11", "--n-boot", "150")
    argv = shlex.split(first["run"]["repeat"])
    assert argv[:3] == ["ethiclens", "p2nia", "estimate"]
    for _ in range(2):  # twice from the recorded settings: the same numbers each time
        assert main([*argv[1:], "--json", "again.json"]) == 0
        again = json.loads(open("again.json", encoding="utf-8").read())
        assert again["metrics"] == first["metrics"]
        assert again["config"] == first["config"]
        assert again["run"]["input"] == first["run"]["input"]


def test_python_draws_a_seed_when_none_is_given_and_records_it(folder):
    drawn = estimate("rel", random_state=None, n_boot=100, level=0.9)
    cfg = drawn.to_dict()["config"]
    assert 0 <= cfg["random_state"] < 2**32 and cfg["n_boot"] == 100
    assert cfg["confidence_level"] == 0.9
    assert drawn.run["repeat"].endswith(" --confidence-level 0.9")  # level 0.9: its flag
    assert drawn.run["input"]["files"]["release.csv"] == _sha(folder / "rel" / "release.csv")
    # repeated from the record, twice: the same numbers
    settings = {k: cfg[k] for k in ("random_state", "n_boot")}
    for _ in range(2):
        again = estimate(read_release("rel"), level=cfg["confidence_level"], **settings)
        assert again.to_dict()["metrics"] == drawn.to_dict()["metrics"]
        validate_estimate_output(again.to_dict())
        assert again.run["input"]["folder"] is None and again.run["input"]["files"] == {}
    # a fresh draw when None again (1 chance in 2**32 of the same seed)
    assert (
        estimate("rel", random_state=None, n_boot=0).config["random_state"] != cfg["random_state"]
    )


def test_the_release_seed_is_never_recorded(folder):
    doc = _estimate_cli()
    text = json.dumps(doc) + open("est.html", encoding="utf-8").read()
    assert str(RELEASE_SEED) not in text
    assert doc["config"]["random_state"] == 0  # the auditor's bootstrap seed


def test_a_file_changed_after_it_was_read_is_refused(folder):
    est = estimate(read_release("rel"), n_boot=0)
    table = folder / "rel" / "release.csv"
    table.write_bytes(table.read_bytes() + b"F,1,1\n")
    with pytest.raises(EthicLensInputError, match="release.csv.*changed while the estimate"):
        est.record_inputs("rel")
    # and the tamper check on reading still refuses the folder
    assert main(["p2nia", "estimate", "rel", "--json", "x.json"]) == 2
    assert not os.path.exists("x.json")


def test_a_10_estimate_file_still_validates():
    doc = {
        "schema_version": "1.0",
        "format": "ethiclens-p2nia-estimate/1",
        "metrics": {
            "dp": {
                "value": 0.1,
                "ci_low": 0.0,
                "ci_high": 0.2,
                "ci_method": "m",
                "status": "REPORTED",
                "reason": None,
            }
        },
        "mechanism": "grr",
        "epsilon": 1.0,
        "accounting": "record",
        "record_epsilon": 1.0,
        "delta": None,
        "rows": 10,
        "basis": "b",
        "groups": [{"group": "a", "n_estimated": 5}, {"group": "b", "n_estimated": 5}],
        "policy": {"min_group_size": 30, "min_label_count": 10},
    }
    validate_estimate_output(doc)
    import jsonschema

    with pytest.raises(jsonschema.ValidationError, match="config"):
        validate_estimate_output({**doc, "schema_version": "1.1"})
