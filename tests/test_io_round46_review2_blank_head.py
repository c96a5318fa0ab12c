"""Round 46 review of 0d561d52: _space_separated unpacked the head's first non-blank line,
so a CSV whose first 64 KiB are blank lines (the header further on, which pandas reads past)
crashed read_table with 'ValueError: not enough values to unpack'. Such a head is not judged."""

from __future__ import annotations

import ethiclens.io as eio


def test_a_head_of_blank_lines_is_read_not_crashed(tmp_path):
    path = tmp_path / "b.csv"
    path.write_text("\n" * 70_000 + "a b\n1 2\n3 4\n")
    assert list(eio.read_table(path).columns) == ["a b"]
    eio.preflight_file(path)
