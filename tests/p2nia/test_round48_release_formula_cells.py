"""Round 48: P2NIA's release.csv wrote a group or a column name a spreadsheet runs as a
formula ('=cmd', '@g') raw, where every other CSV EthicLens writes is guarded (OWASP's CSV
injection rule, the counts table's ``'`` in front). The release now writes each such text with
a ``'`` in front, hashes the bytes written, says so in the manifest (``csv_quoted``), and
read_release takes the ``'`` off: release -> estimate gives the same groups and numbers."""

from __future__ import annotations

import csv
import json
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens._text import CSV_FORMULA_START
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, read_release, release, write_release

GROUPS = ["=cmd|' /C calc'!A0", "'q", "+1", "b"]


def _frame(n: int = 200) -> pd.DataFrame:
    r = np.random.default_rng(0)
    g = np.asarray(GROUPS, dtype=object)[np.arange(n) % len(GROUPS)]
    return pd.DataFrame({"@g": g, "y": r.integers(0, 2, n), "p": r.integers(0, 2, n)})


def _cells(folder) -> list[str]:
    with open(folder / "release.csv", newline="", encoding="utf-8") as fh:
        return [cell for row in csv.reader(fh) for cell in row]


def _python(tmp_path):
    req = make_request(200, "@g", protected_domain=GROUPS, epsilon=8.0, metrics=["dp"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, _frame(), None, "p", random_state=1)
    write_release(rel, tmp_path / "rel")
    return rel


def _cli(tmp_path):
    data, req = tmp_path / "d.csv", tmp_path / "r.json"
    _frame().to_csv(data, index=False)
    args = ["p2nia", "request", "--n", "200", "--protected", "@g", "--epsilon", "8"]
    groups = ",".join(f'"{g}"' if "'" in g else g for g in GROUPS)
    assert main([*args, "--groups", groups, "--metrics", "dp", "--out", str(req)]) == 0
    assert json.loads(req.read_text())["protected_domain"] == GROUPS
    args = ["p2nia", "release", "--request", str(req), "--data", str(data), "--y-pred", "p"]
    assert main([*args, "--seed", "1", "--out", str(tmp_path / "rel")]) == 0


@pytest.mark.parametrize("face", [_python, _cli])
def test_release_csv_guards_formula_cells_and_reads_back_the_same(tmp_path, face):
    face(tmp_path)
    folder = tmp_path / "rel"
    cells = _cells(folder)
    assert not [c for c in cells if c.startswith(CSV_FORMULA_START)], cells[:8]
    assert "'@g" in cells and "'=cmd|' /C calc'!A0" in cells and "''q" in cells
    assert json.loads((folder / "manifest.json").read_text())["csv_quoted"] is True
    back = read_release(folder)  # the bytes written verify against the manifest's SHA-256
    assert list(back.table.columns) == ["@g", "Y_hat"]
    assert set(back.table["@g"]) == set(GROUPS)
    est = estimate(back, n_boot=0)
    assert sorted(g["group"] for g in est.groups) == sorted(GROUPS), est.groups


def test_an_estimate_of_the_file_is_the_estimate_of_the_release_written(tmp_path):
    rel = _python(tmp_path)
    back = read_release(tmp_path / "rel")
    pd.testing.assert_frame_equal(back.table, rel.table.astype({"@g": object}), check_dtype=False)
    mine, read = estimate(rel, n_boot=0), estimate(back, n_boot=0)
    assert mine.values == read.values


def test_a_release_without_formula_cells_is_written_as_before(tmp_path):
    n, r = 60, np.random.default_rng(0)
    f = pd.DataFrame({"g": ["a", "b"] * (n // 2), "p": r.integers(0, 2, n)})
    req = make_request(n, "g", protected_domain=["a", "b"], epsilon=8.0, metrics=["dp"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        write_release(release(req, f, None, "p", random_state=1), tmp_path / "rel")
    assert "csv_quoted" not in json.loads((tmp_path / "rel" / "manifest.json").read_text())
    assert _cells(tmp_path / "rel")[:2] == ["g", "Y_hat"]


def test_a_manifest_csv_quoted_other_than_true_is_refused(tmp_path):
    _python(tmp_path)
    path = tmp_path / "rel" / "manifest.json"
    from ethiclens.p2nia._protocol import _manifest_digest

    m = json.loads(path.read_text())
    m["csv_quoted"] = "yes"
    m["manifest_sha256"] = _manifest_digest(m)
    path.write_text(json.dumps(m))
    with pytest.raises(EthicLensInputError, match="manifest.json:csv_quoted"):
        read_release(tmp_path / "rel")
