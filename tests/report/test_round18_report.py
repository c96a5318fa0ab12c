"""Round 18: a merge of a group whose name holds a comma reads unambiguously in the report."""

import numpy as np

import ethiclens
from ethiclens.report import render_model_card, terminal_summary


def test_a_merged_name_with_a_comma_is_quoted():
    rng = np.random.default_rng(1)
    n = 3000
    groups = rng.choice(["Black, non-Hispanic", "Other", "Caucasian"], n)
    result = ethiclens.audit(
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        {"race": groups},
        reference={"race": "Caucasian"},
        merge_groups={"race": {"NW": ["Black, non-Hispanic", "Other"]}},
        n_boot=100,
        random_state=0,
    )
    said = 'race: merged "Black, non-Hispanic", Other into NW'
    assert said in render_model_card(result)
    assert any(said in line for line in terminal_summary(result) if isinstance(line, str))
