"""Round 28 review: compare's model B, counted as a key column by DuckDB and Dask, reached the
comparison as a CSV's text: true/false predictions were refused ('is not binary 0/1: found
values ['false', 'true']') and a --pos-label of 1.0 said they wrote it otherwise, where pandas
reads them as the booleans model A's are. Model B is typed as labels are, the same on every
engine (the comparison's JSON too)."""

import json

import pytest

from ethiclens.cli import main

TEXT = "y,p,q,g\ntrue,true,false,a\nfalse,false,true,a\ntrue,false,true,b\nfalse,true,false,b\n"
TEXT += "true,true,true,a\nfalse,false,false,b\n"


@pytest.mark.parametrize("pos_label", [None, "true", "1.0"])
def test_model_b_true_false_compares_alike_on_every_engine(tmp_path, capsys, pos_label):
    path = tmp_path / "f.csv"
    path.write_text(TEXT)
    args = ["--y-true", "y", "--protected", "g", "--y-pred", "p", "--y-pred", "q"]
    args += ["--pos-label", pos_label] if pos_label else []
    reports = {}
    for engine in ("pandas", "duckdb", "dask"):
        out = tmp_path / f"{engine}.json"
        code = main(["compare", str(path), "--engine", engine, *args, "--json", str(out)])
        assert code == 0, capsys.readouterr().err
        reports[engine] = json.loads(out.read_text())
    for report in reports.values():
        for key in ("differences", "group_differences", "verdicts", "summary", "models"):
            assert report[key] == reports["pandas"][key], key


def test_model_b_text_in_parquet_stays_text_on_every_engine(tmp_path, capsys):
    # a Parquet file's strings are text to pandas: 'true'/'false' refused alike, not typed
    pd = pytest.importorskip("pandas")
    frame = pd.read_csv(pd.io.common.StringIO(TEXT), dtype={"q": str})
    path = tmp_path / "f.parquet"
    frame.to_parquet(path)
    args = ["--y-true", "y", "--protected", "g", "--y-pred", "p", "--y-pred", "q"]
    lines = set()
    for engine in ("pandas", "duckdb", "dask"):
        assert main(["compare", str(path), "--engine", engine, *args]) == 2
        lines.add(capsys.readouterr().err.strip().splitlines()[-1])  # a library's warning aside
    assert len(lines) == 1, "\n".join(lines)
    assert "'q (y_pred, model B)': is not binary 0/1" in lines.pop()
