"""Engine parity, round 16: a counts file's weight and score sums are the same bytes on every
engine."""

import pandas as pd

from tests.sources.test_round16_parity import FAST, _count_bytes, _frame


def test_weighted_sums_are_written_alike_on_every_engine(tmp_path):
    """Dask added a cell's weights in another order: score_sum 1.4000000013999998 against
    1.4000000014, weight_sum 2.000000003 against 2.0000000030000002. Written rounded to the digits a
    float64 keeps (15 significant digits), the file is the same bytes on every engine."""
    n = 48
    frame = _frame(n)
    frame["s"] = [0.6000000000000001, 0.3, 0.15, 0.7] * (n // 4)
    frame["w"] = [2.25, 0.5, 1e-09, 1.1, 0.3, 7e-10] * (n // 6)
    frame.to_csv(tmp_path / "sw.csv", index=False)
    extra = ["--y-score", "s", "--weight", "w"]
    tables = {e: _count_bytes(tmp_path, tmp_path / "sw.csv", e, extra) for e in FAST}
    assert tables["duckdb"] == tables["pandas"] and tables["dask"] == tables["pandas"], tables
    written = pd.read_csv(tmp_path / "pandas.csv")
    for col in ("weight_sum", "weight_sq_sum", "score_sum"):
        assert all(len(f"{v:.15g}") >= len(repr(v)) for v in written[col]), written[col]
