"""``serve --max-upload`` reads its number by every face's rule and refuses, in one line, a
size that is not finite or past any machine (it used to crash on ``inf``)."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.web._settings import parse_size


@pytest.mark.parametrize(
    "text", ["inf", "1e400", "nan", "1e20GB", "1_0KB", "٣MB", "１GB", "1_000", " 5MB", "5MB "]
)
def test_loose_or_endless_sizes_are_refused_in_one_line(text):
    with pytest.raises(EthicLensInputError, match="--max-upload.*is not a size"):
        parse_size(text)


@pytest.mark.parametrize(
    ("text", "size"),
    [("1GB", 1 << 30), ("500mb", 500 << 20), ("2000000", 2000000), ("1.5kb", 1536)],
)
def test_plain_sizes_are_read(text, size):
    assert parse_size(text) == size


def test_serve_refuses_an_infinite_upload_limit_with_exit_2(tmp_path, capsys):
    assert main(["serve", "--max-upload", "inf", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "--max-upload" in err
