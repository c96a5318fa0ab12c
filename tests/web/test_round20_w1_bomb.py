"""Round 20 (W1): a Parquet file whose text column is one long string, dictionary-encoded and
compressed to a kB, is refused as a decompression bomb (413) before anything reads it into
memory: its values are counted as decoded, not as the footer's encoded sizes say."""

from __future__ import annotations

import io
import re

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


def _bomb(nested: bool = False) -> bytes:
    n, long = 300, "x" * (1 << 20)  # 300 rows of one 1 MiB string: 300 MiB once read
    g = pa.array([[long]] * n) if nested else pa.array([long] * n)
    table = pa.table({"label": [i % 2 for i in range(n)], "pred": [i // 2 % 2 for i in range(n)]})
    buf = io.BytesIO()
    pq.write_table(table.append_column("g", g), buf, compression="zstd", use_dictionary=True)
    return buf.getvalue()


@pytest.mark.parametrize("nested", [False, True], ids=["string", "list-of-strings"])
def test_a_dictionary_encoded_long_string_is_a_decompression_bomb(tmp_path, nested):
    from starlette.testclient import TestClient

    from tests.web.conftest import make_app, upload

    content = _bomb(nested)
    assert len(content) < 2_000
    with TestClient(make_app(tmp_path, max_upload=1 << 20), follow_redirects=False) as c:
        r = upload(c, content, "bomb.parquet")
    assert r.status_code == 413, r.text[-1500:]
    error = re.search(r'id="error-file"[^>]*>([^<]*)<', r.text).group(1)
    assert error.startswith("the Parquet file would expand to at least 300 MB in memory ("), error
    assert "over 64 MB): refused as a decompression bomb. Fix: upload the table as CSV" in error


def test_the_bomb_is_counted_without_expanding_it(tmp_path):
    """The check holds each distinct string once: the file's 300 MiB never exist at once (the
    server's own memory, measured in a process of its own)."""
    import subprocess
    import sys

    path = tmp_path / "bomb.parquet"
    path.write_bytes(_bomb())
    script = (
        "import resource, sys\n"
        "from pathlib import Path\n"
        "import pyarrow.parquet, pyarrow.compute, pandas\n"
        "from ethiclens.web._uploads import UploadError, check_content\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "try:\n"
        "    check_content(Path(sys.argv[1]), 1 << 20)\n"
        "except UploadError as exc:\n"
        "    assert exc.status == 413, exc\n"
        "else:\n"
        "    raise SystemExit('accepted')\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True
    )
    assert int(out.stdout) < 64 << 10, out.stdout  # kB: far under the 300 MiB it stands for


def test_a_text_column_of_ordinary_names_is_accepted(client):
    from tests.web.conftest import upload

    n = 50_000  # sorted groups with long names: a few kB on disk, a few MB in memory
    g = ["a group with a rather long descriptive name, " + str(i // 25_000) for i in range(n)]
    buf = io.BytesIO()
    pq.write_table(pa.table({"label": [0] * n, "pred": [i % 2 for i in range(n)], "g": g}), buf)
    r = upload(client, buf.getvalue(), "long-names.parquet")
    assert r.status_code == 303, r.text[-1500:]
