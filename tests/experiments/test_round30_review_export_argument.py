"""Round 30 review: export_store(store, out=...) refuses a path holding a NUL or of another
type naming its argument 'out' (was "argument 'path'", check_writable's, or Python's
TypeError from pathlib for a number), before the store is opened."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import export_store


@pytest.mark.parametrize("out", ["a\x00.csv", 5, None], ids=["nul", "int", "none"])
def test_out_is_named(tmp_path, out):
    with pytest.raises(EthicLensInputError, match="^argument 'out': "):
        export_store(tmp_path / "missing.sqlite", out)
    assert list(tmp_path.iterdir()) == []
