"""Round 20 (U): UTF-16 or UTF-32 text without a byte-order mark is told by its first 4 KiB
decoding to text with line breaks and commas, in any script: a CSV of Cyrillic or CJK names
(no NUL high bytes but its commas' and newlines') is refused as UTF-16 text with iconv's fix on
every engine, gzipped too, by every command that reads a table; not read as UTF-8 into columns
named '3\\x04@\\x04…'."""

from __future__ import annotations

import gzip

import pytest

from ethiclens.cli import main
from ethiclens.io import wide_text_error

ROWS = ["группа,метка,прогноз"] + [
    f"{g},{i % 2},{(i // 3) % 2}" for i, g in enumerate(["мужчина", "женщина"] * 200)
]
CYRILLIC = "\n".join(ROWS) + "\n"
CJK = "性别,标签,预测\n" + "".join(f"{'男女'[i % 2]},{i % 2},{i // 2 % 2}\n" for i in range(300))
ROLES = ["--y-true", "метка", "--y-pred", "прогноз", "--protected", "группа"]
ICONV = {"utf-16-le": "utf-16le", "utf-16-be": "utf-16be", "utf-32-le": "utf-32le"}


@pytest.mark.parametrize("text", [CYRILLIC, CJK, "g,y\nÄÖÜ,1\n"], ids=["cyr", "cjk", "latin"])
@pytest.mark.parametrize("encoding", [*ICONV, "utf-32-be"])
def test_wide_text_of_any_script_is_told(text, encoding):
    data = text.encode(encoding)
    for cut in (64, 4096, len(data)):
        err = wide_text_error("w.csv", data[:cut])
        assert err is not None, (encoding, cut)
        iconv = encoding.replace("-", "").replace("utf", "utf-", 1)
        assert f"iconv -f {iconv} -t utf-8" in str(err), str(err)


@pytest.mark.parametrize("text", [CYRILLIC, CJK])
def test_utf8_text_with_a_stray_nul_is_not_wide_text(text):
    data = bytearray(text.encode())
    for at in (7, 100, 301):  # after letters, commas and line breaks alike
        data[at:at] = b"\x00"
    assert wide_text_error("w.csv", bytes(data)) is None
    assert wide_text_error("w.csv", text.encode()) is None


def _write(path, data: bytes) -> None:
    if path.name.endswith(".gz"):
        data = gzip.compress(data)
    path.write_bytes(data)


@pytest.mark.parametrize("name", ["cy16.csv", "cy16.csv.gz"])
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_the_audit_refuses_it(tmp_path, capsys, monkeypatch, name, engine, encoding):
    _write(tmp_path / name, CYRILLIC.encode(encoding))
    monkeypatch.chdir(tmp_path)
    assert main(["audit", name, *ROLES, "--engine", engine, "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert f"{name} is UTF-16 text, not UTF-8" in err, err
    assert f"iconv -f {ICONV[encoding]} -t utf-8" in err and "\\x04" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["counts", "cy16.csv", *ROLES, "--out", "c.csv"],
        ["thresholds", "cy16.csv", "--y-score", "прогноз", "--y-true", "метка"]
        + ["--protected", "группа"],
        ["monitor", "cy16.csv", *ROLES, "--time", "t", "--window", "1d", "--store", "s.sqlite"],
        ["probe", "make-counterfactuals", "cy16.csv", "--protected", "группа", "--out", "cf.csv"],
    ],
    ids=lambda a: a[0],
)
def test_every_command_refuses_it(tmp_path, capsys, monkeypatch, argv):
    (tmp_path / "cy16.csv").write_bytes(CYRILLIC.encode("utf-16-le"))
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "cy16.csv is UTF-16 text, not UTF-8" in err and "iconv -f utf-16le" in err, err
