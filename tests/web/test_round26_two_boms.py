"""Round 26: a CSV that starts with two byte-order marks was profiled as pandas reads it (its
first column 'label') while the run named the column as the library's header reads it
('\\ufefflabel'): the mapping screen proposed a column the run then said was not found, with no
way to pick the other in the browser. It is refused at upload, saying why and how to fix it."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from .conftest import make_frame, upload  # noqa: E402


def test_two_byte_order_marks_are_refused_at_upload(client):
    raw = b"\xef\xbb\xbf\xef\xbb\xbf" + make_frame(200).to_csv(index=False).encode()
    r = upload(client, raw)
    assert r.status_code == 415, r.status_code  # was: 303 to a mapping that cannot run
    assert "two byte-order marks (U+FEFF)" in r.text
    assert "\\ufefflabel" in r.text and "save the file again as UTF-8" in r.text
    one = upload(client, b"\xef\xbb\xbf" + make_frame(200).to_csv(index=False).encode())
    assert one.status_code == 303  # one mark (Excel's CSV UTF-8) is no part of a name
