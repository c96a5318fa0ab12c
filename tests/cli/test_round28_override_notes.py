"""Round 28: a repeatable flag that overrides a config file's value is said as it was typed
(``note: --protected sex --protected g=b overrides roles.protected = ["g"] ...``), as a
one-value flag is (``--n-boot 300``); it was said as its parsed list (``--protected ["sex",
"g=b"]``, ``--y-pred ["p"]``), which no one typed."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.fixture
def csv(tmp_path):
    rng = np.random.default_rng(3)
    n = 600
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "q": rng.integers(0, 2, n),
            "g": rng.choice(["a", "b"], n),
            "sex": rng.choice(["F", "M"], n),
        }
    )
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.mark.parametrize(
    ("flags", "note"),
    [
        (
            ["--protected", "sex", "--protected", "g=b"],
            '--protected sex --protected g=b overrides roles.protected = ["g"]',
        ),
        (["--y-pred", "q"], "--y-pred q overrides roles.y_pred = p"),
        (["--exclude-group", "g=b"], "--exclude-group g=b overrides groups.exclude = "),
        (["--n-boot", "200"], "--n-boot 200 overrides policy.n_boot = 100"),
    ],
)
def test_a_flag_over_the_file_is_said_as_typed(csv, tmp_path, capsys, flags, note):
    config = tmp_path / "c.yaml"
    config.write_text(
        f"target: {{file: {csv}}}\nroles: {{y_true: y, y_pred: p, protected: [g]}}\n"
        "groups: {exclude: {g: [a]}}\npolicy: {n_boot: 100, min_group_size: 10}\n"
    )
    main(["audit", "--config", str(config), *flags, "--json", str(tmp_path / "r.json")])
    err = capsys.readouterr().err
    notes = [line for line in err.splitlines() if line.startswith("note: ")]
    assert any(line.startswith(f"note: {note}") for line in notes), err
    assert not any('["' in line.split(" overrides ")[0] for line in notes), notes
