"""Round 16: a Python argument is refused as the argument it is."""

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


def test_n_bins_is_named_as_an_argument():
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit([0, 1] * 60, [0, 1] * 60, {"g": ["a", "b"] * 60},
                        y_score=[0.1, 0.9] * 60, n_bins="3")  # fmt: skip
    assert str(err.value) == (
        "argument 'n_bins': must be an integer in [2, 1000] (value: '3'). Fix: 10 is the default"
    )


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_an_intersection_named_as_a_protected_column_is_refused(tmp_path, capsys, engine):
    """A column 'race&sex' beside --intersect race,sex: its groups were silently replaced by
    the crossing's (the monitor raised an IntegrityError)."""
    from ethiclens.cli import main

    path = tmp_path / "c.csv"
    rows = [
        f"{'AB'[i % 2]},{'FM'[i // 2 % 2]},{'XYZ'[i % 3]},{i % 2},{i // 3 % 2}" for i in range(60)
    ]
    path.write_text("race,sex,race&sex,y,p\n" + "\n".join(rows) + "\n")
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--engine", engine]
    for col in ("race", "sex", "race&sex"):
        argv += ["--protected", col]
    assert main([*argv, "--intersect", "race,sex", "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "error: option '--intersect': the intersection ['race', 'sex'] would be named "
        "'race&sex', the name of a protected column"
    ), err


def test_crossed_labels_alike_are_named_alike_on_the_audit_and_the_monitor(tmp_path, capsys):
    from ethiclens.cli import main

    path = tmp_path / "c.csv"
    rows = ["A&M,F,0,1,2024-01-01", "A,M&F,1,0,2024-01-01", "B,F,1,1,2024-01-02"] * 20
    path.write_text("race,sex,y,p,t\n" + "\n".join(rows) + "\n")
    roles = ["--y-pred", "p", "--protected", "race", "--protected", "sex", "--intersect",
             "race,sex", "--n-boot", "100"]  # fmt: skip
    said = (
        "error: option '--intersect': groups ('A', 'M&F') and ('A&M', 'F') would both be "
        "labelled 'A&M&F'. Fix: rename group values that contain '&' before crossing\n"
    )
    assert main(["audit", str(path), "--y-true", "y", *roles]) == 2
    assert capsys.readouterr().err == said
    monitor = [
        "monitor",
        str(path),
        "--time",
        "t",
        "--window",
        "7d",
        "--store",
        str(tmp_path / "s"),
    ]
    assert main([*monitor, *roles]) == 2
    assert capsys.readouterr().err == said


def test_an_intersection_names_its_unknown_attribute():
    from ethiclens.fairness import check_intersection_combos

    with pytest.raises(EthicLensInputError) as err:
        check_intersection_combos([("race", "sex", "age")], ["race", "sex"], "--intersect")
    assert str(err.value) == (
        "option '--intersect': intersection needs two or more known attributes: 'age' is not a "
        "protected attribute (value: ['race', 'sex', 'age']). Fix: use names from "
        "race, sex"
    )
