"""Round 44 review (monitor): MonitorRequest takes baseline_target as a path (str or
os.PathLike, as its checks say), but a pathlib.Path crashed the first run writing the store's
request: "TypeError: Object of type PosixPath is not JSON serializable" (a traceback, the
store's file left behind empty). The request now keeps the path as text, so the store is
created, and the same baseline given as text or as a Path is one request."""

import pandas as pd

from ethiclens.monitor import MonitorRequest, run_monitor

N = 20


def _write(path, day):
    rows = {
        "ts": [f"2024-03-0{day}T{h:02d}:00:00Z" for h in range(N)],
        "g": ["a", "b"] * (N // 2),
        "pred": [1, 0, 0, 1] * (N // 4),
    }
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


def test_a_path_baseline_is_kept_as_text_and_is_the_same_request(tmp_path):
    base = _write(tmp_path / "base.csv", 1)
    store = tmp_path / "m.sqlite"
    for day, baseline in ((2, base), (3, str(base))):
        request = MonitorRequest(
            target=_write(tmp_path / f"d{day}.csv", day), time="ts", window="1d",
            y_pred="pred", protected=("g=a",), baseline_target=baseline,
        )  # fmt: skip
        doc = run_monitor(request, store, warn=False).to_dict()  # was: TypeError (a Path)
    assert doc["run"]["run"] == 2
    assert doc["request"]["baseline_target"] == str(base)
