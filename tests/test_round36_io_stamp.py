"""Round 36: the scans of a CSV file are cached by path, size and stamp; the stamp was the
modification time only, so a part rewritten in place with another part's rows re-sorted (the
same size) and its modification time put back (``cp -p``, ``touch -r``, an unzip) kept its old
line digest, and a folder holding the same rows twice passed. The change time is in the
stamp now (no tool sets it back)."""

import os
import time

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import refuse_repeated_files


def test_a_part_rewritten_with_its_old_modification_time_is_scanned_again(tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    a.write_text("y,g\n1,x\n0,y\n")
    b.write_text("y,g\n1,z\n0,w\n")  # the same size, other rows
    refuse_repeated_files([str(a), str(b)], str(tmp_path))  # scanned: no copy
    old = os.stat(b)
    time.sleep(0.01)  # a change time that differs from the first write's
    b.write_text("y,g\n0,y\n1,x\n")  # a's rows re-sorted, in place
    os.utime(b, ns=(old.st_atime_ns, old.st_mtime_ns))  # its modification time put back
    with pytest.raises(EthicLensInputError, match="the same lines in another order"):
        refuse_repeated_files([str(a), str(b)], str(tmp_path))
