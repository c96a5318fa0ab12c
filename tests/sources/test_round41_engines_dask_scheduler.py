"""Round 41: ``dask_file_counts(..., scheduler=5)`` (or True) escaped as a bare AttributeError
('int' object has no attribute 'rpartition'): it is refused as the CLI's --scheduler is."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, dask_file_counts

pytest.importorskip("distributed")


@pytest.mark.parametrize("bad", [5, True, 1.5, b"tcp://h:1", " "])
def test_scheduler_not_text_refused(tmp_path, bad):
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n0,1,a\n1,0,b\n")
    roles = Roles(y_true="y", y_pred="p", protected=["g"])
    with pytest.raises(EthicLensInputError) as err:
        dask_file_counts(str(path), roles, scheduler=bad)
    assert str(err.value).startswith("option '--scheduler': must ")
