"""Round 47 (review of 3d050b91, a group edit's ATTR kept whole): since 3d050b91 an edit naming a
--protected value as typed (' race') keeps it whole, so over data whose column is 'race' (no
' race') `--protected " race" --exclude-group " race=X"` (read as race before) was refused
"unknown attribute ' race'", and `--protected race --protected " age" --bins " age=0,30,120"`
"bins an attribute that is not audited", on the audit and the monitor alike. An edit's ATTR is
now read under the column its --protected value names (spec.resolved_edits), once the data's
columns are known; where the data has both 'race' and ' race', each flag names the column it
named before."""

import json

import pytest

from ethiclens.cli import main
from ethiclens.spec import resolved_edits

CASES = {
    "exclude": (
        ["--protected", " race", "--exclude-group", " race=X"],
        {("race", "Z")},
    ),
    "merge": (["--protected", " race", "--merge-groups", " race=X,Y:XY"], {("race", "Z")}),
    "bins": (
        ["--protected", "race", "--protected", " age", "--bins", " age=0,30,120"],
        {("race", "Y"), ("race", "Z"), ("age", "[30, 120]")},
    ),
}


def _csv(tmp_path, header="t,y,p,race,age", rows=3):
    lines = [header]
    lines += [
        f"2024-01-0{d + 1}T{i:02d}:00:00Z,{i % 2},{(i // 2) % 2},{'XYZ'[i % 3]},{10 * (i % 7) + 5}"
        for d in range(rows)
        for i in range(12)
    ]
    (tmp_path / "d.csv").write_text("\n".join(lines) + "\n")
    return str(tmp_path / "d.csv")


def _run(tmp_path, command, flags, csv):
    args = [command, csv, "--y-true", "y", "--y-pred", "p", *flags]
    if command == "monitor":
        args += ["--time", "t", "--window", "1d", "--store", str(tmp_path / "s.db")]
    out = tmp_path / "o.json"
    assert main([*args, "--n-boot", "100", "--json", str(out)]) == 0
    return {(c["attribute"], c["group"]) for c in json.loads(out.read_text())["comparisons"]}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("command", ["audit", "monitor"])
def test_a_spaced_protected_value_edits_the_column_it_names(tmp_path, command, case):
    flags, compared = CASES[case]
    assert _run(tmp_path, command, flags, _csv(tmp_path)) == compared


def test_data_with_both_columns_keeps_each_flag_on_its_column(tmp_path):
    csv = _csv(tmp_path, "t,y,p,race, race", rows=1)  # ' race': ages as groups
    both = ["--protected", "race", "--protected", " race"]
    spaced = _run(tmp_path, "audit", [*both, "--exclude-group", " race=5"], csv)
    assert (" race", "5") not in spaced and ("race", "Y") in spaced
    bare = _run(tmp_path, "audit", [*both, "--exclude-group", "race=Y"], csv)
    assert ("race", "Y") not in bare and (" race", "5") in bare
    groups = {"exclude": {" race": ["X"]}, "bins": None}
    assert resolved_edits(groups, [" race"], ["race", " race"]) is groups
    renamed = {"exclude": {"race": ["X"]}, "bins": None}
    assert resolved_edits(groups, [" race"], ["race"]) == renamed
