"""A password in a value click refuses by its type (not a number, not a choice) is masked."""

import pytest

from ethiclens.cli import main

URL = "postgresql://u:Secr3t@h/db"


@pytest.mark.parametrize(
    "argv",
    [
        ["oracle", "--n", URL],
        ["oracle", "--di", URL],
        ["monitor", "x.csv", "--fail-on", URL],
        ["p2nia", "request", "--accounting", URL],
        ["audit", "x.csv", "--year", URL],
    ],
)
def test_typed_option_refusal_masks_password(argv, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert "Secr3t" not in out + err
    assert err.startswith("error: option '--") and err.count("\n") == 1
    assert "u:***@h/db" in err
