"""Round 35 (spec): requests in their face's words, and the file names a face is given."""

import json
import os
import sys

import numpy as np
import pytest

import ethiclens
from ethiclens import AuditSpec
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.skipif(sys.platform != "linux", reason="a file name of bytes not UTF-8: POSIX")
def test_a_file_name_not_utf8_is_audited_by_auto_as_pandas_reads_it(tmp_path, capsys):
    """A file named in Latin-1 under a C locale (argv holds its byte as a surrogate): auto chose
    DuckDB, which could not open it ('cannot encode str as UTF-8, surrogate'); now read in
    memory, as --engine pandas reads it, by audit and counts alike."""
    name = os.fsdecode(b"d\xe9.csv")
    data = tmp_path / name
    data.write_bytes(b"y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    out = tmp_path / "o.json"
    args = ["audit", str(data), *ROLES, "--n-boot", "100", "--min-group-size", "1"]
    assert main([*args, "--json", str(out)]) == 0, capsys.readouterr().err
    assert json.loads(out.read_text())["run"]["engine"] == "pandas"
    counts = tmp_path / "c.csv"
    assert main(["counts", str(data), *ROLES, "--out", str(counts)]) == 0
    assert counts.is_file()


@pytest.mark.parametrize(
    ("keywords", "said"),
    [
        ({"seed": "x"}, "argument 'seed': must be a non-negative integer"),
        ({"random_state": -1}, "argument 'random_state': must be a non-negative integer"),
        ({"n_boot": 5}, "argument 'n_boot': too few draws"),
        ({"bins": {"age": [1]}}, "argument \"bins['age']\": needs at least 2"),
        ({"year": "x"}, "argument 'year': the ACS 1-year survey year must be an integer"),
    ],
)
def test_audit_spec_of_names_the_keyword_as_run_does(keywords, said):
    """AuditSpec.of(seed='x') said "key 'policy.seed'" (a config file's words) where
    ethiclens.run(..., seed='x') and docs/config.md say "argument 'seed'"."""
    with pytest.raises(EthicLensInputError) as made:
        AuditSpec.of("d.csv", y_true="y", **keywords)
    assert str(made.value).startswith(said), str(made.value)
    assert made.value.kind == "argument"
    with pytest.raises(EthicLensInputError) as ran:
        ethiclens.run("d.csv", y_true="y", **keywords)
    assert str(ran.value) == str(made.value)


def test_audit_spec_of_never_tells_a_python_caller_to_use_a_flag():
    """AuditSpec.of('d.csv', table='x') said 'Fix: add --db URL (or --db-env NAME), or drop
    --table/--query'; now the keywords that set them."""
    with pytest.raises(EthicLensInputError) as made:
        AuditSpec.of("d.csv", table="x")
    text = str(made.value)
    assert text.startswith("argument 'table': ") and "--" not in text, text
    assert "add db URL (or db_env NAME)" in text


def test_a_spec_dicts_own_key_is_still_named_as_its_key():
    """run(a dict, keyword): what the dict gave is named as its key, the keyword as itself."""
    spec = {"target": {"file": "d.csv", "table": "t"}, "roles": {"y_true": "y"}}
    with pytest.raises(EthicLensInputError, match="key 'target.table'"):
        ethiclens.run(spec)
    with pytest.raises(EthicLensInputError, match="argument 'seed'"):
        ethiclens.run({"target": {"file": "d.csv"}, "roles": {"y_true": "y"}}, seed=-1)


@pytest.mark.parametrize(
    ("line", "fix"),
    [
        ('seed: "1"', "Fix: write the number without quotes: seed: 1"),
        ("n_boot: '200'", "Fix: write the number without quotes: n_boot: 200"),
        ('confidence_level: "0.9"', "Fix: write the number without quotes: confidence_level: 0.9"),
    ],
)
def test_a_quoted_number_in_a_config_file_is_told_to_unquote(tmp_path, capsys, line, fix):
    """seed: "1" written by hand said 'Fix: use e.g. 0' (the checked fields kept their own fix,
    where every other number field's quoted value is told to drop the quotes)."""
    config = tmp_path / "a.yaml"
    config.write_text(f"target: {{file: d.csv}}\npolicy:\n  {line}\n")
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec.from_file(config)
    assert str(info.value).endswith(fix), str(info.value)
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.rstrip().endswith(fix), err


@pytest.mark.parametrize(
    "data",
    [
        {"target": {"file": "d.csv"}, "policy": None},  # policy: with its keys commented out
        {"target": {"file": "d.csv"}, "roles": None, "gate": None},
        {"target": {"dataset": "acs-income", "states": None}},
    ],
)
def test_the_published_schema_takes_what_the_loader_reads(data):
    """A section left null (`policy:` with every key commented out) and `states: null` load
    (as the defaults), but docs/audit-spec.schema.json refused them: an editor checking a
    config by the schema marked a file the loader reads."""
    import jsonschema

    from ethiclens.spec import spec_schema

    AuditSpec.from_dict(data)
    assert not list(jsonschema.Draft202012Validator(spec_schema()).iter_errors(data))


@pytest.mark.parametrize(
    ("keywords", "said"),
    [
        ({"n_boot": np.array(200)}, "argument 'n_boot': must be a whole number"),
        ({"seed": np.array(3)}, "argument 'seed': must be a non-negative integer"),
        ({"confidence_level": np.array(0.9)}, "argument 'confidence_level': must be a number"),
        ({"y_pred": np.array("p")}, "argument 'y_pred': must be a list or text"),
    ],
)
def test_a_zero_d_array_is_refused_in_words_not_a_type_error(keywords, said):
    """AuditSpec.of(..., n_boot=np.array(200)) was TypeError 'len() of unsized object' (the
    refusal tried to count the array's values); now refused as the engine refuses it."""
    for face in (AuditSpec.of, ethiclens.run):
        with pytest.raises(EthicLensInputError) as info:
            face("d.csv", y_true="y", **keywords)
        assert str(info.value).startswith(said), str(info.value)


@pytest.mark.parametrize(("data", "given"), [([1, 2], "a list"), (None, "None"), ("x", "a str")])
def test_from_dict_given_no_mapping_names_its_argument(data, given):
    """AuditSpec.from_dict([1, 2]) said "key 'spec': spec: a spec is a mapping of sections
    (value: 'list'). Fix: start the file with sections" (a key no dict has, a file's fix)."""
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec.from_dict(data)
    assert str(info.value).startswith(
        f"argument 'data': a spec is a mapping of sections, not {given}. Fix: pass a dict"
    ), str(info.value)


@pytest.mark.parametrize(
    ("line", "fix"),
    [
        ("target: d.csv", "target: {file: d.csv}"),
        ("target: compas", "target: {dataset: compas}"),
        ("target: 'my data: v2.csv'", 'target: {file: "my data: v2.csv"}'),
    ],
)
def test_a_target_written_as_a_name_is_shown_its_key(tmp_path, capsys, line, fix):
    """`target: d.csv` (as the command line takes it) said only 'must be a mapping. Fix: see
    docs/config.md'; now the line to write."""
    config = tmp_path / "a.yaml"
    config.write_text(line + "\n")
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'target': ") and err.rstrip().endswith(fix), err
