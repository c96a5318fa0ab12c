"""Round 28 review: an empty value's fix said 'give a value, or leave it out for its default'
for every key, also for the model's and the groups' columns, which have none: following it
(`--y-pred ''` left out) gets another refusal. Those name the column to give."""

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize("flag", ["--y-pred", "--protected"])
def test_a_required_column_left_empty_is_told_to_name_it(tmp_path, capsys, flag):
    path = tmp_path / "p.csv"
    path.write_text("p,g\n1,a\n0,b\n")
    argv = ["audit", str(path), "--y-pred", "p", "--protected", "g", flag, ""]
    assert main(argv) == 2
    err = capsys.readouterr().err
    own = ": COL or COL=REFERENCE" if flag == "--protected" else ""  # one fix, every face
    assert err == (
        f"error: option '{flag}': must not be empty (value: ''). "
        f"Fix: give the column's name{own} (it has no default)\n"
    )


def test_an_optional_key_left_empty_may_be_left_out(tmp_path, capsys):
    path = tmp_path / "p.csv"
    path.write_text("p,g\n1,a\n0,b\n")
    assert main(["audit", str(path), "--y-pred", "p", "--protected", "g", "--weight", ""]) == 2
    assert "Fix: give a value, or leave it out for its default" in capsys.readouterr().err
