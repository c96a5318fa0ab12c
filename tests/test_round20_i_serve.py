"""Round 20 (I): ``serve --workers`` takes pcer sweep's range, 1 to 1024 (its check,
``check_workers``): 100000 reached the job pool ("RuntimeError" in web/_jobs.py) and
100000000000000000000 Python's C int ("OverflowError: Python int too large to convert to C
int"), both as tracebacks. Refused before any server starts."""

from __future__ import annotations

import pytest

RANGE = "error: option '--workers': must be an integer from 1 to 1024"


@pytest.mark.parametrize(
    ("workers", "shown"),
    [
        ("1025", "1025"),
        ("100000", "100000"),
        ("100000000000000000000", "100000000000000000000"),
        ("0", "0"),
        ("1" * 5000, "111111111111…111111 (5,000 digits)"),
    ],
)
def test_serve_refuses_workers_outside_1_to_1024(tmp_path, capsys, monkeypatch, workers, shown):
    import uvicorn

    from ethiclens.cli import main

    def started(*args, **kwargs):
        raise AssertionError("a server was started")

    monkeypatch.setattr(uvicorn, "run", started)  # were the check gone, no server starts
    assert main(["serve", "--workers", workers, "--data-dir", str(tmp_path / "d")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{RANGE} (value: {shown})"), err[:300]
    assert len(err.splitlines()) == 1 and not (tmp_path / "d").exists()
    # its fix names serve's own default, not pcer sweep's "all cores"
    assert "or leave it out for half the CPUs, at most 4" in err and "all cores" not in err


def test_webconfig_takes_the_same_worker_range_in_python(tmp_path):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web import WebConfig

    with pytest.raises(EthicLensInputError, match="WebConfig.workers': .* of at most 1,024"):
        WebConfig(data_dir=tmp_path, workers=100000)
    assert WebConfig(data_dir=tmp_path, workers=1024).workers == 1024
