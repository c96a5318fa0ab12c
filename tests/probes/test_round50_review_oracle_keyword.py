"""Review of 0d1329a6 (a sibling it left: run_oracle and oracle_disparate_impacts take
**injected, so the export wrapper passes them by): run_oracle(n_bot=1) was refused
"argument 'n_bot': is not a keyword of run_oracle or inject_bias ... use one of
disparate_impact, ..." (a plain EthicLensInputError, no near miss of its own n_boot), where
every other function says an unknown keyword in Python's words with the closest it takes."""

import pytest

from ethiclens.probes import oracle_disparate_impacts, run_oracle


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (
            lambda: run_oracle(n_bot=1),
            "run_oracle() got an unexpected keyword argument 'n_bot'; did you mean 'n_boot'?",
        ),
        (lambda: run_oracle(sepration=0.3), "did you mean 'separation'?"),
        (
            lambda: oracle_disparate_impacts([0.6], disparate_impact=0.1),
            "oracle_disparate_impacts() got an unexpected keyword argument 'disparate_impact'; "
            "did you mean 'values'?",
        ),
        (lambda: oracle_disparate_impacts([0.6], zzz=1), "Fix: use one of values, column, eo_gap"),
    ],
)
def test_unknown_keyword_in_python_words(call, said):
    with pytest.raises(TypeError) as caught:  # an UnknownKeywordError
        call()
    assert said in str(caught.value)
