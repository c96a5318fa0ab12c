"""Round 37 review of 5e3a81df and 4799e1e0 (the loaders' argument refusals built by one
_base.argument_error): the cut kept every refusal; these, pinned by no test before, are pinned
whole (problem, column, kind, value, fix): a '~' cache_dir given as a Path is shown as its text."""

from pathlib import Path

import pytest

from ethiclens.datasets import load_acs_income, load_bios
from ethiclens.errors import EthicLensInputError

BIOS_FIX = "pass path=... (CSV/JSON/JSONL), or leave it out to read $ETHICLENS_BIOS"
CACHE_FIX = "give a folder, or leave it out for $ETHICLENS_CACHE/acs"


def _refusal(load, **kw) -> tuple:
    with pytest.raises(EthicLensInputError) as info:
        load(**kw)
    e = info.value
    return e.problem, e.column, e.kind, e.value, e.fix


@pytest.mark.parametrize("path", [5, "  ", b"bios.csv"])
def test_bios_path_that_is_no_path(path):
    expected = ("must be the path of a file", "path", "argument", path, BIOS_FIX)
    assert _refusal(load_bios, path=path, occupations=None) == expected  # path is checked first


def test_acs_cache_dir_empty_and_tilde():
    assert _refusal(load_acs_income, cache_dir=" ") == (
        "must not be empty",
        "cache_dir",
        "argument",
        " ",
        CACHE_FIX,
    )
    problem, column, kind, value, fix = _refusal(load_acs_income, cache_dir=Path("~nowhere37"))
    assert (problem, column, kind, value) == (
        "no such folder",
        "cache_dir",
        "argument",
        "~nowhere37",
    )
    assert fix.startswith("the path is read as written, '~' too: give the full path (e.g. ")


def test_acs_states_refusals_keep_their_value_and_order():
    # the year is refused before the states, as before the cut
    assert _refusal(load_acs_income, states=[], year=1)[1:4] == ("year", "argument", 1)
    assert _refusal(load_acs_income, states=[]) == (
        "no state given",
        "states",
        "argument",
        None,
        "e.g. states=['CO']",
    )
