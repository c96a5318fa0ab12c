"""Round 44 (engines): a Dask --scheduler holding a user and password (tcp://bob:pw@h:8786)
was refused as "it must be HOST:PORT (e.g. tcp://host:8786) (value: 'tcp://bob:***@h:1')",
which the secret masking read as one URL whose password ran from the example's port to the
value's '@': the line said "(e.g. tcp://host:***@127.0.0.1:1')", its example and value lost;
and bob@h:8786 (no password) was tried for 10 s. A Dask address holds no user: now refused
at once in words the masking leaves whole, the password never shown."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import check_scheduler


@pytest.mark.parametrize("address", ["tcp://bob:s3cretPW@127.0.0.1:1", "bob@127.0.0.1:1"])
def test_an_address_with_a_user_is_refused_whole_and_at_once(tmp_path, capsys, address):
    data = tmp_path / "d.csv"
    data.write_text("g,y,p\na,0,1\nb,1,1\n")
    argv = [str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g", "--engine", "dask"]
    assert main(["audit", *argv, "--scheduler", address]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    shown = address.replace("s3cretPW", "***")
    assert said == (
        "error: option '--scheduler': this is no Dask scheduler address: it must be HOST:PORT, "
        f"with no user or password before an '@' (value: {shown!r}). Fix: give the address of "
        "a running scheduler (e.g. tcp://host:8786), or --scheduler local-cluster to count on "
        "this machine"
    )
    with pytest.raises(EthicLensInputError, match="no user or password"):
        check_scheduler("dask", address)
