"""Round 48 (API battery): the exported helpers that read a file by path (io's csv_head,
preflight_file, sha256_file, file_stamp, ...; sources' read_counts, resolve_files, hive_keys,
read_csv_file, counts_format, ...) given no path (None, a set, bytes, NaN, 10**5000, a dict, a
0-d array, a frame, a generator) raised os's or pandas' own TypeError ('expected str, bytes or
os.PathLike object', 'Invalid file path or buffer object type') or ValueError (the digit limit);
each path argument is now declared (io.path_kind, _checks.argument_kinds) and refused by name."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens import io, sources
from ethiclens.errors import EthicLensInputError

BAD = [None, {1, 2}, b"x", bytearray(b"x"), float("nan"), 10**5000, {"a": 1}, np.array(1.0)]
BAD += [pd.DataFrame()]
CALLS = {
    "io.csv_head": (io.csv_head, "path", {}),
    "io.preflight_file": (io.preflight_file, "path", {}),
    "io.sha256_file": (io.sha256_file, "path", {}),
    "io.file_stamp": (io.file_stamp, "path", {}),
    "io.not_utf8_error": (io.not_utf8_error, "path", {}),
    "io.nul_byte_error": (io.nul_byte_error, "path", {}),
    "io.quoted_line_break": (io.quoted_line_break, "path", {}),
    "io.refuse_unopenable": (io.refuse_unopenable, "path", {"column": "--file"}),
    "io.ragged_error": (io.ragged_error, "files", {}),
    "sources.read_counts": (sources.read_counts, "path", {}),
    "sources.resolve_files": (sources.resolve_files, "target", {}),
    "sources.hive_keys": (sources.hive_keys, "path", {"target": "data"}),
    "sources.read_csv_file": (sources.read_csv_file, "path", {"columns": ["a"]}),
    "sources.counts_format": (sources.counts_format, "path", {}),
    "sources.counts_outputs": (sources.counts_outputs, "path", {}),
    "sources.metadata_path": (sources.metadata_path, "path", {}),
    "sources.row_place": (sources.row_place, "path", {"index": 1, "kind": "csv"}),
    "sources.mixed_line_ends": (sources.mixed_line_ends, "files", {}),
}


@pytest.mark.parametrize("func", list(CALLS))
def test_no_path_is_refused_by_name(func):
    fn, arg, others = CALLS[func]
    for value in [*BAD, (i for i in range(2)), "a\x00b"]:
        value = [value] if arg == "files" and isinstance(value, str) else value
        with pytest.raises(EthicLensInputError, match=f"argument '{arg}") as info:
            fn(**{arg: value}, **others)
        assert "Fix:" in str(info.value), value
