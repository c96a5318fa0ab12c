"""A path whose name is too long for the file system is refused naming its flag or argument
(was "error: the path has a file or folder name that is too long", naming none)."""

import pytest

import ethiclens
import ethiclens.report  # noqa: F401  (imported at collection: each test under 1 s)
import ethiclens.spec  # noqa: F401
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

LONG = "x" * 5000
ROWS = "y,p,g\n" + "1,1,a\n0,1,b\n" * 5


@pytest.mark.parametrize(
    "argv, named",
    [
        (
            ["audit", LONG, "--y-true", "y", "--y-pred", "p", "--protected", "g"],
            "argument 'TARGET'",
        ),
        (
            ["counts", LONG, "--y-pred", "p", "--protected", "g", "--out", "c.csv"],
            "argument 'TARGET'",
        ),
        (["audit", "--config", LONG], "option '--config'"),
        (
            ["audit", "d.csv", "--y-pred", "p", "--protected", "g", "--baseline", LONG],
            "option '--baseline'",
        ),
        (
            ["audit", "d.csv", "--y-pred", "p", "--protected", "g", "--card-info", LONG],
            "option '--card-info'",
        ),
        (["p2nia", "estimate", LONG], "argument 'RELEASE_DIR'"),
        (["pcer", "sweep", "--grid", LONG], "option '--grid'"),
        (
            ["probe", "make-counterfactuals", LONG, "--protected", "g", "--out", "o.csv"],
            "argument 'DATA'",
        ),
    ],
)
def test_long_name_is_refused_by_its_flag(argv, named, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text(ROWS)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {named}") and "too long" in err and err.count("\n") == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.csv"]


@pytest.mark.parametrize("key", ["target", "baseline", "card_info"])
def test_python_names_the_keyword(key, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text(ROWS)
    kw = {"target": "d.csv", "y_pred": "p", "protected": ["g"], key: LONG}
    with pytest.raises(EthicLensInputError, match="too long") as info:
        ethiclens.run(kw.pop("target"), **kw)
    assert info.value.column in (key, "spec")
