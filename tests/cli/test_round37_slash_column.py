"""Round 37: a protected column whose name holds '/' ("a/b") was named in a refusal as
``option '--protected/b'``: the key ``roles.protected.a/b`` was split at the column's '/' as if
it joined two flags. The column's '/' stays in its key now; flags joined by '/' still split."""

import numpy as np
import pandas as pd

from ethiclens.cli import main


def _csv(tmp_path):
    rng = np.random.default_rng(0)
    n = 200
    frame = {
        "y": rng.integers(0, 2, n),
        "p": rng.integers(0, 2, n),
        "a/b": rng.choice(["X", "Y"], n),
    }
    pd.DataFrame(frame).to_csv(tmp_path / "s.csv", index=False)
    return str(tmp_path / "s.csv")


def test_reference_of_a_slash_column_names_protected(tmp_path, capsys):
    argv = ["audit", _csv(tmp_path), "--y-true", "y", "--y-pred", "p", "--protected", "a/b=Z"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "option '--protected': unknown reference group of 'a/b' (value: 'Z')" in err


def test_pieces_keep_a_data_column_whole():
    from ethiclens.cli._options import _pieces

    assert _pieces("roles.protected.a/b/c") == ["roles.protected.a/b/c"]
    assert _pieces("--y-pred/--protected") == ["--y-pred", "--protected"]
    assert _pieces("roles.y_pred/roles.protected.a/b") == ["roles.y_pred", "roles.protected.a/b"]
    assert _pieces("TARGET/--db") == ["TARGET", "--db"]
