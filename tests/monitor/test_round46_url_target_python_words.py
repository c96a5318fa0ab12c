"""Round 46 (review of 2404e649/200f2572, the monitor's Python face): a database URL given as
MonitorRequest's target was told the command line's flags ('give a database by --db-env NAME
... or --db URL) with --table or --query'), which a Python caller has no way to type: the
request takes db=, table= and query=. The command line keeps its flags."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor


@pytest.mark.parametrize(
    "url", ["postgresql://u@h/db", "postgresql://u:hunter2@h/db", "s3://b/x.csv"]
)
def test_a_url_as_a_python_target_is_told_the_request_fields(tmp_path, url):
    request = MonitorRequest(target=url, time="ts", window="1d", y_pred="p", protected=("g",))
    with pytest.raises(EthicLensInputError) as refused:
        run_monitor(request, tmp_path / "s.sqlite", warn=False)
    said = str(refused.value)
    assert refused.value.column == "target"
    assert "db=URL" in said and "table= or query=" in said
    assert "--db" not in said and "--table" not in said and "hunter2" not in said
    assert not (tmp_path / "s.sqlite").exists()


def test_a_local_file_missing_keeps_its_fix(tmp_path):
    request = MonitorRequest(
        target=str(tmp_path / "none.csv"), time="ts", window="1d", y_pred="p", protected=("g",)
    )
    with pytest.raises(EthicLensInputError, match="check the path"):
        run_monitor(request, tmp_path / "s.sqlite", warn=False)
