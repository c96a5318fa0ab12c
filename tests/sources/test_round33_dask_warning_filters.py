"""Round 33: Dask's CSV reader turned pandas' ParserWarning (a block's first row with surplus
fields) into an error by ``warnings.catch_warnings()`` inside Dask's worker threads; that swaps
the process-wide filters, so two blocks read at once (T1 enter, T2 enter, T1 exit, T2 exit)
left ``simplefilter("error", ParserWarning)`` installed after the audit, and a notebook's later
pandas reads raised. The filters are now what they were, and the surplus row still refused."""

import threading
import warnings

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, _dask, dask_file_counts, pandas_counts

pytest.importorskip("dask.dataframe")

ROLES = Roles("p", ["g"], y_true="y")
TEXT = "y,p,g\n" + "".join(f"{i % 2},{i // 2 % 2},g{i % 3}\n" for i in range(400))


def test_two_blocks_read_at_once_leave_the_warning_filters_as_they_were(monkeypatch):
    """Deterministic interleaving: both reads start, the first one ends first."""
    before = list(warnings.filters)
    real = pd.read_csv
    both_in, first_done = threading.Barrier(2), threading.Event()

    def read(*args, **kwargs):
        both_in.wait(timeout=10)
        if threading.current_thread().name == "second":
            first_done.wait(timeout=10)
        return real(*args, **kwargs)

    monkeypatch.setattr(pd, "read_csv", read)

    def block(name):
        import io

        _dask._strict_read_csv(io.BytesIO(TEXT.encode()), dtype=str, header=0)
        if name == "first":
            first_done.set()

    threads = [threading.Thread(target=block, args=(n,), name=n) for n in ("first", "second")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=20)
    assert warnings.filters == before


def test_a_dask_audit_in_many_blocks_leaves_the_warning_filters_as_they_were(tmp_path, monkeypatch):
    path = tmp_path / "d.csv"
    path.write_text(TEXT)
    monkeypatch.setattr(_dask, "BLOCKSIZE", 64)
    before = list(warnings.filters)
    for _ in range(3):
        table = dask_file_counts(str(path), ROLES)
        assert int(table["count"].sum()) == 400
    assert warnings.filters == before
    reference = pandas_counts(str(path), ROLES)
    assert sorted(table["count"]) == sorted(reference["count"])


@pytest.mark.parametrize("blocksize", [64, None])
@pytest.mark.parametrize("surplus", [",EXTRA", ","])
def test_a_blocks_first_row_with_surplus_fields_is_still_refused(
    tmp_path, monkeypatch, blocksize, surplus
):
    lines = TEXT.splitlines()
    at = 9  # a row that starts a block of 64 bytes (the first of its block)
    lines[at] += surplus
    path = tmp_path / "d.csv"
    path.write_text("\n".join(lines) + "\n")
    if blocksize:
        monkeypatch.setattr(_dask, "BLOCKSIZE", blocksize)
    before = list(warnings.filters)
    with pytest.raises(EthicLensInputError) as dask_error:
        dask_file_counts(str(path), ROLES)
    with pytest.raises(EthicLensInputError) as pandas_error:
        pandas_counts(str(path), ROLES)
    assert str(dask_error.value) == str(pandas_error.value)
    assert f"line {at + 1} has 4 fields" in str(dask_error.value)
    assert warnings.filters == before
