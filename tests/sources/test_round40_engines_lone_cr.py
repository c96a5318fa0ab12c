"""Round 40: a CSV file ending a line in a lone \\r beside lines ending in \\r\\n (or, for Spark,
\\n) is refused by the engines that cannot split it as pandas and Dask do, naming the file, the
line and the fix. Was: DuckDB took 20 rows' labels as missing ('20 missing value(s)'), Spark
joined lines into groups such as 'A\\r0' (a silent wrong answer). A \\r inside quotes is a
value's, and a file ending every line in one way is read as before."""

import json

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]
OPTS = ["--min-group-size", "1", "--min-labels", "1"]


def _write(path, ends, quoted=False):
    text = "y,p,g" + ends[0]
    for i in range(8):
        group = '"A\rB"' if quoted and i % 2 else "AB"[i % 2]
        text += f"{i % 2},{(i // 2) % 2},{group}" + ends[(i + 1) % len(ends)]
    path.write_bytes(text.encode())
    return path


def _groups(tmp_path, target, engine) -> list:
    out = tmp_path / f"{engine}.json"
    assert main(["audit", str(target), *ROLES, *OPTS, "--engine", engine, "--json", str(out)]) == 0
    groups = json.loads(out.read_text())["attributes"][0]["groups"]
    return sorted((g["group"], g["n"]) for g in groups)


@pytest.mark.parametrize("ends", [["\r\n", "\r"], ["\r", "\r\n", "\r\n"]])
def test_duckdb_refuses_a_lone_cr_beside_crlf_naming_the_line(tmp_path, capsys, ends):
    target = _write(tmp_path / "mixed.csv", ends)
    assert _groups(tmp_path, target, "pandas") == [("A", 4), ("B", 4)]
    assert _groups(tmp_path, target, "dask") == [("A", 4), ("B", 4)]
    capsys.readouterr()
    assert main(["audit", str(target), *ROLES, "--engine", "duckdb"]) == 2
    line = 1 if ends[0] == "\r" else 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"error: file 'mixed.csv' ends line {line} with a lone \\r (classic Mac) and other lines "
        "with \\r\\n: --engine duckdb cannot split such a file into the rows pandas reads. Fix: "
        "give every line the same line end (\\n or \\r\\n), or use --engine pandas"
    ]


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
@pytest.mark.parametrize(
    "ends,quoted", [(["\r"], False), (["\n", "\r"], False), (["\n"], True), (["\r\n"], True)]
)
def test_one_line_end_a_lone_cr_among_lf_or_a_quoted_cr_is_read(tmp_path, engine, ends, quoted):
    target = _write(tmp_path / "one.csv", ends, quoted)
    names = ["A", "A\rB"] if quoted else ["A", "B"]
    assert _groups(tmp_path, target, engine) == [(n, 4) for n in names]


@pytest.mark.parametrize("ends", [["\n", "\r"], ["\r\n", "\r"]])
def test_spark_refuses_a_lone_cr_beside_other_line_ends(tmp_path, spark, ends):
    from ethiclens.errors import DataFileError
    from ethiclens.sources import Roles, spark_file_counts

    target = _write(tmp_path / "mixed.csv", ends)
    with pytest.raises(DataFileError) as caught:
        spark_file_counts(str(target), Roles(y_true="y", y_pred="p", protected=["g"]))
    text = str(caught.value)
    assert text.startswith("file 'mixed.csv' ends line 2 with a lone \\r (classic Mac)")
    assert "--engine spark cannot split such a file" in text
