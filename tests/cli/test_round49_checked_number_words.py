"""Round 49: a number setting's refusal says its own range on every face (flag, config key,
Python argument): a seed of 1e11 or 4294967296.0 was told only 'must be a non-negative
integer', a range with no top."""

import pytest

from ethiclens._checks import check_seed
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


def _refusal(tmp_path, monkeypatch, capsys, face: str, key: str, text: str) -> str:
    """The refusal of ``key`` written as ``text`` on the command line or in a config file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("y,p,g\n1,1,a\n0,0,b\n")
    (tmp_path / "c.yaml").write_text(f"policy:\n  {key}: {text}\n")
    flag = ["--" + key.replace("_", "-"), text]
    argv = ["audit", "t.csv", *ROLES, *(flag if face == "flag" else ["--config", "c.yaml"])]
    assert main(argv) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("face", ["flag", "config"])
@pytest.mark.parametrize("text", ["1e11", "4294967296.0", "-1"])
def test_a_seed_out_of_range_is_told_its_range(tmp_path, monkeypatch, capsys, face, text):
    err = _refusal(tmp_path, monkeypatch, capsys, face, "seed", text)
    assert "from 0 to 4,294,967,295" in err and "give 4294967296" not in err, err


def test_a_python_seed_is_told_its_range():
    with pytest.raises(EthicLensInputError, match="from 0 to 4,294,967,295"):
        check_seed(1e11, "seed")

