"""Round 47 (engines, known item c): a Windows path whose folder holds an '@'
(C:\\Users\\john@corp.com\\d.csv, an e-mail-named user folder) was read as user 'C' and password
'\\Users\\john' before a host: every message and report masked it ('C:***@corp.com\\d.csv') and
a data path so named was refused as holding a credential. A drive letter is no user name: kept.
A user:password@host (one letter or more) is masked as before."""

from __future__ import annotations

import os

import pytest

import ethiclens.io as eio
from ethiclens._secrets import mask_secrets

KEPT = [
    "C:\\Users\\john@corp.com\\d.csv",
    "cannot read c:\\data\\me@x\\d.csv now",
    "D:\\a b\\me@x.csv",
]
MASKED = [
    ("u:pw@h/db", "u:***@h/db"),
    ("see C:pw@h now", "see C:***@h now"),
    ("x:hunter2@h and C:\\me@x\\d.csv", "x:***@h and C:\\me@x\\d.csv"),
]


@pytest.mark.parametrize("text", KEPT)
def test_a_windows_path_is_kept(text):
    assert mask_secrets(text) == text


@pytest.mark.parametrize(("text", "shown"), MASKED)
def test_a_credential_is_still_masked(text, shown):
    assert mask_secrets(text) == shown


@pytest.mark.skipif(os.name == "nt", reason="a file name holding backslashes: POSIX only")
def test_a_file_so_named_is_read_not_refused(tmp_path):
    path = tmp_path / "C:\\Users\\john@corp\\d.csv"
    path.write_text("y,p,g\n" + "".join(f"{i % 2},{i // 2 % 2},{'ab'[i % 2]}\n" for i in range(8)))
    assert eio.read_table(path).shape == (8, 3)
