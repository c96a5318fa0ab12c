"""Round 38 review of 3aa4b57f: errors._in_words keeps a suggested command line ('ethiclens CMD
...') as written, but took any 'ethiclens <word>' for one, so a user's column or value that
reads so (a y_pred column 'ethiclens pred', a group 'ethiclens x', ethiclens' own column
'ethiclens file') kept the flags after it in the same clause unrenamed for a config file's or a
Python caller's user: 'give the threshold ethiclens pred used (--threshold), or drop
roles.y_pred'. Only the CLI's commands start a command line now."""

from __future__ import annotations

from ethiclens.errors import _COMMAND, EthicLensInputError

WORDS = {"--threshold": "thresholds.threshold", "--y-pred": "roles.y_pred", "--store": "store"}


def said(fix: str) -> str:
    return EthicLensInputError("bad", column="roles.y_pred", fix=fix).renamed({}, "key", WORDS).fix


def test_a_column_named_like_a_command_is_prose():
    fix = "give the threshold ethiclens pred used (--threshold), or drop --y-pred"
    assert said(fix) == (
        "give the threshold ethiclens pred used (thresholds.threshold), or drop roles.y_pred"
    )
    assert said("group 'ethiclens file' (--store)") == "group 'ethiclens file' (store)"


def test_a_command_of_the_cli_is_still_kept():
    fix = "recount (ethiclens counts --y-pred p --threshold 0.5), or drop --y-pred"
    kept = "recount (ethiclens counts --y-pred p --threshold 0.5), or drop roles.y_pred"
    assert said(fix) == kept
    assert said("see 'ethiclens p2nia release --store'") == "see 'ethiclens p2nia release --store'"


def test_the_commands_are_the_clis():
    from ethiclens.cli._main import COMMANDS

    for name in COMMANDS:
        assert _COMMAND.fullmatch(f"ethiclens {name} --y-pred p"), name
    assert not _COMMAND.search("ethiclens pred --y-pred p")
