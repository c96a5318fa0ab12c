"""Group names with spaces around them (the raw UCI Adult files write ' Male', ' >50K.') can be
named as a reference, an exclusion or a merge: in double quotes on the command line, as
written in a config mapping. Unquoted, the text is stripped, and the refusal says how to keep
the spaces."""

from __future__ import annotations

import json

import pandas as pd
import pytest
import yaml

from ethiclens.cli import main
from ethiclens.spec import AuditSpec, parse_excludes, parse_merges, parse_protected

AUDIT = ["--y-true", "y", "--y-pred", "p", "--n-boot", "200"]


@pytest.fixture
def spaced(tmp_path):
    n = 90
    frame = pd.DataFrame(
        {
            "y": [i % 2 for i in range(n)],
            "p": [(i // 2) % 2 for i in range(n)],
            "sex": [" Female", " Male", " Male"] * (n // 3),
            "race": [" White", " Black", " Other"] * (n // 3),
        }
    )
    path = tmp_path / "raw.csv"
    frame.to_csv(path, index=False)
    return path


def _audit(capsys, tmp_path, *args):
    out = tmp_path / "out.json"
    rc = main(["audit", *map(str, args), *AUDIT, "--json", str(out)])
    err = capsys.readouterr().err
    return rc, err, (json.loads(out.read_text()) if rc == 0 else None)


def test_parsers_keep_what_double_quotes_hold():
    assert parse_protected(['sex=" Female"'])[1] == {"sex": " Female"}
    assert parse_protected(["sex= Female "])[1] == {"sex": "Female"}
    assert parse_excludes(['race=" Other"']) == {"race": [" Other"]}
    assert parse_merges(['race=" Black"," Other":" Not white"']) == {
        "race": {" Not white": [" Black", " Other"]}
    }


def test_a_quoted_reference_and_exclusion_run(spaced, tmp_path, capsys):
    rc, err, report = _audit(
        capsys, tmp_path, spaced, "--protected", 'sex=" Female"', "--protected", "race",
        "--exclude-group", 'race=" Other"',
    )  # fmt: skip
    assert rc == 0, err
    refs = {a["name"]: a["reference"] for a in report["attributes"]}
    assert refs["sex"] == " Female"
    groups = {g["group"] for a in report["attributes"] for g in a["groups"]}
    assert " Other" not in groups and " Black" in groups


def test_unquoted_spaces_are_refused_with_the_way_to_keep_them(spaced, tmp_path, capsys):
    rc, err, _ = _audit(capsys, tmp_path, spaced, "--protected", "sex= Female")
    assert rc == 2
    assert "did you mean ' Female'?" in err and 'double quotes: " Female"' in err
    rc, err, _ = _audit(
        capsys, tmp_path, spaced, "--protected", "race", "--exclude-group", "race= Other"
    )
    assert rc == 2 and "did you mean ' Other'?" in err


def test_a_config_mapping_keeps_the_reference_as_written_and_round_trips(spaced, tmp_path, capsys):
    config = tmp_path / "spec.yaml"
    roles = {"y_true": "y", "y_pred": "p", "protected": {"sex": " Female"}}
    config.write_text(yaml.safe_dump({"target": {"file": str(spaced)}, "roles": roles}))
    saved = tmp_path / "saved.yaml"
    out = tmp_path / "a.json"
    rc = main(["audit", "--config", str(config), "--save-config", str(saved), "--json", str(out)])
    assert rc == 0, capsys.readouterr().err
    assert json.loads(out.read_text())["attributes"][0]["reference"] == " Female"
    assert AuditSpec.from_file(saved).roles.protected == ('sex=" Female"',)
    again = tmp_path / "b.json"
    assert main(["audit", "--config", str(saved), "--json", str(again)]) == 0
    first, second = (json.loads(p.read_text()) for p in (out, again))
    assert first["comparisons"] == second["comparisons"]
