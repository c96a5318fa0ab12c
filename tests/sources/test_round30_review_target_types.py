"""Every file engine refuses a TARGET of another type (None, 5, bytes) naming it, as
io.refuse_missing does since round 30, and reads a pathlib.Path as its text: a Path that does
not exist, or a glob given as a Path, was Python's TypeError ("argument of type 'PosixPath' is
not iterable"), a number or None another ("expected str, bytes or os.PathLike object")."""

import re

import pytest

from ethiclens.errors import DataFileError, EthicLensInputError
from ethiclens.sources import Roles, dask_file_counts, duckdb_counts, file_columns, pandas_counts

ROLES = Roles("p", ["g"], y_true="y")
ENGINES = [pandas_counts, duckdb_counts, dask_file_counts, lambda t, _: file_columns(t)]


@pytest.mark.parametrize("count", ENGINES)
@pytest.mark.parametrize("target", [5, None, b"x.csv"])
def test_a_target_of_another_type_is_refused_naming_it(count, target):
    said = re.escape("argument 'TARGET': must be a file path (a str or os.PathLike)")
    with pytest.raises(EthicLensInputError, match=said):
        count(target, ROLES)


@pytest.mark.parametrize("count", ENGINES)
def test_a_path_reads_as_its_text(tmp_path, count):
    (tmp_path / "a.csv").write_text("y,p,g\n1,1,a\n0,0,b\n1,0,a\n0,1,b\n")
    with pytest.raises(DataFileError, match="does not exist"):
        count(tmp_path / "nope.csv", ROLES)
    for target in ("a.csv", "*.csv"):
        got = count(tmp_path / target, ROLES)
        want = count(str(tmp_path / target), ROLES)
        assert got == want if isinstance(got, list) else got.equals(want)
