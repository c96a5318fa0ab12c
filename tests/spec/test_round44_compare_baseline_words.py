"""Round 44 (lead, from the gates hunt): ``ethiclens compare ... --baseline b.json`` was refused
with the fix "drop it (fail_on gates model B)", Python's keyword on the command line. The fix
now names the gate's fail-on level in words every face reads."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec
from ethiclens.spec._unused import check_used


def test_a_comparisons_baseline_fix_names_no_faces_keyword():
    spec = AuditSpec.from_dict(
        {"roles": {"y_pred": ["p", "q"], "protected": ["g"]}, "gate": {"baseline": "b.json"}}
    )
    with pytest.raises(EthicLensInputError, match="gates model B against model A") as caught:
        check_used(spec, "compare")
    assert caught.value.column == "gate.baseline"
    assert "fail_on" not in caught.value.fix and "fail-on level" in caught.value.fix
