"""Round 34 review: a terminal's table is laid out whole (round 34, 86d667c4), on a
``TERM=dumb`` terminal too: rich gives a dumb terminal 80 columns whatever width the console
was set to, so the audit table was still cut to '…' there ('INCONCL…', 'compari…'). The
console's own width is left as it was after each print (not pinned to the one it measured)."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens._text import _console_class, safe_console
from ethiclens.report import terminal_summary


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    rng = np.random.default_rng(0)
    n = 1200
    frame = pd.DataFrame(
        {"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "race": rng.choice(["A", "B"], n)}
    )
    path = tmp_path_factory.mktemp("dumb34") / "d.csv"
    frame.to_csv(path, index=False)
    spec = ethiclens.AuditSpec.of(str(path), y_true="y", y_pred="p", protected=["race"])
    return ethiclens.run(spec.replace(policy={"n_boot": 200}))


def _tables(console, result) -> str:
    for part in terminal_summary(result):
        if not isinstance(part, str):
            console.print(part)
    return console.file.getvalue()


def test_a_dumb_terminal_prints_the_whole_table(result):
    dumb = safe_console(
        file=io.StringIO(), force_terminal=True, color_system=None, _environ={"TERM": "dumb"}
    )
    assert dumb.width == 80
    size = (dumb._width, dumb._height)
    table = _tables(dumb, result)
    assert "…" not in table
    assert table == _tables(safe_console(file=io.StringIO(), width=160), result)
    assert dumb.width == 80 and (dumb._width, dumb._height) == size


def test_the_console_width_is_not_pinned(result):
    # a terminal's console (safe_console fixes 160 columns when piped), its width unset: read
    # from the terminal at each print, after a table was printed wider too
    console = _console_class()(file=io.StringIO(), force_terminal=True, _environ={})
    assert (console._width, console._height) == (None, None)
    _tables(console, result)
    assert (console._width, console._height) == (None, None)
