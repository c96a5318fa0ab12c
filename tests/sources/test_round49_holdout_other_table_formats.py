"""Round 49 holdout: a table in a format EthicLens does not read, saved under a .csv name (a
Feather file, an Excel workbook), was refused as a damaged CSV ("holds a NUL byte ... export
the table again as UTF-8 CSV") or, for the workbook, told to be renamed .csv.zip (a ZIP of
several files, refused again). Every face that reads a file now names the format and the
conversion; the web upload names it too."""

import importlib.util
import io
import zipfile

import pytest

from ethiclens.cli import main

FEATHER = b"ARROW1\x00\x00" + b"\x00\x01\xff" * 20
ENGINES = [
    "pandas",
    pytest.param(
        "duckdb",
        marks=pytest.mark.skipif(not importlib.util.find_spec("duckdb"), reason="no duckdb"),
    ),
]


def _xlsx() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("xl/workbook.xml", "<workbook/>")
    return out.getvalue()


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("content", "what", "call"),
    [
        (FEATHER, "an Arrow IPC (Feather) file", "pd.read_feather(path)"),
        # round 49: a spreadsheet's user is told to save it as CSV (Python: pandas code)
        (_xlsx(), "an Excel workbook (.xlsx)", "Excel: File > Save As > CSV UTF-8"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 40, "an old Excel", "Save As > CSV"),
    ],
    ids=["feather", "xlsx", "xls"],
)
def test_another_table_format_named_csv_is_named(tmp_path, capsys, engine, content, what, call):
    path = tmp_path / "d.csv"
    path.write_bytes(content)
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--engine", engine]) == 2
    err = capsys.readouterr().err
    assert f"d.csv is {what}" in err and "not a CSV or Parquet table" in err, err
    assert call in err and "NUL" not in err and ".csv.zip" not in err
    assert "Excel" not in what or "pandas" not in err, err


def test_python_keeps_the_pandas_conversion_of_a_workbook(tmp_path):
    from ethiclens.errors import DataFileError
    from ethiclens.io import read_table

    (tmp_path / "d.csv").write_bytes(_xlsx())
    with pytest.raises(DataFileError) as caught:
        read_table(tmp_path / "d.csv")
    assert "pd.read_excel(path).to_parquet('data.parquet')" in caught.value.fix


def test_the_web_upload_names_a_feather_file(tmp_path):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from tests.web.conftest import make_app, upload

    with TestClient(make_app(tmp_path), follow_redirects=False) as client:
        r = upload(client, FEATHER, name="d.feather")
    assert r.status_code == 415
    assert "an Arrow IPC (Feather) file, not a CSV or Parquet table" in r.text
