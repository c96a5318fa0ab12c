"""Round 16: a comparison's refused interval method lists jeffreys and percentile, naming
bootstrap as percentile's older spelling (the help's words), not as a third method."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, check_request


def test_compare_ci_refusal_names_bootstrap_as_an_alias():
    spec = AuditSpec.of("d.csv", y_pred=["a", "b"], protected=["g"], ci="bca")
    with pytest.raises(EthicLensInputError) as err:
        check_request(spec, "compare")
    assert (
        err.value.fix == "use one of jeffreys, percentile (bootstrap: an older spelling of "
        "percentile)"
    )
