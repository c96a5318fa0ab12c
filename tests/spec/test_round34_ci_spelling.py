"""Round 34: compare's ``ci: bootstrap`` is the older spelling of ``percentile``; the report
names the method ``percentile``, and so now do its run record (``run.spec``) and the file
``--save-config`` writes (they wrote ``bootstrap`` beside a report saying ``percentile``).
The saved request still reruns the same numbers; a refusal still names what was typed."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
import yaml

import ethiclens
from ethiclens.cli import main

ARGS = ["--y-true", "y", "--y-pred", "a", "--y-pred", "b", "--protected", "g", "--n-boot", "200"]


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    where = tmp_path_factory.mktemp("ci34")
    rng = np.random.default_rng(3)
    n = 400
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "a": rng.integers(0, 2, n),
            "b": rng.integers(0, 2, n),
            "g": rng.choice(["u", "v"], n),
            "w": rng.random(n) + 0.5,
        }
    )
    frame.to_csv(where / "d.csv", index=False)
    return where


def _report(path) -> dict:
    report = json.loads(path.read_text(encoding="utf-8"))
    report["run"].pop("generated_at")
    return report


def test_the_saved_request_names_the_method_the_report_names(data, capsys):
    saved, first, again = data / "s.yaml", data / "r.json", data / "r2.json"
    args = ["compare", str(data / "d.csv"), *ARGS, "--ci", "bootstrap", "--json", str(first)]
    assert main([*args, "--save-config", str(saved)]) == 0, capsys.readouterr().err
    report = _report(first)
    assert report["config"]["ci_method"] == "percentile"
    assert report["run"]["spec"]["policy"]["ci"] == "percentile"
    assert yaml.safe_load(saved.read_text(encoding="utf-8"))["policy"]["ci"] == "percentile"
    assert main(["compare", "--config", str(saved), "--json", str(again)]) == 0
    assert _report(again) == report


def test_python_records_it_alike(data):
    spec = ethiclens.AuditSpec.of(
        str(data / "d.csv"), y_true="y", y_pred=["a", "b"], protected=["g"], n_boot=200
    )
    old = ethiclens.run(spec.replace(policy={"ci": "bootstrap"}))
    new = ethiclens.run(spec.replace(policy={"ci": "percentile"}))
    assert old.run["spec"] == new.run["spec"]
    assert old.run["spec"]["policy"]["ci"] == old.config["ci_method"] == "percentile"


def test_a_refusal_names_what_was_typed(data, capsys):
    args = ["compare", str(data / "d.csv"), *ARGS, "--weight", "w", "--ci", "bootstrap"]
    assert main(args) == 2
    assert "(value: 'bootstrap')" in capsys.readouterr().err
