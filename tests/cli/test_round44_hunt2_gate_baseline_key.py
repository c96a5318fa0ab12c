"""Round 44 (second-wave hunt): a baseline a config file gave (gate.baseline) was named as the
flag '--baseline FILE' the user never typed, in the failing line and in the passed line, where
the file's gate.fail_on is named by its key ('gate.fail_on = flagged from c.yaml'). Each is
now named as the face gave it: the file's key, or the flag that overrode it."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.cli import main


def _write(path, unfair: bool) -> None:
    rng = np.random.default_rng(1)
    n = 800
    frame = pd.DataFrame({"y": rng.integers(0, 2, n), "g": rng.choice(["a", "b"], n)})
    rate = np.where((frame["g"] == "b") & unfair, 0.15, 0.5)
    frame["p"] = (rng.random(n) < rate).astype(int)
    frame.to_csv(path, index=False)


def _config(tmp_path, capsys, data: str, fail_on: str = "never") -> str:
    _write(tmp_path / "good.csv", False)
    _write(tmp_path / "bad.csv", True)
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g=a", "--n-boot", "100"]
    base = str(tmp_path / "b.json")
    assert main(["audit", str(tmp_path / "good.csv"), *roles, "--json", base]) == 0
    config = tmp_path / "c.yaml"
    config.write_text(
        f"version: 1\ntarget: {{file: {tmp_path / data}}}\n"
        "roles: {y_true: y, y_pred: p, protected: [g=a]}\npolicy: {n_boot: 100}\n"
        f"gate: {{baseline: {base}, fail_on: {fail_on}}}\n"
    )
    capsys.readouterr()
    return str(config)


def test_a_failed_baseline_from_the_file_is_named_by_its_key(tmp_path, capsys):
    config = _config(tmp_path, capsys, "bad.csv", "flagged")
    assert main(["audit", "--config", config]) == 1
    err = capsys.readouterr().err
    base = tmp_path / "b.json"
    assert f"gate.baseline = {base} from {config}: worse than the baseline" in err
    assert f"gate.fail_on = flagged from {config}: 1 comparison" in err
    assert "--baseline" not in err


def test_a_flag_that_overrode_the_key_is_named_as_the_flag(tmp_path, capsys):
    config = _config(tmp_path, capsys, "bad.csv")
    base = tmp_path / "b.json"
    assert main(["audit", "--config", config, "--baseline", str(base)]) == 1
    err = capsys.readouterr().err
    assert f"--baseline {base}: worse than the baseline" in err


def test_a_passed_baseline_from_the_file_is_named_by_its_key(tmp_path, capsys):
    config = _config(tmp_path, capsys, "good.csv")
    assert main(["audit", "--config", config]) == 0
    err = capsys.readouterr().err
    assert f"gate passed: gate.baseline = {tmp_path / 'b.json'} from {config}: no verdict" in err
