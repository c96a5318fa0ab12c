"""A probe output in a missing folder is refused naming the option that gave it, as `ethiclens
audit --json nodir/x.json` is since round 33."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import check_probe_outputs


@pytest.mark.parametrize("flag, name", [("--json", "x.json"), ("--out", "t.csv")])
def test_a_probe_output_in_a_missing_folder_names_its_flag(tmp_path, flag, name):
    with pytest.raises(EthicLensInputError) as err:
        check_probe_outputs({flag: str(tmp_path / "nodir" / name)})
    assert f"option '{flag}'" in str(err.value) and "does not exist" in str(err.value)
