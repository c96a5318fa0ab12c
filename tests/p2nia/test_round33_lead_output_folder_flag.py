"""An output in a missing folder is refused naming the option that gave it, as `ethiclens audit
--json nodir/x.json` is since round 33 (pcer audit/train, p2nia estimate, pcer export)."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import check_command_outputs


def test_a_command_output_in_a_missing_folder_names_its_flag(tmp_path):
    with pytest.raises(EthicLensInputError) as err:
        check_command_outputs({"--json": str(tmp_path / "nodir" / "x.json")})
    assert "option '--json'" in str(err.value)
    assert "folder" in str(err.value) and "does not exist" in str(err.value)


def test_pcer_export_into_a_missing_folder_names_out(tmp_path, capsys):
    store = tmp_path / "runs.sqlite"
    store.write_bytes(b"")
    code = main(["pcer", "export", str(store), "--out", str(tmp_path / "nodir" / "o.csv")])
    err = capsys.readouterr().err
    assert code == 2
    assert "option '--out'" in err and "does not exist" in err
