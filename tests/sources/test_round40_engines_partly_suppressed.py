"""(For sources_partly.patch) suppress_small_cells records the groups that lost SOME cells;
read_counts accepts the record and the audit marks their comparisons."""

import pandas as pd

import ethiclens as el
from ethiclens.fairness import PARTLY_SUPPRESSED
from ethiclens.sources import read_counts, suppress_small_cells

CELLS = [("a", 0, 1, 231), ("a", 0, 0, 234), ("a", 1, 0, 203), ("a", 1, 1, 229)]
CELLS += [("b", 0, 1, 232), ("b", 0, 0, 233), ("b", 1, 1, 236), ("b", 1, 0, 196)]
CELLS += [("c", 0, 0, 92), ("c", 1, 0, 109), ("c", 0, 1, 3), ("c", 1, 1, 2), ("d", 1, 1, 4)]


def test_partly_suppressed_groups_recorded_read_and_marked(tmp_path):
    t = pd.DataFrame(CELLS, columns=["g", "y_true", "y_pred", "count"])
    t.attrs["ethiclens_attributes"] = ["g"]
    out = suppress_small_cells(t, 10)
    record = out.attrs["ethiclens_suppression"]
    assert record[PARTLY_SUPPRESSED] == {"g": ["c"]}
    assert record["suppressed_groups"] == {"g": ["d"]}
    from ethiclens.sources import write_counts

    write_counts(out, tmp_path / "c.parquet")
    back = read_counts(tmp_path / "c.parquet")
    r = el.audit_counts(back, n_boot=100, random_state=0)
    c = next(c for c in r.comparisons if c.group == "c")
    assert c.metrics["disparate_impact"].reason.startswith("g 'c' lost some cells to --min-cell 10")
