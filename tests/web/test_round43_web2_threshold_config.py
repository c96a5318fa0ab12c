"""Round 43 (web2): a threshold view's config file left out the threshold it marked when it was
0.5 (a minimal dict drops a default), though the result page and docs/web.md say the config
records it (``thresholds.threshold``); at 0.7 it was written. Now it is always written (an
audit's config is unchanged). Measured through the pages: the view's config at 0.5 then gives
the web's JSON with ``ethiclens thresholds --config`` (a 5 s run, not repeated here)."""

from __future__ import annotations

import pytest

from ethiclens.spec import AuditSpec
from ethiclens.web._portable import _portable_data

ROLES = {"y_true": "label", "y_pred": ["pred"], "y_score": "score", "protected": ["group"]}


@pytest.mark.parametrize("threshold", [None, 0.5, 0.7])
def test_a_threshold_views_config_records_its_threshold(threshold):
    data = {"target": {"file": "preds.csv"}, "roles": ROLES, "policy": {"n_boot": 100}}
    if threshold is not None:
        data["thresholds"] = {"threshold": threshold}
    spec = AuditSpec.from_dict(data)
    written = _portable_data(spec, "thresholds")
    assert written["thresholds"] == {"threshold": threshold or 0.5}
    assert AuditSpec.from_dict(written) == spec  # the same request, read back
    assert "thresholds" not in _portable_data(
        AuditSpec.from_dict({**data, "thresholds": {}}), "audit"
    )
