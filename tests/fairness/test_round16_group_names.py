"""Round 16: group names a reader cannot tell apart are refused with one message on every
engine: two names that differ only by invisible format characters (a zero-width space), and
names that are blank (whitespace only: a space, a tab, a no-break space), each named."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


def _refusal(capsys, path, engine, command="audit"):
    out = ["--out", str(path.with_suffix(".counts.csv"))] if command == "counts" else []
    rc = main([command, str(path), *ROLES, "--engine", engine, *out])
    err = capsys.readouterr().err
    assert rc == 2, err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
@pytest.mark.parametrize("command", ["audit", "counts"])
def test_a_zero_width_space_does_not_make_a_second_group(tmp_path, capsys, engine, command):
    path = tmp_path / "zw.csv"
    rows = [f"{g},{i % 2},{i // 2 % 2}" for i, g in enumerate(["a", "a\u200b", "b"] * 40)]
    path.write_text("g,y,p\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert _refusal(capsys, path, engine, command) == (
        "error: column 'g': distinct values print the same: 'a' is written both as U+0061 and "
        "as U+0061 U+200B (the same letters, one with invisible format characters). Fix: "
        "remove the zero-width and other format characters from the column\n"
    )


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_blank_group_names_are_each_named(tmp_path, capsys, engine):
    path = tmp_path / "blank.csv"
    path.write_text("g,y,p\n \t,1,0\n\u00a0,0,1\nb,1,1\n \t,1,0\n", encoding="utf-8")
    assert _refusal(capsys, path, engine) == (
        "error: column 'g': holds blank group names (empty, or only spaces and characters that "
        "print as nothing): ' \\t', "
        "'\\xa0', first at blank.csv line 2. Fix: give those rows an explicit group (e.g. "
        "'Unknown') or drop them\n"
    )


@pytest.mark.parametrize("edge", ["\u0663", "\uff13", "2_5"])
def test_bin_edges_are_read_by_every_faces_number_rule(edge):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.fairness import check_bin_edges

    with pytest.raises(EthicLensInputError, match="bin edges must be numbers"):
        check_bin_edges(["0", edge, "120"], "--bins")
    assert check_bin_edges(["0", " 25", "1e2"], "--bins") == [0.0, 25.0, 100.0]


@pytest.mark.parametrize("name", ["\u200b", "\u2800", "\u3164", "\ufeff\u00a0"])
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_name_that_prints_as_nothing_is_blank(tmp_path, capsys, engine, name):
    path = tmp_path / "inv.csv"
    rows = [f"{[name, 'b'][i % 2]},{i % 2},{i // 2 % 2}" for i in range(40)]
    path.write_text("g,y,p\n" + "\n".join(rows) + "\n", encoding="utf-8")
    err = _refusal(capsys, path, engine)
    assert err.startswith(
        "error: column 'g': holds blank group names (empty, or only spaces and characters that "
        f"print as nothing): {ascii(name)}, first at inv.csv line 2."
    ), err


def test_the_first_non_numeric_value_named_is_the_same_in_any_order():
    """DuckDB hands a counts table's values over in no fixed order: the refusal named 'C' on
    one run and 'B' on the next (round 16)."""
    from ethiclens.fairness import bin_attribute

    for values in (["C", "B", "A"], ["B", "A", "C"]):
        with pytest.raises(Exception, match=r"holds non-numeric values \(first: 'A'\)"):
            bin_attribute(values, [0, 1], "race")
