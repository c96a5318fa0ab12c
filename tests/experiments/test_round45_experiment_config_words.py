"""Round 45: ExperimentConfig(...).validate() named the command line's flags to a Python
caller (ExperimentConfig(sizes=(0,)) said "option '--sizes' ... Fix: e.g. --sizes 2000"; models,
mechanisms, repetitions, epsilons alike), where MonitorRequest names its fields since round
44; and an empty list ('p2nia experiment --models ""', models=()) was told "needs one or more
distinct values ... Fix: list each value once", nothing about giving one. Python now hears
the field and a keyword example; the command line keeps its flags; an empty list is told to
give at least one."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ExperimentConfig

CASES = [
    ({"sizes": (0,)}, "sizes", "n′ must be an integer", "e.g. sizes=(250, 500, 1000, 2000, 5000)"),
    ({"models": ()}, "models", "needs one or more values", "give at least one, e.g. models=("),
    ({"mechanisms": ()}, "mechanisms", "needs one or more values", "give at least one"),
    ({"repetitions": 0}, "repetitions", "needs 1 to 10,000", "e.g. repetitions=10"),
    ({"epsilons": (-1,)}, "epsilons", "ε must be a finite number", ""),
    ({"epsilons": ("x",)}, "epsilons", "ε must be a number", ""),
    ({"metric_epsilons": (1, 1.0)}, "metric_epsilons", "values repeated", "list each value"),
    ({"accounting": "x"}, "accounting", "unknown accounting", "choose from"),
    ({"n_ref": 5}, "n_ref", "n′ must be an integer", "e.g. n_ref=2000"),
]


@pytest.mark.parametrize(("fields", "name", "problem", "fix"), CASES)
def test_a_python_caller_is_told_the_field(fields, name, problem, fix):
    with pytest.raises(EthicLensInputError) as info:
        ExperimentConfig(**fields).validate()
    said = str(info.value)
    assert info.value.column == name and info.value.kind == "argument", said
    assert problem in said and fix in info.value.fix and "--" not in said, said


@pytest.mark.parametrize(
    ("flag", "value", "words"),
    [
        (
            "--models",
            "",
            "needs one or more values (value: []). Fix: give at least one, e.g. --models rf,xgb",
        ),
        ("--sizes", "", "Fix: give at least one, e.g. --sizes 250,500,1000,2000,5000"),
        ("--sizes", "0", "(value: 0). Fix: e.g. --sizes 2000"),
        ("--repetitions", "0", "Fix: e.g. --repetitions 10"),
    ],
)
def test_the_command_line_keeps_its_flags(tmp_path, capsys, flag, value, words):
    out = tmp_path / "out"
    assert main(["p2nia", "experiment", flag, value, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"option '{flag}': " in err and words in err and "Traceback" not in err, err
    assert not out.exists()
