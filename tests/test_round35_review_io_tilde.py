"""Round 35 review: a configuration path given with a literal '~' (quoted, so no shell expanded
it: --config '~/spec.yaml', --baseline, --card-info, a pcer grid, a P2NIA request) says it is
read as written and gives the full path, as every data and output path does (was: only 'does
not exist')."""

import os

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_config_file

HOME = os.path.expanduser("~/nowhere-r35.yaml")


def test_read_config_file_names_the_literal_tilde():
    with pytest.raises(EthicLensInputError) as err:
        read_config_file("~/nowhere-r35.yaml", "--config", "YAML or JSON spec")
    assert "read as written, '~' too" in str(err.value) and HOME in str(err.value)
    with pytest.raises(EthicLensInputError) as err:  # no '~': the fix as before
        read_config_file("nowhere-r35.yaml", "--config", "YAML or JSON spec")
    assert "give the path of a YAML or JSON spec" in str(err.value)


def test_the_cli_says_it_for_baseline(tmp_path, capsys):
    data = tmp_path / "d.csv"
    data.write_text("g,y,p\na,1,1\nb,0,1\na,0,0\nb,1,0\n")
    args = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    out = tmp_path / "o.json"
    assert main([*args, "--baseline", "~/nowhere-r35.json", "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert "option '--baseline'" in err and "read as written, '~' too" in err
    assert not out.exists()
