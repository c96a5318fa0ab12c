"""Round 45 holdout (UCI adult.test: labels ' >50K.' / ' <=50K.', a space before each, a dot
after): the refusal told the command line's user "--pos-label  >50K. on the command line",
which a shell reads as a redirection into a file named '50K.' (and drops the space); now the
value is shell-quoted, "--pos-label ' >50K.'", as every fix that names a value on the command
line (errors.Example). The web form, which reads that spelling, still names its field."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

ROWS = 40
SEX = np.array(["Male", "Female"] * (ROWS // 2))


def _labels(pos: str, neg: str) -> list[str]:
    return [pos if i % 3 == 0 else neg for i in range(ROWS)]


def test_two_labels_needing_quotes_are_declared_shell_quoted():
    y = _labels(" >50K.", " <=50K.")
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(y, y, {"sex": SEX}, n_boot=10)
    assert "--pos-label ' >50K.' on the command line, pos_label=' >50K.' in Python" in str(
        err.value
    )
    assert "--pos-label  >50K." not in str(err.value)


def test_a_pos_label_written_otherwise_is_given_shell_quoted():
    y = _labels(" >50K.", " <=50K.")
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(y, y, {"sex": SEX}, pos_label=">50K.", n_boot=10)
    assert "(--pos-label ' >50K.' on the command line, pos_label=' >50K.' in Python)" in str(
        err.value
    )


def test_a_label_with_a_leading_dash_is_given_after_an_equals_sign():
    from ethiclens._checks import pos_label_said

    assert pos_label_said("-1").startswith("--pos-label=-1 on the command line")
    assert pos_label_said("yes") == "--pos-label yes on the command line, pos_label='yes' in Python"


def test_the_web_form_reads_the_quoted_value_as_its_field_holds_it():
    from ethiclens.web._roles import in_form_words

    def fix(flag: str) -> str:
        said = (
            f"recode it, or declare the positive label: {flag} on the command line, p=1 in Python"
        )
        return in_form_words({"problem": "p", "column": "y", "fix": said})["fix"]

    assert fix("--pos-label '>50K.'").endswith("type >50K. in the field Positive label value")
    assert fix("--pos-label=-1").endswith("type -1 in the field Positive label value")
    assert "cannot hold ' >50K.'" in fix("--pos-label ' >50K.'")
