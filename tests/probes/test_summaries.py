"""The probes' terminal views and the model entry-point loader."""

import pandas as pd
import pytest
from rich.table import Table

from ethiclens import EthicLensInputError
from ethiclens.probes import (
    analyze_counterfactuals,
    load_entry_point,
    make_counterfactuals,
    run_oracle,
)


def test_counterfactual_summary_is_intro_table_notes():
    frame = make_counterfactuals(pd.DataFrame({"g": ["A", "B"] * 50, "x": range(100)}), "g")
    result = analyze_counterfactuals(frame, (frame["g"] == "A").astype(int), n_boot=100)
    intro, table, method, *notes = result.summary("probe of [bold]x")
    assert intro == r"probe of \[bold]x" and isinstance(table, Table)
    assert method.startswith("95% intervals: flip rate jeffreys (exact Beta")
    assert len(notes) == len(result.notes) and notes[-1].startswith("note: This probe")
    assert result.pairs[0].cells()[1].startswith("1.0000")


def test_run_oracle_takes_inject_bias_keywords():
    with pytest.warns(UserWarning):
        res = run_oracle(200, repetitions=2, n_boot=100, methods=("jeffreys",))
    assert res.truth["disparate_impact"] == pytest.approx(0.6)
    table, *lines = res.summary(0.6, 100)
    assert isinstance(table, Table) and lines[0].startswith(
        "flag fired (jeffreys, truth DI 0.6 outside the policy band [0.80, 1.25])"
    )
    # a misspelt keyword is refused before any run (and before the few-repetitions warning)
    with pytest.raises(EthicLensInputError, match="did you mean 'separation'"):
        run_oracle(200, repetitions=2, n_boot=100, separaton=0.2)


def test_load_entry_point_errors_name_the_flag(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.py").write_text(
        "def load():\n    return 42\ndef bad():\n    raise OSError('x')\n"
    )
    assert load_entry_point("mine:load") == 42
    for spec, needle in (
        ("mine", "expected module:function"),
        ("nope_module_xyz:load", "cannot import"),
        ("mine:other", "has no function other"),
        ("mine:bad", "raised OSError: x"),
    ):
        with pytest.raises(EthicLensInputError, match=needle):
            load_entry_point(spec)


def test_probing_a_benchmark_or_a_model_is_library_not_cli():
    # ethiclens probe counterfactual only parses: the same result from Python
    from ethiclens.errors import EthicLensInputError
    from ethiclens.probes import probe_benchmark, probe_model

    result, intro = probe_benchmark("compas", attribute="sex", n_boot=100, seed=1)
    assert "compas's standard logistic regression" in intro and "favourable prediction = 0" in intro
    assert result.to_dict()["pairs"]
    with pytest.raises(EthicLensInputError, match="not a protected attribute of compas"):
        probe_benchmark("compas", attribute="age")
    with pytest.raises(EthicLensInputError, match="--data.: is needed with --model"):
        probe_model("mypkg:load", None, "sex")
