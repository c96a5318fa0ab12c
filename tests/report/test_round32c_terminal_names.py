"""compare and thresholds print a group name holding a line break or a control character as its
escape, as the audit does: 'a\\nb' split a compare line in two ("g: c vs a" / "b: INCONCLUSIVE"),
and an escape character reached the terminal raw (and, escaped after the widths were taken,
would have pushed the threshold grid's marks out of their columns)."""

import numpy as np
import pandas as pd

from ethiclens.cli import main


def _data(path, groups):
    rng = np.random.default_rng(1)
    n = 400
    pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "q": rng.integers(0, 2, n),
            "s": rng.random(n),
            "g": [groups[i % len(groups)] for i in range(n)],
        }
    ).to_csv(path, index=False)


def test_compare_keeps_a_group_with_a_line_break_on_one_line(tmp_path, capsys):
    data = tmp_path / "d.csv"
    _data(data, ["a\nb", "c"])
    code = main(["compare", str(data), "--y-true", "y", "--y-pred", "p", "--y-pred", "q",
                 "--protected", "g"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    assert "g: c vs a\\nb: " in out
    assert not any(line.startswith("b: ") for line in out.splitlines())


def test_thresholds_escape_control_characters_and_keep_the_columns(tmp_path, capsys):
    data = tmp_path / "d.csv"
    _data(data, ["a\nb", "c", "d\x1b[31m"])
    code = main(["thresholds", str(data), "--y-true", "y", "--y-score", "s", "--protected", "g"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "\x1b" not in out
    rows = [line for line in out.splitlines() if line.startswith("g: ")]
    assert {r.split("  ")[0] for r in rows} >= {"g: c", "g: d\\x1b[31m"}
    assert len({len(r) for r in rows}) == 1  # the marks stay in their columns
