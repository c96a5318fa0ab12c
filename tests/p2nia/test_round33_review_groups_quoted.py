"""Round 33 review (P2NIA): ``p2nia request --groups`` names a group holding a comma or spaces
around it in double quotes, as a CSV row (as ``pcer audit --group-order`` does since 07e4d241):
such a group could not be named at all (the flag was split at every comma and stripped, and
'" Female"' was written with its quotes). Plain lists and their refusals are unchanged."""

import json

import pytest

from ethiclens.cli import main

BASE = ["p2nia", "request", "--n", "200", "--protected", "sex", "--epsilon", "4"]


@pytest.mark.parametrize(
    ("typed", "groups"),
    [
        ('" Female"," Male"', [" Female", " Male"]),
        ('" Female", " Male"', [" Female", " Male"]),
        ('"x,y",z', ["x,y", "z"]),
        ('"say ""hi""",b', ['say "hi"', "b"]),
        ("F, M", ["F", "M"]),
        (" F ,M ", ["F", "M"]),
    ],
)
def test_quoted_groups_are_a_csv_row(tmp_path, typed, groups):
    out = tmp_path / "r.json"
    assert main([*BASE, "--groups", typed, "--out", str(out)]) == 0
    assert json.loads(out.read_text())["protected_domain"] == groups


@pytest.mark.parametrize("typed", ['"",F', '"F",,M', "F,,M", '"F","F"'])
def test_empty_or_repeated_groups_are_still_refused(tmp_path, capsys, typed):
    out = tmp_path / "r.json"
    assert main([*BASE, "--groups", typed, "--out", str(out)]) == 2
    assert "option '--groups'" in capsys.readouterr().err
    assert not out.exists()
