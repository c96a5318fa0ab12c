"""Round 47 (the spaced-names class, the group edits' attribute): an attribute with whitespace
around its name (the column ' g') could not be edited on the command line: --exclude-group
' g=c' was refused "unknown attribute 'g'. Fix: ... Spaces around a name are kept in double
quotes: \" g\"", and the fix it gives, --exclude-group '" g"=c', was refused "unknown attribute
'\" g\"'" (audit and monitor alike; --merge-groups and --bins too). A group edit's ATTR is now
read as --protected reads a column: a protected attribute matched whole, else stripped, or in
double quotes what they hold. The monitor's request lines quote such an attribute."""

import json

import pytest

from ethiclens.cli import main
from ethiclens.spec import parse_bins, parse_excludes, parse_merges


@pytest.mark.parametrize("attr", [" g", '" g"'])
def test_an_edit_names_an_attribute_with_spaces_around_it(attr):
    assert parse_excludes([f"{attr}=c"], [" g"]) == {" g": ["c"]}
    assert parse_merges([f"{attr}=b,c:x"], [" g"]) == {" g": {"x": ["b", "c"]}}
    assert parse_bins([f"{attr}=0,1"], [" g"]) == {" g": ["0", "1"]}
    assert parse_excludes([" g =c", '"g"=d']) == {"g": ["c", "d"]}  # others as before


def _csv(tmp_path):
    rows = ["t,y,p, g"]
    rows += [
        f"2024-01-0{d + 1}T0{i}:00:00Z,{i % 2},{(i // 2) % 2},{'abc'[i % 3]}"
        for d in range(3)
        for i in range(9)
    ]
    (tmp_path / "d.csv").write_text("\n".join(rows) + "\n")
    return str(tmp_path / "d.csv")


@pytest.mark.parametrize("command", ["audit", "monitor"])
def test_both_faces_run_the_double_quoted_fix(tmp_path, capsys, command):
    args = [command, _csv(tmp_path), "--y-true", "y", "--y-pred", "p", "--protected", " g"]
    if command == "monitor":
        args += ["--time", "t", "--window", "1d", "--store", str(tmp_path / "s.db")]
    args += ["--exclude-group", '" g"=c', "--n-boot", "100", "--json", str(tmp_path / "o.json")]
    assert main(args) == 0
    said = json.loads((tmp_path / "o.json").read_text())["comparisons"]
    assert [(c["attribute"], c["group"]) for c in said] == [(" g", "b")]
    if command == "monitor":
        assert "left out: ' g' c" in capsys.readouterr().out
