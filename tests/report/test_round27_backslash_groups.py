"""Round 27: a group name ending in a backslash prints as written in the terminal views. rich's
``escape`` doubles a trailing backslash for a closing tag that may follow; in a table cell or at
a line's end nothing follows, so the group ``x\\`` printed as ``x\\\\``, like the group ``x\\\\``
beside it (and before a tag, rich's escape kept one of two backslashes: ``x\\\\`` read ``x\\``)."""

from __future__ import annotations

import numpy as np

import ethiclens
from ethiclens.report import terminal_summary

from ..conftest import printed

ONE, TWO = "x\\", "y\\\\"  # one and two backslashes at the end


def test_the_audit_terminal_prints_trailing_backslashes_as_written():
    rng = np.random.default_rng(0)
    groups = rng.choice([ONE, TWO, "z"], 600)
    result = ethiclens.audit(
        rng.integers(0, 2, 600),
        rng.integers(0, 2, 600),
        {"a\\": groups},
        reference=ONE,
        n_boot=100,
        random_state=0,
    )
    text = printed(terminal_summary(result))
    assert "a\\: reference group x\\ (given)" in text  # inside tags, then before text
    assert "a\\: y\\\\ vs x\\ " in text  # a table cell ending in one backslash
    assert "a\\: z vs x\\ " in text
    assert "vs x\\\\" not in text
