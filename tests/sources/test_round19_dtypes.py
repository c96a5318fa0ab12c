"""Engines, round 19 of the tester's findings: one answer per input on every face.

- a folder of files whose label is an integer in one and text in another ('1' and 1) is refused
  with ``--pos-label`` too, on every engine (pandas counted every integer 1 as negative);
- a Parquet decimal label or prediction equal to exactly 0 and 1 (0.00/1.00) is audited as 0/1
  on every engine (DuckDB audited it, pandas and Dask refused "found values ['0.00', '1.00']");
  0.50 is refused as scores on every engine, in one text;
"""

from decimal import Decimal

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ethiclens.cli import main

ENGINES = ["pandas", "duckdb", "dask"]


def _run(capsys, argv) -> tuple[int, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, (out + err).strip()


def _audit(capsys, target, engine, *extra) -> tuple[int, str]:
    argv = ["audit", target, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    return _run(capsys, [*argv, "--engine", engine, "--n-boot", "100", "--json", "-", *extra])


@pytest.mark.parametrize("engine", ENGINES)
def test_a_folder_with_int_and_text_labels_is_refused_with_pos_label(tmp_path, capsys, engine):
    folder = tmp_path / "fold"
    folder.mkdir()
    frame = pd.DataFrame({"y": [1, 0, 1, 0] * 5, "p": [1, 0, 0, 1] * 5, "g": ["A", "B"] * 10})
    frame.to_parquet(folder / "part0.parquet")
    frame.astype({"y": str}).to_parquet(folder / "part1.parquet")
    code, text = _audit(capsys, folder, engine, "--pos-label", "1")
    assert code == 2, text
    assert "distinct values print the same" in text


def _decimal_file(tmp_path, labels, scale: int):
    table = pa.table(
        {
            "y": pa.array([Decimal(v) for v in labels], pa.decimal128(4, scale)),
            "p": [1, 1, 0, 0] * (len(labels) // 4),
            "g": ["A", "B"] * (len(labels) // 2),
        }
    )
    path = tmp_path / f"dec{scale}.parquet"
    pq.write_table(table, path)
    return path


def _without_source(text: str) -> str:
    import json

    report = json.JSONDecoder().raw_decode(text)[0]  # the report, then any notes
    return json.dumps({k: report[k] for k in ("attributes", "comparisons")}, sort_keys=True)


def test_decimal_zero_one_labels_are_audited_alike_on_every_engine(tmp_path, capsys):
    labels = ["1.00", "0.00", "1.00", "0.00"] * 10
    plain = tmp_path / "plain.parquet"
    pd.DataFrame({"y": [1, 0, 1, 0] * 10, "p": [1, 1, 0, 0] * 10, "g": ["A", "B"] * 20}).to_parquet(
        plain
    )
    code, expected = _audit(capsys, plain, "pandas")
    assert code == 0, expected
    for engine in ENGINES:
        code, text = _audit(capsys, _decimal_file(tmp_path, labels, 2), engine)
        assert code == 0, (engine, text)
        assert _without_source(text) == _without_source(expected), engine


def test_a_decimal_half_label_is_refused_alike_on_every_engine(tmp_path, capsys):
    path = _decimal_file(tmp_path, ["0.00", "0.50", "1.00", "1.00"] * 5, 2)
    texts = set()
    for engine in ENGINES:
        code, text = _audit(capsys, path, engine)
        assert code == 2, (engine, text)
        texts.add(next(line for line in text.splitlines() if line.startswith("error:")))
    assert len(texts) == 1, texts
    assert "looks like scores, not 0/1 labels" in texts.pop()
