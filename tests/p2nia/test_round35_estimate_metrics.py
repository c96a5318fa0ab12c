"""Round 35 (P2NIA): ``estimate(metrics=np.array(["dp"]))`` (or a Series, ``df.metric.unique()``)
was refused as "metrics must be a non-empty list" while ``make_request`` and
``blackbox_audit`` take the same array; now it is the list of its values."""

import json
import warnings

import numpy as np
import pandas as pd
import pyarrow as pa

from ethiclens.p2nia import estimate, make_request, release

from .conftest import audit_frame


def test_an_array_of_metrics_is_its_list():
    req = make_request(300, "sex", protected_domain=["F", "M"], epsilon=3, metrics="dp,eo")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, audit_frame(500, 0), "y", "pred", random_state=0)
    listed = estimate(rel, n_boot=0, metrics=["eo"]).to_dict()
    for metrics in (np.array(["eo"]), pd.Series(["eo"]), pa.array(["eo"])):
        got = estimate(rel, n_boot=0, metrics=metrics).to_dict()
        assert json.dumps(got["metrics"]) == json.dumps(listed["metrics"])
        assert got["config"]["metrics"] == ["eo"]
