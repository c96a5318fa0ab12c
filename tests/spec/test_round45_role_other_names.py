"""Round 45 (lead): a role written by another common name (fairlearn's, scikit-learn's) was
steered to the nearest spelling, which means something else: ``--label y`` and ``label='y'``
suggested ``--pos-label`` / ``pos_label`` (a value, not a column), and ``--sensitive-features``
and ``sensitive_features=`` suggested nothing, while a config's ``roles.label`` already named
``roles.y_true``. One table (``_checks.ROLE_NAMES``) now answers on every face."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

CASES = [
    ("label", "y_true"),
    ("labels", "y_true"),
    ("prediction", "y_pred"),
    ("predictions", "y_pred"),
    ("sensitive_features", "protected"),
]


@pytest.mark.parametrize(("name", "role"), CASES)
def test_a_python_keyword_names_the_role_meant(name, role):
    with pytest.raises(EthicLensInputError, match="unexpected keyword argument") as caught:
        ethiclens.AuditSpec.of("data.csv", **{name: "y"})
    assert caught.value.fix.startswith(f"did you mean {role!r}?")


@pytest.mark.parametrize(("name", "role"), CASES)
@pytest.mark.parametrize("command", ["audit", "compare", "thresholds"])
def test_a_flag_names_the_role_meant(command, name, role, capsys):
    flag, meant = "--" + name.replace("_", "-"), "--" + role.replace("_", "-")
    assert main([command, "data.csv", flag, "y"]) == 2
    err = capsys.readouterr().err
    if command == "thresholds" and role == "y_pred":  # no --y-pred there: no misleading guess
        assert (
            f"no such option of 'ethiclens {command}'. Fix: see 'ethiclens {command} --help'" in err
        )
        return
    assert f"no such option of 'ethiclens {command}'. Fix: did you mean {meant}?" in err


def test_a_config_key_names_it_as_before():
    with pytest.raises(EthicLensInputError, match="did you mean 'roles.y_true'"):
        ethiclens.AuditSpec.from_dict({"target": {"file": "d.csv"}, "roles": {"label": "y"}})


def test_an_option_without_another_name_keeps_the_near_miss(capsys):
    assert main(["audit", "data.csv", "--weights", "w"]) == 2
    assert "did you mean --weight?" in capsys.readouterr().err


def test_a_column_given_to_score_points_to_y_score(capsys):
    # --score picks compas's model (model|decile): a file's score column is --y-score
    assert main(["thresholds", "data.csv", "--score", "sc"]) == 2
    err = capsys.readouterr().err
    assert "option '--score': must be one of model, decile" in err
    assert "a file's score column is --y-score" in err
    with pytest.raises(EthicLensInputError, match="score column is y_score"):
        ethiclens.run("data.csv", score="sc")
    assert main(["audit", "compas", "--score", "decil"]) == 2  # a near miss: no column meant
    assert "--y-score" not in capsys.readouterr().err
