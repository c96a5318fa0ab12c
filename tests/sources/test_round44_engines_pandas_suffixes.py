"""Round 44 (engines): ``audit --engine pandas`` read a ``.csv.gz`` file (or ``.csv.bz2``, ...)
with pandas' own typing, not by the engines' rule (docs/engines.md) that ``.csv`` files, every
other engine and ``ethiclens counts --engine pandas`` read it by: groups ``' 2'`` and ``'2'``
were merged into one group and audited (every other face refuses them as two spellings of one
name), and a damaged ``.pq`` file was refused in other words than the same file named
``.parquet``. Now every file the engines read (``.csv``, ``.csv.gz``, ``.parquet``, ``.pq``)
and a CSV compressed otherwise is read by the rule on the pandas engine too."""

import bz2
import gzip

import pandas as pd
import pytest

from ethiclens.cli import main

TEXT = b"g,y,p\n01,0,1\n1,1,1\n01,1,0\n1,0,0\n 2,1,1\n2,0,1\n"
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--min-group-size", "1"]


def _last_line(capsys, argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    return code, capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("suffix, pack", [(".csv.gz", gzip.compress), (".csv.bz2", bz2.compress)])
def test_a_compressed_csv_is_read_by_the_rule_on_the_pandas_engine(tmp_path, capsys, suffix, pack):
    plain, packed = tmp_path / "d.csv", tmp_path / f"d{suffix}"
    plain.write_bytes(TEXT)
    packed.write_bytes(pack(TEXT))
    code, said = _last_line(capsys, ["audit", plain, *ROLES, "--engine", "pandas"])
    assert code == 2 and "distinct values print the same: '2'" in said, said
    engines = ["pandas", "duckdb"] if suffix == ".csv.gz" else ["pandas"]
    for engine in engines:
        assert _last_line(capsys, ["audit", packed, *ROLES, "--engine", engine]) == (2, said)
    counted = ["counts", packed, *ROLES[:6], "--engine", "pandas", "--out", tmp_path / "c.csv"]
    # round 48: the audit's fix gives the merge (--merge-groups); counts takes no group edits,
    # so its fix is the file's change only: the same refusal, the fix of its face
    code, by_counts = _last_line(capsys, counted)
    assert code == 2 and by_counts.split(" Fix: ")[0] == said.split(" Fix: ")[0], by_counts
    assert "--merge-groups" in said and "--merge-groups" not in by_counts, by_counts


def test_a_damaged_pq_file_is_refused_as_a_damaged_parquet_file(tmp_path, capsys):
    pd.DataFrame({"g": ["a", "b"], "y": [0, 1], "p": [1, 0]}).to_parquet(tmp_path / "d.parquet")
    whole = (tmp_path / "d.parquet").read_bytes()
    for name in ("d.parquet", "d.pq"):
        (tmp_path / name).write_bytes(whole[: len(whole) // 2])
    said = {
        (name, engine): _last_line(capsys, ["audit", tmp_path / name, *ROLES, "--engine", engine])
        for name in ("d.parquet", "d.pq")
        for engine in ("pandas", "duckdb")
    }
    assert said[("d.pq", "pandas")] == said[("d.pq", "duckdb")]
    code, line = said[("d.pq", "pandas")]
    assert code == 2 and line == said[("d.parquet", "pandas")][1].replace("d.parquet", "d.pq")
