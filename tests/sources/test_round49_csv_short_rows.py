"""Round 49: a CSV row with too FEW fields ('1,0' under 'y,p,g') was read with its missing
fields empty: refused as '1 missing group value(s), first at t.csv line 62 (an empty field)'
where the group was the one missing, and audited silently where only a column no role reads
was; a row with too MANY fields is refused by its line. Every engine now refuses a short row
as it refuses a long one; a trailing empty field ('1,0,') is an empty value, and a quoted
field holding a line break is one row."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

ROWS = "".join(f"{i % 2},{i // 2 % 2},a,x\n" for i in range(60))


def _audit(tmp_path, capsys, text: str, engine: str) -> tuple[int, str]:
    path = tmp_path / "t.csv"
    path.write_text("y,p,g,note\n" + ROWS + text)
    args = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    code = main([*args, "--engine", engine, "--n-boot", "100"])
    return code, " ".join(capsys.readouterr().err.split())


ENGINES = ["pandas", "duckdb", "dask"]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    "tail, fields",
    [("1,0,b", 3), ("1,0", 2), ('1,0,b,"two\nlines"\n1,0,b\n', 3)],
    ids=["unread-column", "group-column", "after-a-quoted-line-break"],
)
def test_a_short_row_is_refused_by_its_line(tmp_path, capsys, engine, tail, fields):
    code, said = _audit(tmp_path, capsys, tail, engine)
    line = 62 if "\n" not in tail else 64
    assert code == 2
    assert f"t.csv line {line} has {fields} fields but its header has 4" in said
    assert "missing" not in said


@pytest.mark.parametrize("engine", ENGINES)
def test_an_empty_last_field_and_a_quoted_line_break_are_no_short_rows(tmp_path, capsys, engine):
    code, said = _audit(tmp_path, capsys, '1,0,b,\n0,1,b,"two\nlines"\n', engine)
    assert code == 0, said
