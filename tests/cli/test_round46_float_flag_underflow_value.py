"""Round 46: a float option read by click's number type (--confidence-level, --di) refused
1e-400 as 'underflows to 0' with no '(value: ...)', where --epsilon 1e-400 and a file's
'epsilon: 1e-400' show the value as typed: every face now shows it."""

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize(
    "args,flag,typed",
    [
        (
            ["p2nia", "estimate", "rel", "--confidence-level", "1e-400"],
            "--confidence-level",
            "1e-400",
        ),
        (["oracle", "--di", "1e-400"], "--di", "1e-400"),
        (["oracle", "--di", "-1e-400"], "--di", "-1e-400"),
    ],
)
def test_an_underflowing_float_option_is_shown_as_typed(args, flag, typed, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"option '{flag}': {typed} underflows to 0" in err, err
    assert f"(about 5e-324) (value: '{typed}'). Fix:" in err, err
