"""Reading files (round 6 of the tester's findings): one refusal for a byte that is not UTF-8
wherever it lies (past the first 64 kB too), on every engine, the monitor and the web upload;
a header line longer than 64 kB read whole; a bad row named by its file line."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from tests.sources.conftest import spark  # noqa: F401 (the suite's one SparkSession)

pytest.importorskip("duckdb")
pytest.importorskip("dask.dataframe")

ENGINES = ["pandas", "duckdb", "dask"]
AUDIT = ["--y-true", "label", "--y-pred", "pred", "--protected", "grp", "--n-boot", "100"]


def _rows(n=4000, seed=0) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "t": pd.date_range("2024-01-01", periods=n, freq="min").strftime("%Y-%m-%dT%H:%M:%S"),
            "label": r.integers(0, 2, n),
            "pred": r.integers(0, 2, n),
            "grp": r.choice(["A", "B"], n),
        }
    )


def _late_latin1(path):
    """A CSV whose only non-UTF-8 byte (latin-1 'é') lies on line 3002, past 64 kB."""
    text = _rows().to_csv(index=False).encode()
    lines = text.split(b"\n")
    lines[3001] = lines[3001].replace(b",A", b",Caf\xe9").replace(b",B", b",Caf\xe9")
    path.write_bytes(b"\n".join(lines))
    assert len(b"\n".join(lines[:3001])) > 65536
    return path


def _error(capsys, argv) -> tuple[int, str]:
    rc = main(argv)
    err = capsys.readouterr().err.strip().splitlines()
    return rc, err[-1] if err else ""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_late_byte_that_is_not_utf8_is_one_refusal_on_every_engine(tmp_path, capsys, engine):
    path = _late_latin1(tmp_path / "late.csv")
    rc, line = _error(capsys, ["audit", str(path), *AUDIT, "--engine", engine])
    assert rc == 2, line
    assert line.startswith("error: late.csv is not UTF-8 text (byte b'\\xe9' on line 3002"), line


def _monitor_refusal(tmp_path, capsys, engine) -> tuple[int, str]:
    folder = tmp_path / "l2"
    folder.mkdir()
    _late_latin1(folder / "day00.csv")
    argv = ["monitor", str(folder), "--time", "t", "--window", "1d", "--y-pred", "pred"]
    argv += ["--y-true", "label", "--protected", "grp=A", "--engine", engine]
    return _error(capsys, [*argv, "--store", str(tmp_path / "s.sqlite")])


@pytest.mark.parametrize("engine", ENGINES)
def test_the_monitor_refuses_it_the_same_way(tmp_path, capsys, engine):
    rc, line = _monitor_refusal(tmp_path, capsys, engine)
    assert rc == 2, line
    assert line.startswith("error: day00.csv is not UTF-8 text (byte b'\\xe9' on line 3002"), line


def test_spark_refuses_it_the_same_way_in_the_audit_and_the_monitor(tmp_path, capsys, spark):  # noqa: F811
    path = _late_latin1(tmp_path / "late.csv")
    rc, line = _error(capsys, ["audit", str(path), *AUDIT, "--engine", "spark"])
    assert rc == 2 and line.startswith(
        "error: late.csv is not UTF-8 text (byte b'\\xe9' on line 3002"
    )
    rc, line = _monitor_refusal(tmp_path, capsys, "spark")
    assert rc == 2 and line.startswith(
        "error: day00.csv is not UTF-8 text (byte b'\\xe9' on line 3002"
    )


def test_an_early_byte_names_its_line_too(tmp_path, capsys):
    path = tmp_path / "early.csv"
    path.write_bytes(b"label,pred,grp\n1,0,A\n0,1,Caf\xe9\n" + b"1,1,B\n" * 50)
    rc, line = _error(capsys, ["audit", str(path), *AUDIT])
    assert rc == 2 and "early.csv is not UTF-8 text (byte b'\\xe9' on line 3, offset 28)" in line


def test_a_web_upload_with_a_late_byte_is_415_not_utf8(tmp_path):
    pytest.importorskip("starlette")
    from ethiclens.web._uploads import UploadError, check_content

    path = _late_latin1(tmp_path / "upload.csv")
    with pytest.raises(UploadError) as caught:
        check_content(path, 10**9)
    assert caught.value.status == 415
    assert caught.value.problem.startswith("the file is not UTF-8 text (byte b'\\xe9' on line 3002")


def _wide(path):
    """A header longer than 64 kB whose name cut at 65,536 bytes equals an earlier name."""
    first = "f" * 32759  # "t,label,pred,grp," + first + "," is 32,777 bytes: the cut
    names = ["t", "label", "pred", "grp", first, first + "g" * 1000]  # leaves 32,759 of the last
    rows = _rows(60)[["t", "label", "pred", "grp"]].to_numpy()
    body = "".join(f"{t},{a},{b},{c},0,0\n" for t, a, b, c in rows)
    path.write_text(",".join(names) + "\n" + body)
    assert len(",".join(names)) > 65536
    return path


@pytest.mark.parametrize("engine", ENGINES)
def test_a_header_longer_than_64kb_is_read_whole(tmp_path, capsys, engine):
    path = _wide(tmp_path / "wide.csv")
    rc, line = _error(capsys, ["audit", str(path), *AUDIT, "--engine", engine, "--json", "-"])
    assert rc in (0, 1) and "columns named" not in line, line


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_monitor_reads_a_long_header_whole(tmp_path, capsys, engine):
    path = _wide(tmp_path / "wide.csv")
    argv = ["monitor", str(path), "--time", "t", "--window", "1d", "--y-pred", "pred"]
    argv += ["--y-true", "label", "--protected", "grp=A", "--engine", engine]
    rc, line = _error(capsys, [*argv, "--store", str(tmp_path / "s.sqlite")])
    assert rc in (0, 1) and "columns named" not in line, line


def test_a_header_beyond_the_bound_is_refused_clearly(tmp_path, monkeypatch):
    from ethiclens import io
    from ethiclens.errors import DataFileError

    monkeypatch.setattr(io, "MAX_HEADER_BYTES", 1 << 20)
    path = tmp_path / "endless.csv"
    path.write_text("a," * (1 << 20) + "b\n1\n")
    with pytest.raises(DataFileError, match="its first line .the header. is longer than 1 MiB"):
        io.preflight_file(path)


def _missing_group(path, blank=""):
    """Row 2 (from 0) lacks its group: on line 5, after a value quoted across two lines (and
    on line 6 with a ``blank`` line above it, which pandas skips)."""
    path.write_text(
        'label,pred,grp,note\n1,0,A,"two\nlines"\n0,1,B,x\n' + blank + "1,1,,x\n" + "0,0,A,x\n" * 20
    )
    return path


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("blank, line", [("", 5), ("\n", 6)])
def test_a_bad_row_is_named_by_its_file_line_on_every_engine(tmp_path, capsys, engine, blank, line):
    path = _missing_group(tmp_path / "short.csv", blank)
    rc, said = _error(capsys, ["audit", str(path), *AUDIT, "--engine", engine])
    assert (
        rc == 2
        and f"1 missing group value(s), first at short.csv line {line} (an empty field)." in said
    ), said


@pytest.mark.parametrize("engine", ENGINES)
def test_a_bad_row_of_the_second_file_and_of_parquet(tmp_path, capsys, engine):
    rows = _rows(30)[["label", "pred", "grp"]].astype({"grp": object})
    folder = tmp_path / "parts"
    folder.mkdir()
    rows.to_parquet(folder / "a.parquet")
    rows.loc[4, "grp"] = None
    rows.to_parquet(folder / "b.parquet")
    rc, said = _error(capsys, ["audit", str(folder), *AUDIT, "--engine", engine])
    assert rc == 2 and "1 missing group value(s), first at b.parquet row 5." in said, said


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_monitor_names_the_same_line(tmp_path, capsys, engine):
    rows = _rows(30).astype({"grp": object})
    rows.loc[2, "grp"] = None
    body = rows.to_csv(index=False).splitlines()
    body[1] = body[1].replace(",A", ',"A\n"').replace(",B", ',"B\n"')  # a quoted line break
    path = tmp_path / "short.csv"
    path.write_text("\n".join(body[:2] + [""] + body[2:]) + "\n")  # and a blank line
    argv = ["monitor", str(path), "--time", "t", "--window", "1d", "--y-pred", "pred"]
    argv += ["--y-true", "label", "--protected", "grp", "--engine", engine]
    rc, said = _error(capsys, [*argv, "--store", str(tmp_path / "s.sqlite")])
    assert rc == 2 and "1 missing group value(s), first at short.csv line 6" in said, said


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_monitor_names_a_missing_label_in_the_audits_words(tmp_path, capsys, engine):
    folder = tmp_path / "m"
    folder.mkdir()
    rows = _rows(400)
    rows["label"] = rows["label"].astype(object)
    rows.loc[56, "label"] = ""
    rows.to_csv(folder / "d.csv", index=False)
    audit = _error(capsys, ["audit", str(folder / "d.csv"), *AUDIT, "--engine", engine])
    argv = ["monitor", str(folder), "--time", "t", "--window", "1d", "--y-pred", "pred"]
    argv += ["--y-true", "label", "--protected", "grp=A", "--engine", engine]
    monitor = _error(capsys, [*argv, "--store", str(tmp_path / "s.sqlite")])
    said = "error: column 'label (y_true)': 1 missing value(s), first at d.csv line 58 "
    said += "(an empty field). Fix: "  # the text read as missing, as the audit names it
    assert audit[0] == monitor[0] == 2 and audit[1].startswith(said)
    assert monitor[1] == audit[1]
