"""A protected column whose name holds "=" (``age>=65``) takes group edits on every face: the
flag's text is split after the column's name, not at its first "=" (round 4)."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.spec import attribute_names, parse_excludes, parse_merges


@pytest.fixture
def data(tmp_path):
    r = np.random.default_rng(0)
    n = 600
    frame = pd.DataFrame(
        {
            "label": r.integers(0, 2, n),
            "pred": r.integers(0, 2, n),
            "age>=65": r.choice(["yes", "no", "maybe"], n),
            "t": pd.date_range("2024-01-01", periods=n, freq="h").astype(str),
        }
    )
    path = tmp_path / "eq.csv"
    frame.to_csv(path, index=False)
    return path


def test_the_parsers_split_after_a_known_name():
    names = attribute_names(["age>=65=no"])
    assert names == {"age>", "age>=65", "age>=65=no"}
    assert parse_merges(["age>=65=yes,maybe:old"], names) == {"age>=65": {"old": ["yes", "maybe"]}}
    assert parse_excludes(["age>=65=maybe"], names) == {"age>=65": ["maybe"]}
    assert parse_excludes(["race=a=b"], {"race"}) == {"race": ["a=b"]}  # a group may hold "="
    assert parse_merges(["race=a,b:c"]) == {"race": {"c": ["a", "b"]}}  # no names: first "="


@pytest.mark.parametrize(
    ("edit", "groups"),
    [
        (["--merge-groups", "age>=65=yes,maybe:old"], {"no", "old"}),
        (["--exclude-group", "age>=65=maybe"], {"no", "yes"}),
    ],
)
def test_audit_and_monitor_take_the_edit(data, tmp_path, capsys, edit, groups):
    roles = ["--y-true", "label", "--y-pred", "pred", "--protected", "age>=65=no", *edit]
    assert main(["audit", str(data), *roles, "--n-boot", "200", "--json", "-"]) == 0
    result = json.loads(capsys.readouterr().out)
    (attribute,) = result["attributes"]
    assert {g["group"] for g in attribute["groups"]} == groups
    monitor = ["monitor", str(data), *roles, "--time", "t", "--window", "7d", "--json", "-"]
    assert main([*monitor, "--store", str(tmp_path / "m.db")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {c["group"] for c in report["comparisons"]} | {"no"} == groups


def test_a_group_name_holding_a_comma_is_merged_in_double_quotes(tmp_path, capsys):
    """``"Black, non-Hispanic"`` is one group in a merge; typed unquoted, the refusal says how
    to write it (round 4)."""
    assert parse_merges(['race="Black, non-Hispanic",Other:NW']) == {
        "race": {"NW": ["Black, non-Hispanic", "Other"]}
    }
    r = np.random.default_rng(1)
    frame = pd.DataFrame(
        {
            "label": r.integers(0, 2, 300),
            "pred": r.integers(0, 2, 300),
            "race": r.choice(["Black, non-Hispanic", "Other", "White"], 300),
        }
    )
    path = tmp_path / "r.csv"
    frame.to_csv(path, index=False)
    base = ["audit", str(path), "--y-true", "label", "--y-pred", "pred", "--protected", "race"]
    assert main([*base, "--merge-groups", "race=Black, non-Hispanic,Other:NW"]) == 2
    assert 'goes in double quotes: "Black, non-Hispanic"' in capsys.readouterr().err
    merge = 'race="Black, non-Hispanic",Other:NW'
    assert main([*base, "--merge-groups", merge, "--n-boot", "200", "--json", "-"]) == 0
    groups = json.loads(capsys.readouterr().out)["attributes"][0]["groups"]
    assert {g["group"] for g in groups} == {"NW", "White"}
