"""Tester round 20: a baseline refused for other protected attributes showed a benchmark's as
``[]`` ("roles.protected [] -> ['race']", though the baseline audited race and sex). A refusal
shows the attributes, with their reference groups, each run used."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


def _said(capsys) -> str:
    out = capsys.readouterr()
    return out.out + out.err


def _used(report: dict) -> list[str]:
    return sorted(f"{a['name']}={a['reference']}" for a in report["attributes"])


def test_a_benchmarks_own_attributes_are_named(tmp_path, capsys):
    baseline = tmp_path / "cc.json"
    assert main(["audit", "compas", "--n-boot", "100", "--json", str(baseline)]) == 0
    before = _used(json.loads(baseline.read_text()))
    assert [u.split("=")[0] for u in before] == ["race", "sex"]
    capsys.readouterr()
    args = ["audit", "compas", "--n-boot", "100", "--protected", "race", "--baseline"]
    assert main([*args, str(baseline)]) == 2
    said = _said(capsys)
    race = next(u for u in before if u.startswith("race="))
    assert (
        f"roles.protected [] -> ['race'] (as each run used them: {before!r} -> {[race]!r})"
    ) in said, said


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    root = tmp_path_factory.mktemp("gate20p")
    rng = np.random.default_rng(3)
    frame = pd.DataFrame(
        {
            "g": np.repeat(["a", "b"], [700, 500]),
            "h": np.tile(["x", "x", "y"], 400),
            "p": rng.integers(0, 2, 1200),
        }
    )
    frame.to_csv(root / "d.csv", index=False)
    return root


def _refused(rows, capsys, before: list, now: list) -> str:
    args = ["audit", str(rows / "d.csv"), "--y-pred", "p", "--n-boot", "100"]
    baseline = rows / "b.json"
    assert (
        main([*args, *sum((["--protected", p] for p in before), []), "--json", str(baseline)]) == 0
    )
    capsys.readouterr()
    now_args = sum((["--protected", p] for p in now), [])
    assert main([*args, *now_args, "--baseline", str(baseline)]) == 2
    return _said(capsys)


def test_default_reference_groups_are_named_as_used(rows, capsys):
    said = _refused(rows, capsys, ["g"], ["g", "h"])
    assert (
        "roles.protected ['g'] -> ['g', 'h'] (as each run used them: ['g=a'] -> ['g=a', 'h=x'])"
    ) in said, said


def test_attributes_written_as_used_are_shown_once(rows, capsys):
    said = _refused(rows, capsys, ["g=a"], ["g=a", "h=x"])
    assert "roles.protected ['g=a'] -> ['g=a', 'h=x']. Fix:" in said, said
