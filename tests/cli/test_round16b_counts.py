"""``counts --n-bins`` reads its number by every face's rule: ``1_0`` (10 bins), ``٣``, ``３``
and `` 5`` used to be taken by click's plain integer type."""

from __future__ import annotations

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize("value", ["1_0", "٣", "３", " 5"])
def test_loose_bin_counts_are_refused_naming_the_option(tmp_path, monkeypatch, capsys, value):
    monkeypatch.chdir(tmp_path)
    argv = ["counts", "x.csv", "--out", "c.csv", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--n-bins", value]) == 2
    err = capsys.readouterr().err.strip()
    # round 49: its own check's words and range, as --n-boot's (was click's "is not a valid")
    said = f"must be an integer in [2, 1000] (value: {value!r}). Fix: 10 is the default"
    if value == " 5":  # round 50: the blanks named, 5 to give (was the range's words)
        said = f"must be a whole number, written without blanks around it (value: {value!r}). "
        said += "Fix: give 5"
    assert err == f"error: option '--n-bins': {said}", err
    assert not list(tmp_path.iterdir())
