"""Round 46 (holdout data): Adult's labels typed unquoted in a hand-written YAML config
('pos_label: >50K.') are no value to YAML: '>' (and '|') start a block of text. The refusal
was PyYAML's 'expected chomping or indentation indicators, but found '0' ... (while scanning a
block scalar)' with the fix 'check it is the YAML or JSON spec', which names no cure. The fix
now says to quote that value and shows the line quoted, in a flow mapping too; other YAML
errors keep their fix."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_config_file


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("roles:\n  y_true: income\n  pos_label: >50K.\n", "pos_label: '>50K.'"),
        ("roles:\n  pos_label: >50K  # the positive\n", "pos_label: '>50K'"),
        ("roles: {y_true: income, pos_label: >50K}\n", "'>50K'"),
        ("roles:\n  pos_label: |x\n", "pos_label: '|x'"),
    ],
)
def test_an_unquoted_value_starting_with_a_block_sign_is_told_to_quote_it(tmp_path, text, shown):
    path = tmp_path / "audit.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EthicLensInputError) as err:
        read_config_file(path, "--config")
    fix = err.value.fix
    assert fix.startswith("quote the value that starts with ")
    assert fix.endswith(shown)


def test_another_yaml_error_keeps_its_fix(tmp_path):
    path = tmp_path / "audit.yaml"
    path.write_text("roles: {y_true: income\n", encoding="utf-8")
    with pytest.raises(EthicLensInputError) as err:
        read_config_file(path, "--config")
    assert err.value.fix.startswith("check it is the")
