"""Round 34: a packaged data file cut short or damaged inside its compression (EOFError,
zlib.error), or a checksums file (SHA256SUMS) missing, unreadable or with a damaged line, was a
traceback from gzip or the parser; each is the one DataFileError naming the file and the fix
(reinstall), as a file that is missing or fails its checksum already was."""

import shutil
from pathlib import Path

import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.datasets import _base
from ethiclens.errors import DataFileError

DATA = Path(_base.__file__).parent / "data"


@pytest.fixture
def package(tmp_path, monkeypatch):
    shutil.copytree(DATA, tmp_path / "data")

    class Resources:
        @staticmethod
        def files(_package):
            return tmp_path

    monkeypatch.setattr(_base, "resources", Resources)
    return tmp_path / "data"


def _damage(data, name, content):
    (data / name).write_bytes(content(data / name))


@pytest.mark.parametrize(
    "content",
    [lambda p: p.read_bytes()[: p.stat().st_size // 2], lambda p: p.read_bytes()[:20] + bytes(99)],
    ids=["cut short", "damaged stream"],
)
def test_a_damaged_data_file_is_refused_naming_it(package, content, capsys):
    _damage(package, "german.data.gz", content)
    with pytest.raises(DataFileError, match="packaged data file german.data") as info:
        datasets.load("german")
    assert "reinstall ethiclens" in info.value.fix
    assert main(["datasets", "info", "german"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "german.data" in err


@pytest.mark.parametrize(
    "content",
    [lambda p: b"\xff\xfe\n", lambda p: p.read_bytes() + b"abc def ghi\n", None],
    ids=["not text", "damaged line", "missing"],
)
def test_a_damaged_checksums_file_is_refused_naming_it(package, content):
    if content is None:
        (package / "SHA256SUMS").unlink()
    else:
        _damage(package, "SHA256SUMS", content)
    with pytest.raises(DataFileError, match="SHA256SUMS") as info:
        datasets.load("german")
    assert "reinstall ethiclens" in info.value.fix
