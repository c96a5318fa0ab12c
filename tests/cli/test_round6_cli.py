"""Tester round 6 on the CLI: an option given twice is said (the last counts) and a second
--config refused; a bad choice is worded as the spec words it for a config file."""

from __future__ import annotations

import pytest

from ethiclens.cli import main


def test_a_second_config_is_refused_before_anything_runs(tmp_path, capsys):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("target: {dataset: compas}\n")
    b.write_text("target: {dataset: german}\n")
    assert main(["audit", "--config", str(a), f"--config={b}", "--json", "-"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert "option '--config': is given twice" in out.err and "give one spec file" in out.err


def test_an_option_given_twice_is_said_and_the_last_counts(capsys):
    # a shell alias may set a default the command line overrides: allowed, but said
    assert main(["audit", "compas", "--n-boot", "200", "--n-boot", "50"]) == 2
    err = capsys.readouterr().err
    assert "note: --n-boot is given twice ('200', then '50'): the last one counts" in err
    assert "option '--n-boot': too few draws" in err  # 50 was used


def test_a_value_that_looks_like_an_option_is_not_counted_as_one(capsys):
    main(["audit", "compas", "--query", "--n-boot", "--n-boot", "200"])
    assert "given twice" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flag", "key", "value"),
    [("--fail-on", "gate.fail_on", "always"), ("--ci", "policy.ci", "bootstrap")],
)
def test_a_bad_choice_reads_the_same_from_a_flag_and_a_file(tmp_path, capsys, flag, key, value):
    section, name = key.split(".")
    config = tmp_path / "c.yaml"
    config.write_text(f"target: {{dataset: compas}}\n{section}: {{{name}: {value}}}\n")
    assert main(["audit", "compas", flag, value]) == 2
    by_flag = capsys.readouterr().err.split(": ", 2)[2]
    assert main(["audit", "--config", str(config)]) == 2
    by_file = capsys.readouterr().err.split(": ", 2)[2]
    assert by_flag == by_file.replace(f"{config}: ", "")  # the file face also names the file


def test_group_edits_name_a_counts_tables_attribute_that_holds_an_equals_sign(tmp_path, capsys):
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(0)
    n = 600
    rows = pd.DataFrame(
        {"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "a=b": rng.choice(list("xyz"), n)}
    )
    rows.to_csv(tmp_path / "rows.csv", index=False)
    counts = tmp_path / "counts.csv"
    flags = ["--y-true", "y", "--y-pred", "p", "--protected", "a=b", "--out", str(counts)]
    assert main(["counts", str(tmp_path / "rows.csv"), *flags]) == 0
    for edit, said in [
        (["--merge-groups", "a=b=x,y:xy"], "a=b: merged x, y into xy"),
        (["--exclude-group", "a=b=z"], "a=b: excluded z"),
    ]:
        capsys.readouterr()
        assert main(["audit", "--counts", str(counts), "--n-boot", "200", *edit]) == 0
        assert said in capsys.readouterr().out
