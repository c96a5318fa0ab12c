"""Round 42: ``ci`` given as a Python keyword in a list or a mapping (``ci=['bca']``) was
refused as argument 'ci' but fixed in a config file's words ("write policy.ci as one word
(ci: bca) ... policy.confidence_level"). The fix now speaks the keyword face (ci='bca',
confidence_level=), as audit() says it; a spec's own policy.ci keeps its key's words."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

ROLES = {"y_true": "y", "y_pred": "p", "protected": ["g"]}
PYTHON = "write ci as one word (ci='bca'): use one of"
CONFIG = "write policy.ci as one word (ci: bca): use one of"


@pytest.fixture
def rows(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n1,0,a\n0,1,b\n")
    return str(path)


@pytest.mark.parametrize("ci", [["bca"], ("bca",), {"method": "bca"}])
def test_a_keywords_ci_is_fixed_in_python_words(rows, ci):
    calls = (
        lambda: ethiclens.run({"target": {"file": rows}, "roles": ROLES}, ci=ci),
        lambda: AuditSpec.of(rows, **ROLES, ci=ci),
        lambda: ethiclens.audit(rows, **ROLES, ci=ci),
    )
    for call in calls:
        with pytest.raises(EthicLensInputError) as caught:
            call()
        said = str(caught.value)
        assert said.startswith("argument 'ci': ") and PYTHON in said, said
        assert "policy." not in said and said.endswith("confidence_level="), said


def test_a_specs_own_ci_keeps_its_keys_words(rows):
    spec = {"target": {"file": rows}, "roles": ROLES, "policy": {"ci": ["bca"]}}
    for call in (lambda: AuditSpec.from_dict(spec), lambda: ethiclens.run(spec, seed=3)):
        with pytest.raises(EthicLensInputError) as caught:
            call()
        said = str(caught.value)
        assert said.startswith("key 'policy.ci': ") and CONFIG in said, said
        assert said.endswith("policy.confidence_level"), said
