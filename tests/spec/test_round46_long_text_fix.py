"""Round 46: a card field over its length limit (model name 200 characters, intended use
20,000) said "Fix: see docs/config.md (the schema is ...)"; the fix is to shorten it, and
every face now says so with the limit."""

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture
def data_file(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    return str(path)


@pytest.mark.parametrize("keyword, limit", [("name", 200), ("intended_use", 20_000)])
def test_python_says_to_shorten_the_text(data_file, keyword, limit):
    with pytest.raises(EthicLensInputError, match=f"Fix: shorten it to {limit:,} characters"):
        ethiclens.run(
            data_file, y_true="y", y_pred="p", protected="g", **{keyword: "x" * (limit + 1)}
        )


def test_the_cli_says_to_shorten_the_model_name(data_file, capsys):
    args = ["audit", data_file, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*args, "--model-name", "x" * 201]) == 2
    err = capsys.readouterr().err
    assert "option '--model-name'" in err and "Fix: shorten it to 200 characters" in err
    assert "docs/config.md" not in err
