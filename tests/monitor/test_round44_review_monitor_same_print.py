"""Round 44 review (monitor): groups that print the same were counted apart by the monitor
where the audit refuses them. A CSV whose g holds '01', '1', ' 2' and '2': ``ethiclens audit``
refuses "distinct values print the same: '2' is written both as ' 2' and as '2'", but
``ethiclens monitor`` (pandas and DuckDB) counted ' 2' and '2' as two groups, because its
check of the groups typed them as numbers first (both 2). The monitor now refuses them in the
audit's words, nothing written; '01' and '1' stay two groups, as the audit keeps them."""

import pytest

from ethiclens.cli import main

ROWS = ["01,0,1", "1,1,1", "01,1,0", "1,0,0", " 2,1,1", "2,0,1"]
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


def _said(capsys, argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    return code, capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_monitor_refuses_groups_printing_the_same_as_the_audit(tmp_path, capsys, engine):
    data = tmp_path / "d.csv"
    data.write_text("t,g,y,p\n" + "".join(f"2024-01-01,{row}\n" for row in ROWS))
    audit = _said(capsys, ["audit", data, *ROLES, "--engine", engine])
    assert audit[0] == 2 and "distinct values print the same: '2'" in audit[1], audit
    store = tmp_path / "store"
    watch = ["monitor", data, "--time", "t", "--window", "1d", *ROLES, "--engine", engine]
    assert _said(capsys, [*watch, "--store", store]) == audit
    assert not store.exists()


def test_a_later_batch_bringing_both_spellings_is_refused(tmp_path, capsys):
    first, later, store = tmp_path / "a.csv", tmp_path / "b.csv", tmp_path / "store"
    first.write_text("t,g,y,p\n" + "".join(f"2024-01-01,{row}\n" for row in ROWS[:4]))
    later.write_text("t,g,y,p\n" + "".join(f"2024-01-02,{row}\n" for row in ROWS))
    watch = ["--time", "t", "--window", "1d", *ROLES, "--store", store, "--min-group-size", "1"]
    assert main(["monitor", str(first), *map(str, watch)]) == 0
    code, said = _said(capsys, ["monitor", later, *watch])
    assert code == 2 and said.startswith("error: column 'g': distinct values print the same: ")
