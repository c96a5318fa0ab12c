"""Round 38 review of 2a1c9114 (a suggested command line kept whole for a --config user): the
command 'ethiclens audit --counts FILE --protected g=a' that a counts run with a reference
suggests was not a valid command where the reference holds a space or a quote (--protected
g=a b: two words to a shell; g=it's: an open quote): the value is now shell-quoted, on every
face. And _commands_kept left the caller's error holding its placeholders (problem '\\x000\\x00')
after renaming: the error given to flag_error is now left as it was."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("given", "said"), [("g=a b", "'g=a b'"), ("g=it's", "'g=it'\"'\"'s'"), ("g=a", "g=a")]
)
def test_the_suggested_audit_is_one_valid_command(tmp_path, monkeypatch, capsys, given, said):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,p,g\n1,1,a b\n0,1,it's\n1,0,a\n")
    (tmp_path / "s.yaml").write_text(
        f'target: {{file: d.csv}}\nroles: {{y_pred: [p], protected: ["{given}"]}}\n'
    )
    for argv in (["d.csv", "--y-pred", "p", "--protected", given], ["--config", "s.yaml"]):
        assert main(["counts", *argv, "--out", "c.csv", "--engine", "pandas"]) == 2
        err = capsys.readouterr().err
        assert err.rstrip().endswith(f"its audit: ethiclens audit --counts FILE --protected {said}")


def test_the_callers_error_is_left_as_it_was():
    fix = "ethiclens audit --counts FILE --protected g=a; or drop --bins"
    exc = EthicLensInputError("bad", column="--bins", fix=fix)
    words = {"--bins": "groups.bins", "--protected": "roles.protected"}
    said = exc.renamed({}, "key", words)
    assert said.fix == "ethiclens audit --counts FILE --protected g=a; or drop groups.bins"
    assert (exc.problem, exc.fix) == ("bad", fix)
