"""Round 49 (probes, a column the file lacks named unlike the audit; e13e8e43's sibling): probe
analyze-counterfactuals --y-pred nope (--y-score, make-counterfactuals --protected, counterfactual
--model ... --attribute alike) said "column 'nope': not found in s.csv", no option named, where
the audit says "option '--y-pred': column 'nope' not found in s.csv" (Python: "argument 'y_pred':
..."). Each now names the option (the argument in Python), the audit's fix kept; a data column
a flag named is still named as that column ('--protected out' holding a blank: not '--out')."""

import pytest

from ethiclens import EthicLensInputError, probes
from ethiclens.cli import main

TABLE = "_cf_row,_cf_source,_cf_target,g,p,s\n0,a,a,a,1,0.5\n0,a,b,b,0,0.4\n"


def _path(tmp_path, text=TABLE):
    path = tmp_path / "t.csv"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "argv,said",
    [
        (["analyze-counterfactuals", "T", "--y-pred", "pred"], "option '--y-pred': column 'pred'"),
        (["analyze-counterfactuals", "T", "--y-pred", "p", "--y-score", "sc"], "'--y-score'"),
        (["make-counterfactuals", "T", "--protected", "G", "--out", "O"], "option '--protected'"),
    ],
)
def test_the_command_line_names_the_option(tmp_path, capsys, argv, said):
    path = _path(tmp_path)
    out = tmp_path / "o.csv"
    argv = [str(path) if a == "T" else str(out) if a == "O" else a for a in argv]
    assert main(["probe", *argv]) == 2
    err = capsys.readouterr().err
    assert said in err and f"not found in {path}. Fix: " in err, err
    assert "'g', 'p', 's'" in err and not out.exists(), err


@pytest.mark.parametrize(
    "call,said",
    [
        (lambda p, o: probes.analyze_scored(p, "pred"), "argument 'y_pred': column 'pred' not"),
        (lambda p, o: probes.analyze_scored(p, "p", "sc"), "argument 'y_score': column 'sc' not"),
        (lambda p, o: probes.write_counterfactuals(p, "G", o), "argument 'protected': column 'G'"),
    ],
)
def test_python_names_the_argument(tmp_path, call, said):
    with pytest.raises(EthicLensInputError) as err:
        call(_path(tmp_path), tmp_path / "o.csv")
    assert str(err.value).startswith(said), str(err.value)
    assert "use one of its columns: '_cf_row', '_cf_source'" in str(err.value)


def test_a_data_column_named_like_an_option_is_still_that_column(tmp_path, capsys):
    path = _path(tmp_path, "g,out\na,x\nb,\n")
    out = str(tmp_path / "o.csv")
    assert (
        main(["probe", "make-counterfactuals", str(path), "--protected", "out", "--out", out]) == 2
    )
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.startswith("error: column 'out': 1 missing group value(s)"), err
