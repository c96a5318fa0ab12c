"""Engines, round 19 of the tester's findings: one answer per input on every face.

- a folder of files whose label is an integer in one and text in another ('1' and 1) is refused
  with ``--pos-label`` too, on every engine (pandas counted every integer 1 as negative);
"""

import pandas as pd
import pytest

from ethiclens.cli import main

ENGINES = ["pandas", "duckdb", "dask"]


def _run(capsys, argv) -> tuple[int, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, (out + err).strip()


def _audit(capsys, target, engine, *extra) -> tuple[int, str]:
    argv = ["audit", target, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    return _run(capsys, [*argv, "--engine", engine, "--n-boot", "100", "--json", "-", *extra])


@pytest.mark.parametrize("engine", ENGINES)
def test_a_folder_with_int_and_text_labels_is_refused_with_pos_label(tmp_path, capsys, engine):
    folder = tmp_path / "fold"
    folder.mkdir()
    frame = pd.DataFrame({"y": [1, 0, 1, 0] * 5, "p": [1, 0, 0, 1] * 5, "g": ["A", "B"] * 10})
    frame.to_parquet(folder / "part0.parquet")
    frame.astype({"y": str}).to_parquet(folder / "part1.parquet")
    code, text = _audit(capsys, folder, engine, "--pos-label", "1")
    assert code == 2, text
    assert "distinct values print the same" in text
