"""A bad choice in a sweep grid was told as a Python list ("choose from ['paper', 'quick']",
"choose from ['race']", "choose from ('prv', 'rdp', 'gdp')"), where every other choice says
_checks.choice_error's one line: "unknown preset: must be one of paper, quick (value: ...).
Fix: did you mean ...? use one of paper, quick"."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import preset


@pytest.mark.parametrize(
    ("name", "overrides", "said"),
    [
        ("papr", {}, "argument 'name': unknown preset: must be one of paper, quick"),
        ("quick", {"datasets": ["compas"], "attributes": {"compas": ["rac"]}}, "compas: must be"),
        ("quick", {"train": {"accountant": "RDP"}}, "unknown accountant: must be one of "),
    ],
)
def test_a_grid_choice_is_told_in_the_one_wording(name, overrides, said):
    with pytest.raises(EthicLensInputError) as info:
        preset(name, **overrides)
    text = str(info.value)
    assert said in text and "Fix: did you mean " in text and "use one of " in text
    assert "[" not in text and "choose from" not in text, text
