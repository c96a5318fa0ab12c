"""Round 36: Dask's groupby runs check_observed_deprecation (a catch_warnings adding an
"ignore" filter) in its worker threads; two at once can leave that filter installed for good
(T1 enters, T2 enters, T1 exits, T2 exits restoring T1's list): after a Dask count, a user's
filters were no longer theirs (round 33's test saw it 3 times in 10 runs). Simulated here by
the race's net effect, deterministically: the filters are what they were after the count."""

import contextlib
import warnings

import pytest

from ethiclens.sources import Roles, dask_file_counts

groupby = pytest.importorskip("dask.dataframe.groupby")
methods = pytest.importorskip("dask.dataframe.methods")


@contextlib.contextmanager
def _left_behind():
    warnings.filterwarnings("ignore", message="The default of observed=False")
    yield  # exits without restoring: what the lost race leaves


def test_a_dask_count_leaves_the_warning_filters_as_it_found_them(tmp_path, monkeypatch):
    monkeypatch.setattr(groupby, "check_observed_deprecation", _left_behind)
    monkeypatch.setattr(methods, "check_observed_deprecation", _left_behind)
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n" + "".join(f"{i % 2},{i // 2 % 2},g{i % 3}\n" for i in range(60)))
    with warnings.catch_warnings():  # this test's own filters, whatever the count leaves
        before = list(warnings.filters)
        table = dask_file_counts(str(path), Roles("p", ["g"], y_true="y"))
        assert int(table["count"].sum()) == 60
        assert warnings.filters == before
