"""Round 38: audit's --engine dask refuses an address its text shows Dask cannot reach ('x y',
'tcp://', a port past 65535) before trying it (aa5e23f8); pcer sweep and p2nia experiment take
a Dask --scheduler too and passed such text on to Dask, which tried it for seconds. The one rule
(``_optional.check_dask_address``) now guards their executors, before any store or worker."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments._executors import check_executor

BAD = [
    ("x y", "it holds a space (character 2)"),
    ("tcp://", "it must be HOST:PORT"),
    ("tcp://h:99999", "a port must be 1 to 65535"),
]


@pytest.mark.parametrize(("address", "why"), BAD)
def test_python_refuses_an_address_dask_cannot_reach_by_its_argument(address, why):
    with pytest.raises(EthicLensInputError) as info:
        check_executor(address, 1)
    text = str(info.value)
    assert text.startswith(f"argument 'scheduler': this is no Dask scheduler address: {why}")
    assert "scheduler='local-cluster'" in text and "--scheduler" not in text


@pytest.mark.parametrize("address", ["local-cluster", "tcp://127.0.0.1:8786", None])
def test_addresses_dask_may_reach_pass(address):
    assert check_executor(address, 1) == 1


def test_pcer_sweep_refuses_it_before_the_store_is_made(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["pcer", "sweep", "--scheduler", "x y"]) == 2
    err = capsys.readouterr().err
    assert "error: option '--scheduler': this is no Dask scheduler address: it holds a space" in err
    assert not (tmp_path / "runs.sqlite").exists()
