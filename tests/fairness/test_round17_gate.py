"""Tester round 17: a baseline's verdict must be the one its metrics give; a refused reference
says how to pin it; a newer EthicLens's baseline is noted; a refusal names what differs."""

from __future__ import annotations

import copy
import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


def _frame(n: int, seed: int, sexes=("F", "M"), p=(0.55, 0.45)) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    race = rng.choice(["A", "B", "C"], n, p=[0.5, 0.3, 0.2])
    return pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": (rng.random(n) < np.where(race == "A", 0.5, 0.4)).astype(int),
            "race": race,
            "sex": rng.choice(list(sexes), n, p=list(p)),
        }
    )


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    root = tmp_path_factory.mktemp("gate17")
    _frame(1500, 1).to_csv(root / "d.csv", index=False)
    _frame(1500, 2, p=(0.4, 0.6)).to_csv(root / "m.csv", index=False)  # M became the largest
    return root


ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race=A", "--protected", "sex"]


def _audit(place, data, *more) -> int:
    return main(["audit", str(place / data), *ROLES, "--n-boot", "100", *map(str, more)])


@pytest.fixture(scope="module")
def baseline(place):
    path = place / "a1.json"
    assert _audit(place, "d.csv", "--json", path) == 0
    return path


@pytest.fixture
def report(baseline):
    return json.loads(baseline.read_text())


def _result(place):
    spec = {
        "target": {"file": str(place / "d.csv")},
        "roles": {"y_true": "label", "y_pred": "pred", "protected": ["race=A", "sex"]},
        "policy": {"n_boot": 100},
    }
    return ethiclens.run(AuditSpec.from_dict(spec))


def test_a_verdict_worse_than_its_metrics_give_is_refused(place, report):
    # tester round 17: bl/all_flagged.json (every comparison FLAGGED, its DI and EO
    # INCONCLUSIVE) was accepted, so a real drop to FLAGGED passed the gate
    edited = copy.deepcopy(report)
    i, c = next(
        (i, c)
        for i, c in enumerate(edited["comparisons"])
        if c["status"] != "FLAGGED"
        and "FLAGGED" not in {m["status"] for m in c["metrics"].values() if m}
    )
    was = c["status"]
    c["status"] = "FLAGGED"
    with pytest.raises(EthicLensInputError) as info:
        _result(place).gate("never", baseline=edited)
    message = str(info.value)
    assert f"comparisons[{i}].status of {c['attribute']}:{c['group']} vs {c['reference']} is " in (
        message
    )
    assert "is FLAGGED, but its metrics' verdicts (disparate_impact " in message
    assert f") give {was} (a comparison's verdict is its metrics' worst)" in message
    assert _result(place).gate("never", baseline=report).passed  # the unedited one is read


def test_a_new_largest_group_is_refused_with_the_flag_that_pins_the_reference(
    place, baseline, capsys
):
    # tester round 17: the refusal ['sex=F'] -> ['sex=M'] did not say how to pin sex=F
    capsys.readouterr()
    assert _audit(place, "m.csv", "--baseline", baseline) == 2
    err = capsys.readouterr().err
    assert "roles.protected (the reference group each used) ['race=A', 'sex=F'] -> " in err
    fix = "Fix: pin the baseline's reference group: --protected sex=F in place of --protected sex "
    assert fix in err
    assert "(in a config file: roles.protected ['race=A', 'sex=F'])" in err
    # and the pinned run is compared
    pinned = [*ROLES[:-1], "sex=F", "--n-boot", "100", "--baseline", str(baseline)]
    assert main(["audit", str(place / "m.csv"), *pinned]) == 0


def test_a_refusal_names_what_differs_in_plain_words(place, baseline, report, capsys):
    # tester round 17: another policy was "from other data or another spec" (other data is
    # allowed); a benchmark's refusal listed roles "as each run used it: None -> (...)"
    capsys.readouterr()
    assert _audit(place, "d.csv", "--di-rule", "below", "--baseline", baseline) == 2
    err = capsys.readouterr().err
    assert "was audited with another spec than this run (another policy): " in err
    assert "policy.di_rule 'two_sided' -> 'below'" in err and "other data" not in err
    edited = copy.deepcopy(report)
    edited["run"]["spec"]["target"] |= {"file": None, "dataset": "compas"}
    edited["run"]["spec"]["roles"] |= {"y_true": None, "y_pred": [], "protected": []}
    with pytest.raises(EthicLensInputError) as info:
        _result(place).gate("never", baseline=edited)
    message = str(info.value)
    assert (
        "baseline audited another dataset than this run: target dataset -> file (the benchmark "
        "'compas' -> rows of a file, counts table or database). Fix:" in message
    ), message
    edited["run"]["spec"]["policy"]["di_rule"] = "below"  # a setting written otherwise: listed
    with pytest.raises(EthicLensInputError) as info:
        _result(place).gate("never", baseline=edited)
    message = str(info.value)
    assert "database); its spec also differs: policy.di_rule 'below' -> 'two_sided'. " in message
    assert "as each run used it" not in message and "(the counts table" not in message


def test_a_baseline_of_a_newer_ethiclens_is_noted(place, baseline, report, capsys):
    # tester round 17: bl/ver_future.json (run.ethiclens_version 99.0.0) was read silently
    ours = report["run"]["ethiclens_version"]
    newer = copy.deepcopy(report)
    newer["run"]["ethiclens_version"] = "99.0.0"
    (place / "newer.json").write_text(json.dumps(newer))
    capsys.readouterr()
    assert _audit(place, "d.csv", "--baseline", place / "newer.json", "--json", "-") == 0
    out, err = capsys.readouterr()
    said = f"baseline written by a newer EthicLens (99.0.0) than this run's ({ours})"
    assert said in err and json.loads(out)["run"]["gate"]["notes"][0] == said
    older = copy.deepcopy(report)
    older["run"]["ethiclens_version"] = "0.0.1"
    assert _result(place).gate("never", baseline=older).notes == ()  # an older one: silent
