"""Round 47 (p2nia hunter's found item 1): 'p2nia experiment --models " "' (blank text) was
refused as 'empty item in a comma-separated list' while '--models ""' got 'needs one or more
values', and '--epsilons " "' was refused while '--epsilons ""' is the empty ε sweep: blank
list text now reads as the empty list '' does on every list flag (as c8db548a made
'p2nia request --groups')."""

import pytest

from ethiclens.cli import main
from ethiclens.experiments import ExperimentConfig


@pytest.mark.parametrize("flag", ["--models", "--mechanisms", "--sizes"])
def test_a_blank_list_gets_the_empty_lists_refusal(tmp_path, capsys, flag):
    said = []
    for text in ("", " ", "\t "):
        out = tmp_path / f"out{len(said)}"
        assert main(["p2nia", "experiment", flag, text, "--out", str(out)]) == 2
        said.append(capsys.readouterr().err)
        assert not out.exists()
    assert "needs one or more values" in said[0] and "empty item" not in said[1], said
    assert said[1:] == said[:1] * 2, said


@pytest.mark.parametrize("key", ["epsilons", "metric_epsilons"])
def test_a_blank_epsilon_list_is_the_empty_one(key):
    grid = dict(models="rf", mechanisms="grr", repetitions=1, sizes="250")
    for text in ("", " "):
        cfg = ExperimentConfig.from_options("adult", **{**grid, key: text})
        assert getattr(cfg, key) == ()
