"""Review of a98565da (did_you_mean names the group of the same number): it compared the
typed text and each group as floats, so two different long ids (12345678901234567 and
12345678901234568, one float) or 1.00000000000000001 and 1 were called "the same number",
and Python's digit separators (1_0) read as 10. Numbers are compared exactly now."""

from __future__ import annotations

import pytest

from ethiclens._checks import did_you_mean

DIFFERENT = [
    ("12345678901234567", ["12345678901234568", "2"]),
    ("9007199254740993", [9007199254740992, 1]),
    ("1.00000000000000001", ["1", "2"]),
    ("1_0", ["10", "1"]),
    ("10", ["1_0", "2"]),
]


@pytest.mark.parametrize(("typed", "groups"), DIFFERENT)
def test_different_numbers_are_never_called_the_same(typed, groups):
    assert "the same number" not in did_you_mean(typed, groups)


SAME = [("1e400", [10**400, 1], str(10**400)), ("1.0", ["sNaN", "1"], "1"), ("-0", [0, 1], "0")]


@pytest.mark.parametrize(("typed", "groups", "meant"), SAME)
def test_one_number_written_two_ways_is_named(typed, groups, meant):
    assert did_you_mean(typed, groups) == (
        f"did you mean {meant!r} (the same number, as written there)? "
    )
