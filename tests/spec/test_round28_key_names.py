"""Round 28: a config key is named one way in every refusal, as docs/config.md names it
(``section.key``): an unknown key's near miss was the bare field (``did you mean 'table'?``
under ``key 'target.tabel'``) while a key of another section was dotted (``gate.fail_on``)."""

import pytest

from ethiclens import AuditSpec
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"target": {"file": "p.csv", "tabel": "t"}}, "did you mean 'target.table'?"),
        ({"policy": {"nboot": 5}}, "did you mean 'policy.n_boot'?"),
        ({"policy": {"fail_on": "flagged"}}, "did you mean 'gate.fail_on'?"),
        ({"polcy": {}}, "did you mean 'policy'?"),
    ],
)
def test_a_near_miss_is_the_full_key(data, said):
    with pytest.raises(EthicLensInputError) as err:
        AuditSpec.from_dict(data)
    assert said in str(err.value) and "unknown key" in str(err.value)


def test_the_cli_names_the_config_key_alike(tmp_path, capsys):
    config = tmp_path / "c.yaml"
    config.write_text("target:\n  file: p.csv\n  tabel: t\n")
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "key 'target.tabel': unknown key. Fix: did you mean 'target.table'? valid: " in err


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["audit", "p.csv", "--db-env", ""], "option '--db-env'"),
        (["audit", "p.csv", "--y-true", ""], "option '--y-true'"),
        (["compare", "p.csv", "--table", ""], "option '--table'"),
    ],
)
def test_an_empty_value_names_the_flag_and_the_fix(argv, named, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert f"{named}: must not be empty (value: ''). Fix: give a value, or leave it out" in err


def test_an_empty_value_in_a_config_names_the_key(tmp_path, capsys):
    config = tmp_path / "c.yaml"
    config.write_text("target: {file: p.csv}\nroles: {y_true: ''}\n")
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("error: key 'roles.y_true': ")
        and "c.yaml: must not be empty (value: '')" in err
    )
