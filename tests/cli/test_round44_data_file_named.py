"""Round 44: a data file that 'pcer audit --train/--test', 'p2nia release --data', 'probe
make-counterfactuals DATA', 'probe analyze-counterfactuals SCORED' and 'probe counterfactual
--data' could not read (missing, a folder, empty, an unknown type) was refused naming no
option: "error: file x.csv does not exist. Fix: check the path", where 'audit' names its
TARGET. Each now names what gave the path; Python's read_splits its parameter."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

CSV = "g,y,p\na,1,1\nb,0,1\n"


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text(CSV)
    (tmp_path / "c.yaml").write_text("a: 1\n")
    (tmp_path / "req.json").write_text("{}")
    return tmp_path


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (
            "pcer audit --train no/x.csv --test d.csv --y-true y --y-pred p --protected g",
            "option '--train'",
        ),
        (
            "pcer audit --train d.csv --test c.yaml --y-true y --y-pred p --protected g",
            "option '--test'",
        ),
        ("probe make-counterfactuals no/x.csv --protected g --out f.csv", "argument 'DATA'"),
        ("probe analyze-counterfactuals c.yaml --y-pred p", "argument 'SCORED'"),
        ("probe counterfactual --model os:getcwd --data no/x.csv", "option '--data'"),
    ],
)
def test_an_unreadable_data_file_names_its_option(files, capsys, argv, named):
    assert main(argv.split()) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {named}: "), err
    assert len(err.splitlines()) == 1


def test_a_p2nia_release_names_data(files, capsys):
    argv = ["p2nia", "request", "--n", "10", "--protected", "g", "--metrics", "dp"]
    assert main([*argv, "--epsilon", "1", "--groups", "a,b", "--out", "req.json"]) == 0
    capsys.readouterr()
    argv = ["p2nia", "release", "--request", "req.json", "--data", str(files), "--y-pred", "p"]
    assert main([*argv, "--out", "rel"]) == 2
    assert capsys.readouterr().err.startswith("error: option '--data': ")
    assert not (files / "rel").exists()


def test_python_read_splits_names_its_parameter(files):
    from ethiclens.privacy import read_splits

    with pytest.raises(EthicLensInputError) as caught:
        read_splits("d.csv", "no/x.csv", y_true="y", y_pred="p", protected="g")
    assert caught.value.column == "test_path"
