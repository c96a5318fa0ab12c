"""Round 13: a monitor --config file is checked on its own before flags apply (as the audit's
is), and a late row's refusal no longer advises moving it to the next window's file (a row
belongs to the window of its own time, wherever it is written)."""

import pandas as pd

from .conftest import FLAGS
from .conftest import run_cli as _cli


def test_a_bad_config_value_is_refused_under_a_flag(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(3))
    config = tmp_path / "mon.yaml"
    config.write_text("policy: {di_threshold: 7}\n", encoding="utf-8")
    rc, out, err = _cli(
        capsys, "monitor", data, *FLAGS, "--protected", "race=White", "--config", config,
        "--di-threshold", "0.8", "--store", tmp_path / "s.sqlite",
    )  # fmt: skip
    assert rc == 2 and "policy.di_threshold" in err, err
    assert not (tmp_path / "s.sqlite").exists()


def test_a_late_rows_fix_does_not_send_them_to_the_next_window(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(6))
    store = tmp_path / "s.sqlite"
    args = ("monitor", data, *FLAGS, "--protected", "race=White", "--store", store)
    assert _cli(capsys, *args)[0] == 0
    late = pd.read_csv(data / "day002.csv").head(3)
    late.to_csv(data / "day005b.csv", index=False)  # day 2's rows in a later file
    rc, out, err = _cli(capsys, *args)
    assert rc == 2 and "late or changed rows" in err, err
    assert "next window" not in err and "window of its own time" in err
