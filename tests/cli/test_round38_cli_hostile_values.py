"""Round 38: a path option or argument holding a NUL character (possible from Python's
``main([...])``; a shell cannot pass one) made every path type of the CLI fail with os.stat's
bare traceback "ValueError: embedded null byte"; it is now refused in one line, in the spec's
words, naming the option, exit code 2 (one path type: p2nia, pcer and probe, whose modules
take seconds to import, are refused by the same class)."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

WORDS = "a path cannot hold a NUL character (\\x00)"


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["audit", "--config", "\x00"], "option '--config'"),
        (["audit", "--save-config", "a\x00.yaml"], "option '--save-config'"),
        (["counts", "--config", "a\x00b", "--out", "x.csv"], "option '--config'"),
        (["monitor", "--config", "\x00", "--time", "t", "--window", "1"], "option '--config'"),
        (["serve", "--data-dir", "\x00"], "option '--data-dir'"),
    ],
)  # fmt: skip
def test_a_nul_in_a_path_is_refused_in_one_line(capsys, args, named):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"error: {named}: {WORDS}"), err
    assert "Fix: remove it" in err, err
