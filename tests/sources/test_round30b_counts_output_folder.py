"""write_counts (and hand_over, its public caller) into a folder that does not exist, or below
a file, is refused before anything is written naming the output and the fix: was os's OSError
'Cannot save file into a non-existent directory'."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import write_counts


def test_missing_folder_is_refused(tmp_path):
    with pytest.raises(EthicLensInputError, match="folder .*nodir does not exist.*mkdir -p"):
        write_counts(pd.DataFrame({"n": [1]}), tmp_path / "nodir" / "c.csv")
    assert list(tmp_path.iterdir()) == []


def test_a_file_above_is_refused(tmp_path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(EthicLensInputError, match="is a file, not a folder"):
        write_counts(pd.DataFrame({"n": [1]}), tmp_path / "f" / "c.parquet")
