"""Round 38: a number option's refusal quotes the value as the user typed it (``'-1'``), not
as click read it (``-1.0``), on every command, whichever check refused it (the spec's, a
command's own); a value click reads back as typed (``0.5``, ``inf``) is shown as before."""

from __future__ import annotations

import pytest

from ethiclens.cli import main


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    where = tmp_path_factory.mktemp("typed38")
    rows = ["y,p,s,g,t"] + [
        f"{i % 2},{(i // 2) % 2},0.{i % 9 + 1},{'ab'[i % 2]},{i // 4}" for i in range(8)
    ]
    (where / "d.csv").write_text("\n".join(rows) + "\n")
    return where / "d.csv"


AUDIT = ["audit", "{d}", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
THRESHOLDS = ["thresholds", "{d}", "--y-true", "y", "--y-score", "s", "--protected", "g"]
REQUEST = ["p2nia", "request", "--n", "100", "--protected", "g", "--out", "{d}.json"]
MONITOR = ["monitor", "{d}", "--time", "t", "--window", "1", "--store", "{s}", *AUDIT[2:]]


def _err(data, base, flag, typed, capsys, first=()) -> str:
    args = [a.format(d=data, s=data and data.parent / "m.db") for a in base]
    assert main([*args, *first, flag, typed]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert f"option '{flag}'" in err, err
    return err


@pytest.mark.parametrize(
    ("base", "flag", "typed"),
    [
        (AUDIT, "--di-threshold", "-1"),
        (AUDIT, "--eo-threshold", "-1"),
        (AUDIT, "--confidence-level", "5"),
        (AUDIT, "--di-threshold", "2.10"),
        (AUDIT, "--n-boot", "+5"),
        (THRESHOLDS, "--threshold", "-1"),
        (THRESHOLDS, "--step", "2"),
        (MONITOR, "--alpha", "-1"),
        (REQUEST, "--epsilon", "-1"),  # text options the library reads as numbers
        ([*REQUEST, "--epsilon", "1", "--mechanism", "mst"], "--delta", "-1"),
    ],
)
def test_a_refused_number_is_quoted_as_typed(data, capsys, base, flag, typed):
    err = _err(data, base, flag, typed, capsys)
    assert f"(value: '{typed}')" in err, err


def test_a_number_read_back_as_typed_is_shown_as_before(data, capsys):
    assert "(value: -1)" in _err(data, AUDIT, "--seed", "-1", capsys)
    assert "(value: 0.001)" in _err(data, AUDIT, "--di-threshold", "0.001", capsys)


def test_each_value_of_a_repeated_option_is_quoted_as_typed(capsys):
    # -1 is refused first; the option's last value, 1.0, read back as typed, is no help
    err = _err(None, ["oracle", "--n-boot", "100"], "--di", "1.0", capsys, ["--di", "-1"])
    assert "(value: '-1')" in err, err
