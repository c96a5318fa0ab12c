"""Write preds.csv, the file of predictions the README's commands read.

    python docs/examples/make_preds.py            # -> ./preds.csv
    python docs/examples/make_preds.py out.csv    # -> out.csv

One row per COMPAS defendant (6,172 rows, from the copy shipped inside the package, so no
network): columns ``race`` and ``sex`` (the protected attributes), ``label`` (1 = re-arrested
within two years), ``pred`` (1 = COMPAS decile score 5 or more, i.e. Medium/High risk),
``pred_high`` (1 = decile 8 or more, High risk only: a second, stricter model for
``ethiclens compare`` and docs/examples/compare-release.json) and ``score`` (the decile score
/ 10, in [0.1, 1.0]). Nothing is random: every run writes the same file, so the README's numbers
for ``preds.csv`` hold (tests/test_readme.py builds it here).

A positive label or prediction is a harm here (re-arrest, "high risk"), so every audit of this
file says ``--positive harmful`` (``roles.positive: harmful`` in a config file); without it the
report reads a group that is given "high risk" less often as the disadvantaged one.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ethiclens.datasets import load_compas


def make_preds():
    """COMPAS's groups and labels with the decile score as two predictions and as a score."""
    ds = load_compas()
    decile = ds.extra["decile_score"]
    return ds.protected.assign(
        label=ds.label,
        pred=(decile >= 5).astype(int),
        pred_high=(decile >= 8).astype(int),
        score=decile / 10,
    )


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "preds.csv")
    frame = make_preds()
    frame.to_csv(out, index=False)
    print(f"wrote {out}: {len(frame)} rows, columns {', '.join(frame.columns)}")
    print("1 = re-arrest / high risk, a harm: audit this file with --positive harmful")
