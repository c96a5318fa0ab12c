"""Write preds.csv, the file of predictions the README's commands read.

    python docs/examples/make_preds.py            # -> ./preds.csv
    python docs/examples/make_preds.py out.csv    # -> out.csv

One row per COMPAS defendant (6,172 rows, from the copy shipped inside the package, so no
network): columns ``race`` and ``sex`` (the protected attributes), ``label`` (1 = re-arrested
within two years), ``pred`` (1 = COMPAS decile score 5 or more, i.e. Medium/High risk) and
``score`` (the decile score / 10, in [0.1, 1.0]). Nothing is random: every run writes the same
file, so the README's numbers for ``preds.csv`` hold (tests/test_readme.py builds it here).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ethiclens.datasets import load_compas


def make_preds():
    """COMPAS's groups and labels with the decile score as a prediction and as a score."""
    ds = load_compas()
    decile = ds.extra["decile_score"]
    return ds.protected.assign(label=ds.label, pred=(decile >= 5).astype(int), score=decile / 10)


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "preds.csv")
    frame = make_preds()
    frame.to_csv(out, index=False)
    print(f"wrote {out}: {len(frame)} rows, columns {', '.join(frame.columns)}")
